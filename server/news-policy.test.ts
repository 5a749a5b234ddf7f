import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "~/i18n/translate";
import { isBuilt } from "~/routing/catalogue";
import { href } from "~/routing/paths";
import { rawRequest, signIn, sqlOnServer, startServer, type TestServer } from "../tests/support/server";

/**
 * Issue 13's news policy over HTTP, on the demo data and the production build: every news page
 * and action (list, create, edit, delete, restore, activate, deactivate, and the public detail of
 * a scheduled, inactive or deleted item) × an anonymous visitor, an Organisation user, the
 * Multiplikator of the publishing company, another Multiplikator and an admin — the answer, and
 * that a refused request changed nothing in the database. Bad input gets a translated, coded
 * error and changes nothing either. The domain tests check the same rules function by function.
 */
type Viewer = "anonymous" | "organisation" | "companyMulti" | "otherMulti" | "admin";
const VIEWERS: Viewer[] = ["anonymous", "organisation", "companyMulti", "otherMulti", "admin"];
const EMAIL: Record<Exclude<Viewer, "anonymous">, string> = {
  organisation: "firma.de@partnernet.example",
  companyMulti: "multiplikator@partnernet.example",
  otherMulti: "news.zweiter@example.com",
  admin: "admin@partnernet.example",
};
/** A Multiplikator without a linked company. */
const NO_COMPANY = "news.ohne@example.com";
const ENV = { RATE_LIMIT_PER_IP_PER_HOUR: "100000" };
/** The items of the demo Multiplikator's company this file works on, by their German title. */
const ITEMS = ["P", "S", "I", "D", "DelMulti", "DelAdmin", "Restore", "Activate", "Deactivate", "Edit"] as const;
type Item = (typeof ITEMS)[number];

let server: TestServer;
const cookies: Partial<Record<Viewer, string>> = {};
const id = {} as Record<Item, string>;
let companyX = "";
let png: Buffer;

async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
  const result = await sqlOnServer<T>(server, ENV, query, params);
  server = result.server;
  return result.rows;
}
/** Every news row as it is stored (what a refused request must leave alone). */
const snapshot = () => sql<Record<string, unknown>>(`SELECT id, company_id, title_de, title_cs, description_de, description_cs, image_key, publish_at, active, deleted_at, updated_at FROM news ORDER BY id`);
const byTitle = (rows: Array<Record<string, unknown>>, title: string) => rows.filter((r) => r["title_de"] === title);

const de = (pageId: string, params: Record<string, string> = {}) => encodeURI(href(pageId, "de", params));
const headersOf = (viewer: Viewer): Record<string, string> => ({ Origin: server.url, ...(cookies[viewer] ? { Cookie: cookies[viewer]! } : {}) });
const get = (viewer: Viewer, path: string) => fetch(server.url + path, { headers: headersOf(viewer), redirect: "manual" });
function post(viewer: Viewer, path: string, fields: Record<string, string | Blob>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return fetch(server.url + path, { method: "POST", headers: headersOf(viewer), body, redirect: "manual" });
}
const text = (key: Parameters<typeof translate>[1], values?: Parameters<typeof translate>[2]) => translate("de", key, values);
const image = (bytes: Buffer = png, name = "bild.png", type = "image/png") => new File([new Uint8Array(bytes)], name, { type });
const NEWS = { titleDe: "Policy-Neuigkeit", titleCs: "Novinka politiky", descriptionDe: "<p>Text</p>", descriptionCs: "<p>Text</p>", publishNow: "on" };

/** Guard answers before any news code runs: anonymous → login, Organisation → home. */
function expectSentAway(viewer: "anonymous" | "organisation", response: Response, where: string) {
  expect(response.status, where).toBe(302);
  const location = decodeURI(response.headers.get("location") ?? "");
  if (viewer === "anonymous") expect(location, where).toMatch(/^\/de\/anmelden\?redirectTo=/);
  else expect(location, where).toBe("/de");
}

