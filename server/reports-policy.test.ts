import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "~/i18n/translate";
import { isBuilt, type PageId } from "~/routing/catalogue";
import { href } from "~/routing/paths";
import { signIn, startServer, type TestServer } from "../tests/support/server";

/**
 * The admin reports (decision 036) over HTTP on the demo data and the production build: the
 * audit-trail page and its CSV, the funder report and its PDF and CSV, each × anonymous, an
 * Organisation user, a Multiplikator and an admin, in both languages. Only the admin gets them
 * (they are reads: a refused request has nothing to change). The domain tests
 * (app/server/reports/*.test.ts) check the numbers and filters.
 */
type Viewer = "anonymous" | "organisation" | "multiplikator" | "admin";
const VIEWERS: Viewer[] = ["anonymous", "organisation", "multiplikator", "admin"];
const EMAIL: Record<Exclude<Viewer, "anonymous">, string> = {
  organisation: "firma.de@partnernet.example",
  multiplikator: "multiplikator@partnernet.example",
  admin: "admin@partnernet.example",
};
const ENV = { RATE_LIMIT_PER_IP_PER_HOUR: "100000" };
const PAGES: Array<{ id: PageId; type: string | null }> = [
  { id: "adminAuditTrail", type: "text/html" },
  { id: "adminAuditTrailCsv", type: "text/csv" },
  { id: "adminFunderReport", type: "text/html" },
  { id: "adminFunderReportPdf", type: "application/pdf" },
  { id: "adminFunderReportCsv", type: "text/csv" },
];

let server: TestServer;
const cookies: Partial<Record<Viewer, string>> = {};

const get = (viewer: Viewer, url: string) => fetch(server.url + url, { headers: cookies[viewer] ? { Cookie: cookies[viewer]! } : {}, redirect: "manual" });

beforeAll(async () => {
  server = await startServer(ENV);
  for (const viewer of VIEWERS) if (viewer !== "anonymous") cookies[viewer] = await signIn(server, EMAIL[viewer]);
}, 240_000);

afterAll(async () => {
  await server?.close();
});

describe("the admin reports over HTTP (decision 036)", () => {
  it("each page and download: anonymous to the login, other roles home, the admin gets it", async () => {
    for (const { id, type } of PAGES) {
      expect(isBuilt(id), id).toBe(true);
      for (const locale of ["de", "cs"] as const) {
        for (const viewer of VIEWERS) {
          const response = await get(viewer, encodeURI(href(id, locale)));
          const where = `${viewer} ${id} ${locale}`;
          if (viewer === "admin") {
            expect(response.status, where).toBe(200);
            expect(response.headers.get("content-type"), where).toContain(type);
            if (type === "application/pdf") expect(Buffer.from(await response.arrayBuffer()).subarray(0, 5).toString("latin1"), where).toBe("%PDF-");
            else await response.arrayBuffer();
            continue;
          }
          expect(response.status, where).toBe(302);
          const location = decodeURI(response.headers.get("location") ?? "");
          if (viewer === "anonymous") expect(location, where).toMatch(locale === "de" ? /^\/de\/anmelden\?redirectTo=/ : /^\/cs\/prihlaseni\?redirectTo=/);
          else expect(location, where).toBe(`/${locale}`);
          await response.arrayBuffer();
        }
      }
    }
  }, 180_000);

  it("the audit trail shows the sign-ins just made, filtered by action and person, on the page and in the CSV", async () => {
    const query = `?action=LOGIN&person=${encodeURIComponent("multiplikator@partnernet")}`;
    const page = await (await get("admin", encodeURI(href("adminAuditTrail", "cs")) + query)).text();
    expect(page).toContain('data-action="LOGIN"');
    expect(page).toContain(EMAIL.multiplikator);
    expect(page).not.toContain(EMAIL.organisation);
    const csv = await (await get("admin", encodeURI(href("adminAuditTrailCsv", "de")) + query)).text();
    expect(csv).toContain(translate("de", "auditTrail.action.LOGIN"));
    expect(csv).toContain(EMAIL.multiplikator);
    expect(csv).not.toContain(EMAIL.admin);
  });

  it("a download for a date that cannot be read is refused with the translated message", async () => {
    for (const id of ["adminAuditTrailCsv", "adminFunderReportPdf", "adminFunderReportCsv"] as const) {
      const response = await get("admin", `${encodeURI(href(id, "cs"))}?from=31.2.2025`);
      expect(response.status, id).toBe(400);
      expect(await response.text(), id).toContain(translate("cs", "error.DATE_INVALID"));
    }
    // The page says so at the field and shows the default period.
    const page = await (await get("admin", `${encodeURI(href("adminFunderReport", "de"))}?from=31.2.2025`)).text();
    expect(page).toContain(translate("de", "error.DATE_INVALID"));
  });
});
