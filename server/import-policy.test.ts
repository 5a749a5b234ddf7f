import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "~/i18n/translate";
import { isBuilt } from "~/routing/catalogue";
import { href } from "~/routing/paths";
import { encodeSingleByte } from "../tests/support/single-byte";
import { rawRequest, signIn, startServer, type TestServer } from "../tests/support/server";

/**
 * The import create page (decision 038) over HTTP on the production build: admins only (anonymous
 * → login, other roles → home, for the page, a draft's mapping step and every action); an admin
 * uploads a Windows-1250 CSV and continues on its mapping step; a 26 MB upload is refused with
 * 413 FILE_TOO_LARGE from its declared length, before its body is read. The domain tests
 * (app/server/imports/drafts.test.ts) check the rules one by one.
 */
type Viewer = "anonymous" | "organisation" | "multiplikator" | "admin";
const VIEWERS: Viewer[] = ["anonymous", "organisation", "multiplikator", "admin"];
const EMAIL: Record<Exclude<Viewer, "anonymous">, string> = {
  organisation: "firma.de@partnernet.example",
  multiplikator: "multiplikator@partnernet.example",
  admin: "admin@partnernet.example",
};
const ENV = { RATE_LIMIT_PER_IP_PER_HOUR: "100000", LOGIN_CODE_RESEND_SECONDS: "0" };
const MIB = 1024 * 1024;

let server: TestServer;
const cookies: Partial<Record<Viewer, string>> = {};
const de = (pageId: string) => encodeURI(href(pageId, "de"));
const headersOf = (viewer: Viewer): Record<string, string> => ({ Origin: server.url, ...(cookies[viewer] ? { Cookie: cookies[viewer]! } : {}) });
const get = (viewer: Viewer, path: string) => fetch(server.url + path, { headers: headersOf(viewer), redirect: "manual" });
function post(viewer: Viewer, path: string, fields: Record<string, string | Blob>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return fetch(server.url + path, { method: "POST", headers: headersOf(viewer), body, redirect: "manual" });
}

function expectSentAway(viewer: Viewer, response: Response, where: string) {
  expect(response.status, where).toBe(302);
  const location = decodeURI(response.headers.get("location") ?? "");
  if (viewer === "anonymous") expect(location, where).toMatch(/^\/(de\/anmelden|cs\/prihlaseni)\?redirectTo=/);
  else expect(location, where).toMatch(/^\/(de|cs)$/);
}

const CSV = "Název firmy;IČO;Obec\r\nŘeznictví Šťastný;25596641;Ústí nad Labem\r\n";
const upload = () => ({ intent: "upload", language: "cs", country: "CZ", hasHeader: "true", file: new File([new Uint8Array(encodeSingleByte(CSV, "windows-1250"))], "firmy.csv", { type: "text/csv" }) });

beforeAll(async () => {
  server = await startServer(ENV);
  for (const viewer of VIEWERS) if (viewer !== "anonymous") cookies[viewer] = await signIn(server, EMAIL[viewer]);
}, 240_000);

afterAll(async () => {
  await server?.close();
});

describe("the import create page over HTTP (decision 038)", () => {
  it("is built and admin-only in both languages; uploads and their mapping step too", async () => {
    expect(isBuilt("adminImportCreate")).toBe(true);
    for (const viewer of VIEWERS) {
      for (const locale of ["de", "cs"] as const) {
        const response = await get(viewer, encodeURI(href("adminImportCreate", locale)));
        const where = `${viewer} GET ${locale}`;
        if (viewer === "admin") expect(response.status, where).toBe(200);
        else expectSentAway(viewer, response, where);
        await response.body?.cancel();
      }
    }
    // The admin uploads: a DRAFT, continued on its mapping step with the file read as Windows-1250.
    const created = await post("admin", de("adminImportCreate"), upload());
    expect(created.status).toBe(302);
    const location = decodeURI(created.headers.get("location") ?? "");
    expect(location).toMatch(/^\/de\/admin\/import\/anlegen\?import=[0-9a-f-]{36}$/);
    const id = location.split("=")[1]!;
    const page = await get("admin", encodeURI(location));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Řeznictví Šťastný");
    expect(html).toContain('value="windows-1250" selected');
    // Nobody else sees the draft or acts on it; nothing is created for them.
    for (const viewer of ["anonymous", "organisation", "multiplikator"] as const) {
      expectSentAway(viewer, await get(viewer, encodeURI(location)), `${viewer} GET draft`);
      expectSentAway(viewer, await post(viewer, de("adminImportCreate"), upload()), `${viewer} upload`);
      const mapping = JSON.stringify([{ column: 0, field: "name" }, { column: 1, field: "identifier", identifierKind: "ICO" }]);
      expectSentAway(viewer, await post(viewer, de("adminImportCreate"), { intent: "start", import: id, mapping, confirmContacts: "true" }), `${viewer} start`);
    }
    // Still a draft: the admin's start without an identifier gets the spec's message.
    const refused = await post("admin", de("adminImportCreate"), { intent: "start", import: id, mapping: JSON.stringify([{ column: 0, field: "name" }]), confirmContacts: "true" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(translate("de", "error.IMPORT_IDENTIFIER_REQUIRED"));
    const started = await post("admin", de("adminImportCreate"), {
      intent: "start",
      import: id,
      mapping: JSON.stringify([{ column: 0, field: "name" }, { column: 1, field: "identifier", identifierKind: "ICO" }]),
      confirmContacts: "true",
    });
    expect(started.status).toBe(302);
    expect(decodeURI(started.headers.get("location") ?? "")).toBe(`/de/admin/import?started=${id}`);
  }, 120_000);

  it("refuses a 26 MB upload with 413 FILE_TOO_LARGE from its declared length, before reading it", async () => {
    const size = 26 * MIB;
    const boundary = "----import-policy-test";
    async function* body() {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="gross.csv"\r\nContent-Type: text/csv\r\n\r\n`);
      const chunk = Buffer.alloc(256 * 1024, "a;b\n");
      for (let sent = 0; sent < size; sent += chunk.length) yield chunk;
    }
    const response = await rawRequest(server, {
      method: "POST",
      path: de("adminImportCreate"),
      headers: { ...headersOf("admin"), "Content-Type": `multipart/form-data; boundary=${boundary}`, "Content-Length": String(size + 1024) },
      body,
    });
    expect(response.status).toBe(413);
    expect(response.body).toContain(translate("de", "error.FILE_TOO_LARGE", { maxMb: 25 }));
    // Answered long before the body was in: the rest was never sent.
    expect(response.sent).toBeLessThan(size / 2);
  }, 60_000);
});