beforeAll(async () => {
  png = await sharp({ create: { width: 32, height: 16, channels: 3, background: "#1b5e20" } }).png().toBuffer();
  server = await startServer(ENV);
  // Another Multiplikator, member of a verified company that is not the demo Multiplikator's, and
  // the items of the demo Multiplikator's company (one statement: on PGlite each one restarts the server).
  const rows = await sql<{ id: string; title_de: string; company_id: string }>(
    `WITH x AS (SELECT l.company_id AS id FROM company_user_links l JOIN users u ON u.id = l.user_id WHERE u.email = $1 AND l.status = 'CONFIRMED' LIMIT 1),
     u AS (INSERT INTO users (email, name, role, verified) VALUES ($2, 'Zweiter Multiplikator', 'Multiplikator', true) RETURNING id),
     alone AS (INSERT INTO users (email, name, role, verified) VALUES ($3, 'Ohne Firma', 'Multiplikator', true) RETURNING id),
     link AS (INSERT INTO company_user_links (user_id, company_id, status, decided_at)
              SELECT u.id, c.id, 'CONFIRMED', now() FROM u, (SELECT id FROM companies WHERE status = 'VERIFIED' AND id NOT IN (SELECT id FROM x) ORDER BY name LIMIT 1) c RETURNING company_id)
     INSERT INTO news (company_id, author_name, title_de, title_cs, description_de, description_cs, image_key, publish_at, active, deleted_at)
     SELECT x.id, 'Policy Test', v.t, v.t, '<p>Text</p>', '<p>Text</p>', 'news/policy-test.webp', now() + v.shift::interval, v.active, CASE WHEN v.deleted THEN now() END
     FROM x, (SELECT count(*) FROM link) AS linked, (SELECT count(*) FROM alone) AS made,
       (VALUES ('P', '-1 day', true, false), ('S', '1 day', true, false), ('I', '-1 day', false, false), ('D', '-1 day', true, true),
               ('DelMulti', '-1 day', true, false), ('DelAdmin', '-1 day', true, false), ('Restore', '-1 day', true, true),
               ('Activate', '-1 day', false, false), ('Deactivate', '-1 day', true, false), ('Edit', '1 day', true, false)) AS v(t, shift, active, deleted)
     RETURNING id, title_de, company_id`,
    [EMAIL.companyMulti, EMAIL.otherMulti, NO_COMPANY],
  );
  for (const row of rows) id[row.title_de as Item] = row.id;
  companyX = rows[0]!.company_id;
  expect(Object.keys(id).sort()).toEqual([...ITEMS].sort());
  for (const viewer of VIEWERS) if (viewer !== "anonymous") cookies[viewer] = await signIn(server, EMAIL[viewer]);
}, 240_000);

afterAll(async () => {
  await server?.close();
});

