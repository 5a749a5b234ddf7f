import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "~/i18n/translate";
import { isBuilt } from "~/routing/catalogue";
import { href } from "~/routing/paths";
import { signIn, sqlOnServer, startServer, type TestServer } from "../tests/support/server";

/**
 * The admin accounts page (decision 033) and the admin home over HTTP, on the demo data and the
 * production build: the page, its four actions and its two downloads × anonymous, an Organisation
 * user, a Multiplikator and an admin. Only the admin sees and changes accounts; a refused request
 * changes nothing (checked through the admin's own download of the account, which reads the
 * database). A deactivated account's live session ends with its next request. The domain tests
 * (app/server/admin/accounts.test.ts) check the rules one by one, the last-admin race included.
 */
type Viewer = "anonymous" | "organisation" | "multiplikator" | "admin";
const VIEWERS: Viewer[] = ["anonymous", "organisation", "multiplikator", "admin"];
const EMAIL: Record<Exclude<Viewer, "anonymous">, string> = {
  organisation: "firma.de@partnernet.example",
  multiplikator: "multiplikator@partnernet.example",
  admin: "admin@partnernet.example",
};
// The victim signs in again right after its refused attempt: no resend pause here.
const ENV = { RATE_LIMIT_PER_IP_PER_HOUR: "100000", LOGIN_CODE_RESEND_SECONDS: "0" };
/** Accounts this file changes: one linked to a company, one without, one that is signed in. */
const LINKED = "accounts.policy.linked@example.com";
const LONER = "accounts.policy.loner@example.com";
const VICTIM = "accounts.policy.victim@example.com";

let server: TestServer;
const cookies: Partial<Record<Viewer, string>> = {};
let victimCookie = "";
const ids: Record<string, string> = {};

const de = (pageId: string) => encodeURI(href(pageId, "de"));
const headersOf = (viewer: Viewer): Record<string, string> => ({ Origin: server.url, ...(cookies[viewer] ? { Cookie: cookies[viewer]! } : {}) });
const get = (viewer: Viewer, path: string) => fetch(server.url + path, { headers: headersOf(viewer), redirect: "manual" });
function post(viewer: Viewer, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return fetch(server.url + de("adminUsers"), { method: "POST", headers: headersOf(viewer), body, redirect: "manual" });
}
const text = (key: Parameters<typeof translate>[1], values?: Parameters<typeof translate>[2]) => translate("de", key, values);

/** The account's CSV row as the admin downloads it: [name, email, role, active, verified, language, created, companies]. */
async function csvRow(email: string): Promise<string[] | undefined> {
  const response = await get("admin", `${de("adminUsersCsv")}?q=${encodeURIComponent(email)}`);
  expect(response.status).toBe(200);
  const lines = (await response.text()).replace(/^\uFEFF/, "").split("\r\n").filter(Boolean);
  const row = lines.slice(1).find((l) => l.includes(`"${email}"`));
  return row?.split(";").map((cell) => cell.replace(/^"|"$/g, ""));
}

function expectSentAway(viewer: Viewer, response: Response, where: string) {
  expect(response.status, where).toBe(302);
  const location = decodeURI(response.headers.get("location") ?? "");
  if (viewer === "anonymous") expect(location, where).toMatch(/^\/(de\/anmelden|cs\/prihlaseni)\?redirectTo=/);
  else expect(location, where).toMatch(/^\/(de|cs)$/);
}

