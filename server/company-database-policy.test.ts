import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "~/i18n/translate";
import { isBuilt } from "~/routing/catalogue";
import { href } from "~/routing/paths";
import { signIn, sqlOnServer, startServer, type TestServer } from "../tests/support/server";

/**
 * The admin company database (decision 026) over HTTP on the demo data and the production build:
 * the page and its restore action × anonymous, an Organisation user, a Multiplikator and an
 * admin. Only the admin sees the page and restores; a refused restore changes nothing. The domain
 * tests (app/server/companies/delete-company.test.ts) check the lifecycle itself.
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
});
