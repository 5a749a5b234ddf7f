import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isBuilt } from "~/routing/catalogue";
import { href } from "~/routing/paths";
import { type FakeTranslator, startFakeLibreTranslate } from "../tests/support/fake-translators";
import { signIn, sqlOnServer, startServer, type TestServer } from "../tests/support/server";

/**
 * Machine translation over HTTP (decision 041), on the demo data and the production build, with
 * a LibreTranslate-speaking server the test starts: who may ask for a company's translation
 * (anonymous no, another company's editor no, the company's editor and admins yes), who sees a
 * job's state (its requester), and the admin list (admins only).
 */
type Viewer = "anonymous" | "organisation" | "otherCompany" | "multiplikator" | "admin";
const EMAIL: Record<Exclude<Viewer, "anonymous">, string> = {
  organisation: "firma.de@partnernet.example",
  otherCompany: "firma.cz@partnernet.example",
  multiplikator: "multiplikator@partnernet.example",
  admin: "admin@partnernet.example",
};

let server: TestServer;
let translator: FakeTranslator;
let env: Record<string, string>;
const cookies: Partial<Record<Viewer, string>> = {};
let companyId = "";

const de = (pageId: string, params?: Record<string, string>) => encodeURI(href(pageId, "de", params));
const headersOf = (viewer: Viewer): Record<string, string> => ({ Origin: server.url, ...(cookies[viewer] ? { Cookie: cookies[viewer]! } : {}) });
const get = (viewer: Viewer, path: string) => fetch(server.url + path, { headers: headersOf(viewer), redirect: "manual" });
function post(viewer: Viewer, path: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return fetch(server.url + path, { method: "POST", headers: headersOf(viewer), body, redirect: "manual" });
}
const request = (viewer: Viewer, text = "Wir fertigen Präzisionsteile.") =>
  post(viewer, "/api/translations", { kind: "company", subjectId: companyId, field: "description", from: "de", to: "cs", text });

beforeAll(async () => {
  translator = await startFakeLibreTranslate();
  env = { RATE_LIMIT_PER_IP_PER_HOUR: "100000", LOGIN_CODE_RESEND_SECONDS: "0", LIBRETRANSLATE_URL: translator.url, TRANSLATION_RETRY_SECONDS: "0" };
  server = await startServer(env);
  const result = await sqlOnServer<{ company_id: string }>(
    server,
    env,
    `SELECT l.company_id FROM company_user_links l JOIN users u ON u.id = l.user_id WHERE u.email = $1 AND l.status = 'CONFIRMED' LIMIT 1`,
    [EMAIL.organisation],
  );
  server = result.server;
  companyId = result.rows[0]!.company_id;
  for (const viewer of Object.keys(EMAIL) as Array<Exclude<Viewer, "anonymous">>) cookies[viewer] = await signIn(server, EMAIL[viewer]);
}, 240_000);

afterAll(async () => {
  await server?.close();
  await translator?.close();
});

describe("asking for a company's translation", () => {
  it("refuses anonymous visitors and another company's editor, and sends nothing to the service", async () => {
    const before = translator.requests.length;
    const anonymous = await request("anonymous");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ ok: false, error: "UNAUTHENTICATED" });
    const other = await request("otherCompany");
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ ok: false, error: "FORBIDDEN" });
    expect(translator.requests.length).toBe(before);
  });

  it("lets the company's editor ask, and only the editor sees the job run to its suggestion", async () => {
    const response = await request("organisation", "Wir fräsen und drehen.");
    expect(response.status).toBe(202);
    const job = (await response.json()) as { ok: boolean; kind: string; id: string };
    expect(job).toMatchObject({ ok: true, kind: "company" });
    const statusPath = `/api/translations?kind=company&id=${job.id}`;
    let state: { ok: boolean; job?: { status: string; result: string | null } } = { ok: false };
    for (let i = 0; i < 60; i++) {
      state = (await (await get("organisation", statusPath)).json()) as typeof state;
      if (state.job?.status === "DONE" || state.job?.status === "FAILED") break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(state.job).toMatchObject({ status: "DONE", result: "[cs] Wir fräsen und drehen." });
    // Someone else's job does not exist for them.
    expect((await get("otherCompany", statusPath)).status).toBe(404);
    expect((await get("anonymous", statusPath)).status).toBe(401);
    expect((await get("admin", statusPath)).status).toBe(200);
  });

  it("lets admins ask for any company; refuses bad input with a code", async () => {
    expect((await request("admin")).status).toBe(202);
    const empty = await post("organisation", "/api/translations", { kind: "company", subjectId: companyId, field: "description", from: "de", to: "de", text: "x" });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ ok: false, error: "INVALID_INPUT" });
    const tooLong = await post("organisation", "/api/translations", { kind: "company", subjectId: companyId, field: "description", from: "de", to: "cs", text: "x".repeat(50_001) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toEqual({ ok: false, error: "TEXT_TOO_LONG" });
  });

  it("shows the translate buttons on the editor's page while a service is configured", async () => {
    const page = await (await get("organisation", de("companyEdit", { id: companyId }))).text();
    expect(page).toContain('data-testid="translate-descriptionCs"');
    expect(page).toContain('data-testid="translate-descriptionDe"');
  });
});

describe("the admin list of missing languages", () => {
  it("is built, and opens for admins only", async () => {
    expect(isBuilt("adminTranslations")).toBe(true);
    for (const viewer of ["anonymous", "organisation", "multiplikator"] as const) {
      const response = await get(viewer, de("adminTranslations"));
      expect(response.status, viewer).toBe(302);
      const refused = await post(viewer, de("adminTranslations"), { intent: "translateAll" });
      expect(refused.status, viewer).toBe(302);
    }
    const page = await get("admin", de("adminTranslations"));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-testid="translations-translate-all"');
    const admin = await (await get("admin", de("admin"))).text();
    expect(admin).toContain(`href="${de("adminTranslations")}"`);
  });
});
