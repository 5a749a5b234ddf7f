import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "~/i18n/translate";
import { isBuilt } from "~/routing/catalogue";
import { href } from "~/routing/paths";
import { signIn, sqlOnServer, startServer, type TestServer } from "../tests/support/server";

/**
 * The admin company database (decisions 026, 034) over HTTP on the demo data and the production
 * build: the page, its restore and bulk actions and its CSV/XLSX downloads × anonymous, an
 * Organisation user, a Multiplikator and an admin. Only the admin sees, acts and downloads; a
 * refused request changes nothing; above 3,000 companies the download is refused with the spec's
 * message. The domain tests (companies/delete-company.test.ts, company-database.test.ts) check
 * the rules themselves.
 */
type Viewer = "anonymous" | "organisation" | "multiplikator" | "admin";
const VIEWERS: Viewer[] = ["anonymous", "organisation", "multiplikator", "admin"];
const EMAIL: Record<Exclude<Viewer, "anonymous">, string> = {
  organisation: "firma.de@partnernet.example",
  multiplikator: "multiplikator@partnernet.example",
  admin: "admin@partnernet.example",
};
const ENV = { RATE_LIMIT_PER_IP_PER_HOUR: "100000" };

let server: TestServer;
const cookies: Partial<Record<Viewer, string>> = {};
let deleted = { id: "", name: "" };
let target = { id: "", name: "" };

async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
  const result = await sqlOnServer<T>(server, ENV, query, params);
  server = result.server;
  return result.rows;
}
const path = (locale: "de" | "cs") => encodeURI(href("adminCompanies", locale));
const headersOf = (viewer: Viewer): Record<string, string> => ({ Origin: server.url, ...(cookies[viewer] ? { Cookie: cookies[viewer]! } : {}) });
const get = (viewer: Viewer, url: string) => fetch(server.url + url, { headers: headersOf(viewer), redirect: "manual" });
function post(viewer: Viewer, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return fetch(server.url + path("de"), { method: "POST", headers: headersOf(viewer), body, redirect: "manual" });
}
const deletedAt = async () => (await sql<{ deleted_at: Date | null }>(`SELECT deleted_at FROM companies WHERE id = $1`, [deleted.id]))[0]?.deleted_at ?? null;

beforeAll(async () => {
  server = await startServer(ENV);
  // A demo company without events or news, deleted a day ago (as its member's delete leaves it).
  const [row] = await sql<{ id: string; name: string }>(
    `UPDATE companies SET deleted_at = now() - interval '1 day'
      WHERE id = (SELECT c.id FROM companies c WHERE c.status = 'VERIFIED'
                    AND NOT EXISTS (SELECT 1 FROM events e WHERE e.company_id = c.id)
                    AND NOT EXISTS (SELECT 1 FROM news n WHERE n.company_id = c.id)
                    AND NOT EXISTS (SELECT 1 FROM company_user_links l WHERE l.company_id = c.id)
                  ORDER BY c.name LIMIT 1)
      RETURNING id, name`,
  );
  deleted = row!;
  // Another demo company without members, events or news: the bulk actions' target.
  const [other] = await sql<{ id: string; name: string }>(
    `SELECT c.id, c.name FROM companies c WHERE c.status = 'VERIFIED' AND c.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM events e WHERE e.company_id = c.id)
        AND NOT EXISTS (SELECT 1 FROM news n WHERE n.company_id = c.id)
        AND NOT EXISTS (SELECT 1 FROM company_user_links l WHERE l.company_id = c.id)
      ORDER BY c.name DESC LIMIT 1`,
  );
  target = other!;
  for (const viewer of VIEWERS) if (viewer !== "anonymous") cookies[viewer] = await signIn(server, EMAIL[viewer]);
}, 240_000);

afterAll(async () => {
  await server?.close();
});