beforeAll(async () => {
  server = await startServer(ENV);
  // One statement: on PGlite each one restarts the server.
  const result = await sqlOnServer<{ id: string; email: string }>(
    server,
    ENV,
    `WITH u AS (INSERT INTO users (email, name, role, verified) VALUES ($1, 'Policy Verknüpft', 'Organisation', true),
                  ($2, 'Policy Allein', 'Organisation', true), ($3, 'Policy Opfer', 'Organisation', true) RETURNING id, email),
          l AS (INSERT INTO company_user_links (user_id, company_id, status, decided_at)
                SELECT u.id, (SELECT id FROM companies WHERE status = 'VERIFIED' AND deleted_at IS NULL ORDER BY name LIMIT 1), 'CONFIRMED', now()
                  FROM u WHERE u.email = $1 RETURNING user_id)
     SELECT u.id, u.email FROM u, (SELECT count(*) FROM l) AS linked`,
    [LINKED, LONER, VICTIM],
  );
  server = result.server;
  for (const row of result.rows) ids[row.email] = row.id;
  for (const viewer of VIEWERS) if (viewer !== "anonymous") cookies[viewer] = await signIn(server, EMAIL[viewer]);
  victimCookie = await signIn(server, VICTIM);
}, 240_000);

afterAll(async () => {
  await server?.close();
});