describe("news admin pages over HTTP (issue 13)", () => {
  it("the admin pages are built and guarded: Multiplikators and admins in, others sent away", async () => {
    for (const page of ["adminNews", "adminNewsCreate", "adminNewsEdit"]) expect(isBuilt(page), page).toBe(true);
    for (const viewer of VIEWERS) {
      for (const path of [de("adminNews"), de("adminNewsCreate"), de("adminNewsEdit", { id: id.S })]) {
        const response = await get(viewer, path);
        const where = `${viewer} GET ${path}`;
        if (viewer === "anonymous" || viewer === "organisation") expectSentAway(viewer, response, where);
        else if (viewer === "otherMulti" && path.includes(id.S)) expect(response.status, where).toBe(404);
        else expect(response.status, where).toBe(200);
      }
    }
  }, 120_000);

  it("lists to each Multiplikator their company's news only, and deleted ones to admins only", async () => {
    const listed = async (viewer: Viewer, query = "") => (await (await get(viewer, `${de("adminNews")}?q=${query}`)).text());
    const mine = await listed("companyMulti");
    for (const item of ["P", "S", "I"] as const) expect(mine, item).toContain(`news-row-${id[item]}`);
    expect(mine).not.toContain(`news-row-${id.D}`);
    const others = await listed("otherMulti");
    expect(others).not.toContain(`news-row-${id.P}`);
    const admins = await listed("admin", "D");
    expect(admins).toContain(`news-row-${id.D}`);
    expect(admins).toContain(text("newsAdmin.state.DELETED"));
  }, 120_000);

  it("opens the edit page to the company's Multiplikator and admins; others get 404, or 403 for a public item", async () => {
    expect((await get("companyMulti", de("adminNewsEdit", { id: id.I }))).status).toBe(200);
    expect((await get("otherMulti", de("adminNewsEdit", { id: id.I }))).status).toBe(404);
    expect((await get("otherMulti", de("adminNewsEdit", { id: id.P }))).status).toBe(403);
    // A deleted item is gone for its Multiplikator; an admin sees it (to restore it).
    expect((await get("companyMulti", de("adminNewsEdit", { id: id.D }))).status).toBe(404);
    const deleted = await get("admin", de("adminNewsEdit", { id: id.D }));
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toContain(text("newsAdmin.deletedHint"));
    expect((await get("admin", de("adminNewsEdit", { id: "keine-id" }))).status).toBe(404);
    expect((await get("admin", de("adminNewsEdit", { id: "00000000-0000-4000-8000-000000000000" }))).status).toBe(404);
  }, 120_000);

  it("a Multiplikator without a company gets the spec's hint instead of the form", async () => {
    const cookie = await signIn(server, NO_COMPANY);
    const page = await fetch(server.url + de("adminNewsCreate"), { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(text("newsAdmin.needsCompany"));
    expect(html).not.toContain('data-testid="news-form"');
    const refused = await fetch(server.url + de("adminNewsCreate"), { method: "POST", headers: { Cookie: cookie, Origin: server.url }, body: toForm({ ...NEWS, image: image() }), redirect: "manual" });
    expect(refused.status).toBe(403);
  }, 120_000);

  it("refuses every action to those who may not take it, answers bad input with a translated code, and changes nothing", async () => {
    const before = await snapshot();
    type Attempt = { name: string; viewers: Viewer[]; path: string; fields: Record<string, string | Blob>; status: number };
    const attempts: Attempt[] = [
      // Creating: visitors and Organisation users never; another Multiplikator not for this company.
      { name: "create", viewers: ["anonymous", "organisation", "otherMulti"], path: de("adminNewsCreate"), fields: { ...NEWS, companyId: companyX, image: image() }, status: 400 },
      { name: "save", viewers: ["anonymous", "organisation", "otherMulti"], path: de("adminNewsEdit", { id: id.S }), fields: { ...NEWS, intent: "save", image: image() }, status: 404 },
      { name: "save public", viewers: ["otherMulti"], path: de("adminNewsEdit", { id: id.P }), fields: { ...NEWS, intent: "save" }, status: 403 },
      { name: "list delete", viewers: ["anonymous", "organisation", "otherMulti"], path: de("adminNews"), fields: { intent: "delete", id: id.S }, status: 404 },
      { name: "list delete public", viewers: ["otherMulti"], path: de("adminNews"), fields: { intent: "delete", id: id.P }, status: 403 },
      { name: "edit delete", viewers: ["anonymous", "organisation", "otherMulti"], path: de("adminNewsEdit", { id: id.S }), fields: { intent: "delete" }, status: 404 },
      // Activating, deactivating and restoring are for admins only (spec §4), from the list or the edit page.
      ...(["activate", "deactivate", "restore"] as const).flatMap((intent): Attempt[] => {
        const target = intent === "activate" ? id.I : intent === "restore" ? id.D : id.P;
        return [
          { name: `list ${intent}`, viewers: ["anonymous", "organisation", "otherMulti", "companyMulti"], path: de("adminNews"), fields: { intent, id: target }, status: 403 },
          { name: `edit ${intent}`, viewers: ["anonymous", "organisation", "otherMulti", "companyMulti"], path: de("adminNewsEdit", { id: target }), fields: { intent }, status: 403 },
        ];
      }),
    ];
    for (const attempt of attempts) {
      for (const viewer of attempt.viewers) {
        const response = await post(viewer, attempt.path, attempt.fields);
        const where = `${viewer} ${attempt.name}`;
        if (viewer === "anonymous" || viewer === "organisation") expectSentAway(viewer, response, where);
        else expect(response.status, where).toBe(attempt.status);
      }
    }

    // Bad input from someone who may act: a translated, coded error.
    const check = async (path: string, fields: Record<string, string | Blob>, status: number, message: string) => {
      const response = await post("companyMulti", path, fields);
      expect(response.status, message).toBe(status);
      expect(await response.text(), message).toContain(message);
    };
    const create = de("adminNewsCreate");
    await check(create, { ...NEWS }, 400, text("error.NEWS_IMAGE_REQUIRED"));
    const tooLarge = Buffer.concat([png, Buffer.alloc(4 * 1024 * 1024 + 1 - png.length)]);
    await check(create, { ...NEWS, image: image(tooLarge) }, 413, text("error.FILE_TOO_LARGE", { maxMb: 4 }));
    await check(create, { ...NEWS, image: image(Buffer.from("GIF89a"), "bild.gif", "image/gif") }, 400, text("error.FILE_TYPE_NOT_ALLOWED", { allowed: "JPG, PNG, WebP" }));
    await check(create, { ...NEWS, titleDe: "", image: image() }, 400, text("error.TITLE_REQUIRED"));
    await check(create, { ...NEWS, descriptionCs: "<p> </p>", image: image() }, 400, text("error.DESCRIPTION_TRANSLATION_REQUIRED"));
    await check(create, { ...NEWS, publishNow: "", publishDate: "31.02.2030", publishTime: "09:00", image: image() }, 400, text("error.DATE_INVALID"));
    await check(create, { ...NEWS, intent: "delete", image: image() }, 400, text("error.INVALID_INPUT"));
    await check(de("adminNewsEdit", { id: id.S }), { ...NEWS, intent: "publish" }, 400, text("error.INVALID_INPUT"));
    await check(de("adminNewsEdit", { id: id.S }), { ...NEWS, intent: "save", titleCs: " " }, 400, text("error.TITLE_REQUIRED"));
    await check(de("adminNews"), { intent: "delete", id: "keine-id" }, 400, text("error.NOT_FOUND"));
    await check(de("adminNews"), { intent: "archive", id: id.S }, 400, text("error.INVALID_INPUT"));
    expect((await post("companyMulti", de("adminNewsEdit", { id: "keine-id" }), { ...NEWS, intent: "save" })).status).toBe(404);
    // Far beyond the body limit: cut off before it is read.
    const { body, contentType } = await multipart({ ...NEWS, image: image(Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)])) });
    const huge = await rawRequest(server, { method: "POST", path: create, headers: { ...headersOf("companyMulti"), "Content-Type": contentType, "Content-Length": String(body.length) }, body });
    expect(huge.status).toBe(413);
    expect(await snapshot()).toEqual(before);
  }, 120_000);

  it("lets the company's Multiplikator create, save and delete, and admins do everything", async () => {
    const created = await post("companyMulti", de("adminNewsCreate"), { ...NEWS, titleDe: "Von Multi", image: image() });
    expect(created.status).toBe(302);
    expect(decodeURI(created.headers.get("location") ?? "")).toMatch(/^\/de\/admin\/neuigkeiten\/[0-9a-f-]{36}\/bearbeiten\?done=created$/);
    const byAdmin = await post("admin", de("adminNewsCreate"), { ...NEWS, titleDe: "Von Admin", companyId: companyX, image: image() });
    expect(byAdmin.status).toBe(302);
    const saved = await post("companyMulti", de("adminNewsEdit", { id: id.Edit }), { ...NEWS, intent: "save", titleDe: "Edit", titleCs: "Upraveno" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`${de("adminNewsEdit", { id: id.Edit })}?done=saved`);
    const adminSaved = await post("admin", de("adminNewsEdit", { id: id.Edit }), { ...NEWS, intent: "save", titleDe: "Edit", titleCs: "Upraveno", descriptionCs: "<p>Admin</p>", image: image() });
    expect(adminSaved.status).toBe(302);
    expect((await post("companyMulti", de("adminNews"), { intent: "delete", id: id.DelMulti })).status).toBe(200);
    const deletedOnEdit = await post("admin", de("adminNewsEdit", { id: id.DelAdmin }), { intent: "delete" });
    expect(deletedOnEdit.headers.get("location")).toBe(`${de("adminNews")}?done=delete`);
    const restored = await post("admin", de("adminNews"), { intent: "restore", id: id.Restore });
    expect(restored.status).toBe(200);
    expect(await restored.text()).toContain(text("newsAdmin.done.restore"));
    expect((await post("admin", de("adminNews"), { intent: "activate", id: id.Activate })).status).toBe(200);
    expect((await post("admin", de("adminNewsEdit", { id: id.Deactivate }), { intent: "deactivate" })).headers.get("location")).toBe(`${de("adminNewsEdit", { id: id.Deactivate })}?done=deactivate`);

    const rows = await snapshot();
    expect(byTitle(rows, "Von Multi")).toHaveLength(1);
    expect(byTitle(rows, "Von Admin")[0]).toMatchObject({ company_id: companyX });
    const find = (item: Item) => rows.find((r) => r["id"] === id[item])!;
    expect(find("Edit")).toMatchObject({ title_cs: "Upraveno", description_cs: "<p>Admin</p>" });
    expect(find("Edit")["image_key"]).not.toBe("news/policy-test.webp");
    expect(find("DelMulti")["deleted_at"]).not.toBeNull();
    expect(find("DelAdmin")["deleted_at"]).not.toBeNull();
    expect(find("Restore")["deleted_at"]).toBeNull();
    expect(find("Activate")["active"]).toBe(true);
    expect(find("Deactivate")["active"]).toBe(false);
  }, 120_000);


  it("keeps scheduled, inactive and deleted items off the public detail page for everyone but their managers", async () => {
    for (const item of ["S", "I", "D"] as const) {
      for (const viewer of VIEWERS) {
        const response = await get(viewer, de("newsDetail", { id: id[item] }));
        const where = `${viewer} public ${item}`;
        // Until the public page is built (another branch) it is a 404 for everyone.
        const manager = isBuilt("newsDetail") && (viewer === "admin" || (viewer === "companyMulti" && item !== "D"));
        expect(response.status, where).toBe(manager ? 200 : 404);
      }
    }
  });
});

/** The bytes and content type of a multipart form, for a raw request. */
async function multipart(fields: Record<string, string | Blob>): Promise<{ body: Buffer; contentType: string }> {
  const request = new Request("http://localhost/", { method: "POST", body: toForm(fields) });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get("content-type")! };
}

function toForm(fields: Record<string, string | Blob>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}