describe("the admin company database over HTTP (decision 026)", () => {
  it("is built and admin-only: anonymous to the login, other roles home", async () => {
    expect(isBuilt("adminCompanies")).toBe(true);
    for (const viewer of VIEWERS) {
      for (const locale of ["de", "cs"] as const) {
        const response = await get(viewer, path(locale));
        const where = `${viewer} GET ${locale}`;
        if (viewer === "admin") expect(response.status, where).toBe(200);
        else {
          expect(response.status, where).toBe(302);
          const location = decodeURI(response.headers.get("location") ?? "");
          if (viewer === "anonymous") expect(location, where).toMatch(locale === "de" ? /^\/de\/anmelden\?redirectTo=/ : /^\/cs\/prihlaseni\?redirectTo=/);
          else expect(location, where).toBe(`/${locale}`);
        }
      }
    }
  }, 120_000);

  it("lists the deleted profile under 'deleted' only, with its restore period", async () => {
    const list = await (await get("admin", `${path("de")}?state=DELETED&q=${encodeURIComponent(deleted.name)}`)).text();
    expect(list).toContain(`data-company-row="${deleted.id}"`);
    expect(list).toContain(translate("de", "companyAdmin.restore"));
    const all = await (await get("admin", `${path("de")}?q=${encodeURIComponent(deleted.name)}`)).text();
    expect(all).not.toContain(`data-company-row="${deleted.id}"`);
  }, 120_000);

  it("restores for the admin only; refused requests change nothing", async () => {
    for (const viewer of ["anonymous", "organisation", "multiplikator"] as const) {
      const response = await post(viewer, { intent: "restore", id: deleted.id });
      expect([302, 403], viewer).toContain(response.status);
    }
    const bad = await post("admin", { intent: "restore", id: "keine-id" });
    expect(await bad.text()).toContain(translate("de", "error.NOT_FOUND"));
    // One look at the database (on PGlite each one restarts the server): still deleted.
    expect(await deletedAt()).not.toBeNull();
    const done = await post("admin", { intent: "restore", id: deleted.id });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(translate("de", "companyAdmin.restored"));
    expect(await deletedAt()).toBeNull();
    expect((await get("anonymous", encodeURI(href("companyDetail", "de", { id: deleted.id })))).status).toBe(200);
  }, 120_000);

  it("runs bulk actions for the admin only; refused ones change nothing", async () => {
    for (const viewer of ["anonymous", "organisation", "multiplikator"] as const) {
      for (const action of ["verify", "deactivate", "delete", "restore"]) {
        const response = await post(viewer, { intent: "bulk", action, id: target.id });
        expect([302, 403], `${viewer} ${action}`).toContain(response.status);
      }
    }
    const none = await post("admin", { intent: "bulk", action: "delete" });
    expect(await none.text()).toContain(translate("de", "error.COMPANY_SELECTION_REQUIRED"));
    const [before] = await sql<{ status: string; deleted_at: Date | null }>(`SELECT status, deleted_at FROM companies WHERE id = $1`, [target.id]);
    expect(before).toEqual({ status: "VERIFIED", deleted_at: null });
    const done = await post("admin", { intent: "bulk", action: "deactivate", id: target.id });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(translate("de", "companyAdmin.bulk.done.deactivate", { count: 1 }));
    const again = await post("admin", { intent: "bulk", action: "verify", id: target.id });
    expect(await again.text()).toContain(translate("de", "companyAdmin.bulk.done.verify", { count: 1 }));
    const [after] = await sql<{ status: string; n: number }>(
      `SELECT status, (SELECT count(*)::int FROM audit_trail WHERE details->>'companyId' = $1::text AND details->>'part' IN ('verified', 'deactivated')) AS n FROM companies WHERE id = $1::uuid`,
      [target.id],
    );
    expect(after).toEqual({ status: "VERIFIED", n: 2 });
  }, 120_000);

  it("downloads the filtered selection as CSV and XLSX for the admin only, refused above 3,000", async () => {
    const files = (locale: "de" | "cs") => [encodeURI(href("adminCompaniesCsv", locale)), encodeURI(href("adminCompaniesXlsx", locale))];
    for (const viewer of VIEWERS) {
      for (const locale of ["de", "cs"] as const) {
        for (const file of files(locale)) {
          const response = await get(viewer, `${file}?q=${encodeURIComponent(target.name)}`);
          const where = `${viewer} ${file}`;
          if (viewer === "admin") {
            expect(response.status, where).toBe(200);
            expect(response.headers.get("content-disposition"), where).toContain(locale === "de" ? "firmen." : "firmy.");
            const body = Buffer.from(await response.arrayBuffer());
            if (file.endsWith(".csv")) expect(body.toString("utf8"), where).toContain(`"${target.name}"`);
            else expect(body.subarray(0, 2).toString(), where).toBe("PK");
          } else {
            expect(response.status, where).toBe(302);
            await response.arrayBuffer();
          }
        }
      }
    }
    // 3,001 cheap pending profiles: the selection of all is over the cap.
    await sql(`INSERT INTO companies (name, description_de, description_cs, website) SELECT 'Cap ' || i, '', '', '' FROM generate_series(1, 3001) AS i`);
    for (const locale of ["de", "cs"] as const) {
      const refused = await get("admin", `${files(locale)[1]}?q=Cap+`);
      expect(refused.status).toBe(422);
      expect(await refused.text()).toContain(translate(locale, "error.COMPANY_DOWNLOAD_TOO_MANY", { count: 3001, max: 3000 }));
    }
    const page = await (await get("admin", `${path("cs")}?q=Cap+`)).text();
    expect(page).toContain('data-testid="company-download-refused"');
  }, 240_000);
});