describe("the admin accounts page over HTTP (decision 033)", () => {
  it("the page and both downloads are built and admin-only, in both languages; the admin home is for admins and Multiplikators", async () => {
    for (const id of ["adminUsers", "adminUsersCsv", "adminUsersXlsx"]) expect(isBuilt(id), id).toBe(true);
    for (const viewer of VIEWERS) {
      for (const locale of ["de", "cs"] as const) {
        for (const id of ["adminUsers", "adminUsersCsv", "adminUsersXlsx", "admin"]) {
          const response = await get(viewer, encodeURI(href(id, locale)));
          const where = `${viewer} GET ${id} ${locale}`;
          if (viewer === "admin" || (viewer === "multiplikator" && id === "admin")) expect(response.status, where).toBe(200);
          else expectSentAway(viewer, response, where);
          await response.body?.cancel();
        }
      }
    }
  }, 120_000);

  it("the admin home shows each role its counts, linked to their lists", async () => {
    const admin = await (await get("admin", de("admin"))).text();
    for (const testId of ["count-company-approvals", "count-link-requests", "count-role-requests", "count-challenges"]) expect(admin, testId).toContain(`data-testid="${testId}"`);
    expect(admin).toContain(`href="${de("adminApprovals")}"`);
    expect(admin).toContain(`href="${de("adminUsers")}"`);
    // The downloads are files, not pages to link to.
    expect(admin).not.toContain(de("adminUsersCsv"));
    const multi = await (await get("multiplikator", de("admin"))).text();
    for (const testId of ["count-upcoming-events", "count-waiting-registrations", "count-news"]) expect(multi, testId).toContain(`data-testid="${testId}"`);
    expect(multi).not.toContain("count-company-approvals");
    expect(multi).not.toContain(`href="${de("adminUsers")}"`);
  }, 120_000);

  it("refuses every action to everyone but the admin, and nothing changes", async () => {
    const before = await Promise.all([LINKED, LONER, VICTIM].map(csvRow));
    const target = ids[LINKED]!;
    for (const viewer of ["anonymous", "organisation", "multiplikator"] as const) {
      const attempts: Array<Record<string, string>> = [{ intent: "role", id: target, role: "Admin" }, { intent: "deactivate", id: target }, { intent: "delete", id: target }, { intent: "activate", id: target }];
      for (const fields of attempts) {
        const response = await post(viewer, fields);
        expect([302, 403], `${viewer} ${fields.intent}`).toContain(response.status);
        await response.body?.cancel();
      }
    }
    expect(await Promise.all([LINKED, LONER, VICTIM].map(csvRow))).toEqual(before);
    expect(before[0]).toEqual(expect.arrayContaining(["Policy Verknüpft", LINKED, text("role.Organisation"), text("accountAdmin.yes")]));
  }, 120_000);

  it("the admin changes roles with the spec's notices and errors", async () => {
    const done = await post("admin", { intent: "role", id: ids[LINKED]!, role: "Multiplikator" });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(text("accountAdmin.done.role"));
    expect((await csvRow(LINKED))?.[2]).toBe(text("role.Multiplikator"));

    const loner = await post("admin", { intent: "role", id: ids[LONER]!, role: "Multiplikator" });
    expect(loner.status).toBe(409);
    expect(await loner.text()).toContain(text("error.MULTIPLIKATOR_NEEDS_COMPANY"));
    expect((await csvRow(LONER))?.[2]).toBe(text("role.Organisation"));

    const adminId = (await (await get("admin", `${de("adminUsers")}?q=${EMAIL.admin}`)).text()).match(/data-account-row="([0-9a-f-]{36})"/)?.[1];
    expect(adminId).toBeDefined();
    const self = await post("admin", { intent: "role", id: adminId!, role: "Organisation" });
    expect(self.status).toBe(403);
    expect(await self.text()).toContain(text("error.ADMIN_SELF_CHANGE"));

    const bad: Array<Record<string, string>> = [{ intent: "role", id: ids[LONER]!, role: "Superuser" }, { intent: "role", id: "keine-id", role: "Admin" }, { intent: "fly", id: ids[LONER]! }];
    for (const fields of bad) {
      const refused = await post("admin", fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      await refused.body?.cancel();
    }
    expect((await csvRow(LONER))?.[2]).toBe(text("role.Organisation"));
  }, 120_000);

  it("deactivation ends the account's live session at its next request; activation lets it sign in again", async () => {
    const account = () => fetch(server.url + de("account"), { headers: { Cookie: victimCookie }, redirect: "manual" });
    expect((await account()).status).toBe(200);
    const done = await post("admin", { intent: "deactivate", id: ids[VICTIM]! });
    expect(await done.text()).toContain(text("accountAdmin.done.deactivated"));
    const next = await account();
    expect(next.status).toBe(302);
    expect(decodeURI(next.headers.get("location") ?? "")).toContain("action=expired");
    expect((await csvRow(VICTIM))?.[3]).toBe(text("accountAdmin.no"));
    // Signing in is refused meanwhile (the code request mails a notice instead of a code).
    await expect(signIn(server, VICTIM)).rejects.toThrow();

    const again = await post("admin", { intent: "activate", id: ids[VICTIM]! });
    expect(await again.text()).toContain(text("accountAdmin.done.activated"));
    victimCookie = await signIn(server, VICTIM);
    expect((await account()).status).toBe(200);
  }, 120_000);

  it("downloads the filtered selection as CSV and XLSX", async () => {
    const csv = await get("admin", `${de("adminUsersCsv")}?q=accounts.policy&sort=name`);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toContain("accounts.csv");
    const lines = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n").filter(Boolean);
    expect(lines[0]).toBe(
      ["name", "email", "role", "active", "verified", "language", "created", "companies"].map((c) => `"${text(`accountAdmin.col.${c}` as Parameters<typeof text>[0])}"`).join(";"),
    );
    expect(lines).toHaveLength(4);

    const xlsx = await get("admin", `${encodeURI(href("adminUsersXlsx", "cs"))}?q=accounts.policy&role=Multiplikator`);
    expect(xlsx.headers.get("content-type")).toContain("spreadsheetml");
    expect(xlsx.headers.get("content-disposition")).toContain("uzivatele.xlsx");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await xlsx.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).getCell(1).value).toBe(translate("cs", "accountAdmin.col.name"));
    expect(sheet.getRow(2).getCell(2).value).toBe(LINKED);
    expect(sheet.getRow(2).getCell(3).value).toBe(translate("cs", "role.Multiplikator"));
    expect(String(sheet.getRow(2).getCell(8).value)).not.toBe("");
  }, 120_000);

  it("deletes an account after the dialog; its company profile stays", async () => {
    const companyBefore = await (await get("admin", `${de("adminUsers")}?q=${LINKED}`)).text();
    const companyHref = companyBefore.match(/href="(\/de\/firmen\/[0-9a-f-]{36})"/)?.[1];
    expect(companyHref).toBeDefined();
    const done = await post("admin", { intent: "delete", id: ids[LINKED]! });
    expect(await done.text()).toContain(text("accountAdmin.done.deleted"));
    expect(await csvRow(LINKED)).toBeUndefined();
    expect((await get("anonymous", companyHref!)).status).toBe(200);
  }, 120_000);
});
