import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCompany, insertUser, type TestUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb, TEST_ENGINE } from "../../../tests/support/db";
import { insertNews } from "../../../tests/support/news-admin-fixtures";
import { newsFormSchema, type NewsInput } from "~/schemas/news";
import { deleteCompany } from "~/server/companies/deletion.server";
import { purgeDeletedCompanies } from "~/server/companies/purge.server";
import type { DbHandle } from "~/server/db/client.server";
import { news } from "~/server/db/schema";
import { LocalDiskStorage } from "~/server/storage/storage.server";
import { listManagedNews } from "./list-managed.server";
import { createNews, deleteNews, getNewsForEdit, newsCompanyChoices, restoreNews, setNewsActive, updateNews } from "./manage.server";
import { getPublicNews, listPublicNews } from "./public.server";

/**
 * Writing news (issue 13) against the real database, with the clock passed in: publication over
 * time, "publish now", activate/deactivate (admins only), soft delete and restore, company
 * deletion, the image's life cycle, sanitising, the policy per role, and concurrent writes.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), "pn-news-"));
const storage = new LocalDiskStorage(root);
/** Stored news images on disk (sidecars excluded). */
const storedImages = () => (fs.existsSync(path.join(root, "news")) ? fs.readdirSync(path.join(root, "news")).filter((f) => !f.endsWith(".meta.json")).sort() : []);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Monday 1 June 2026, 10:00 Berlin (summer time). */
const T0 = new Date("2026-06-01T08:00:00Z");

let handle: DbHandle;
let png: Buffer;
const image = (name = "bild.png", type = "image/png", bytes: Uint8Array<ArrayBuffer> = new Uint8Array(png)) => new File([bytes], name, { type });

const RAW = {
  titleDe: "Neue Förderung",
  titleCs: "Nová podpora",
  descriptionDe: '<p>Mehr <a href="https://sab.example/foerderung">beim Förderamt</a></p><script>alert(1)</script><img src=x onerror="alert(2)">',
  descriptionCs: '<p>Více <a href="javascript:alert(3)">zde</a></p>',
  publishNow: "on",
};
function input(overrides: Record<string, unknown> = {}): NewsInput {
  return newsFormSchema(2026).parse({ ...RAW, ...overrides });
}
/** "Publish on 2 June 2026 at 09:00 Berlin" = 07:00 UTC. */
const scheduled = () => input({ publishNow: "", publishDate: "02.06.2026", publishTime: "09:00" });
const row = async (id: string) => (await handle.db.select().from(news).where(eq(news.id, id)))[0]!;

let admin: TestUser, org: TestUser, multi: TestUser, multiOther: TestUser, multiTwo: TestUser, multiNone: TestUser;
let companyA: string, companyB: string, pending: string;

beforeAll(async () => {
  handle = await createTestDb();
  png = await sharp({ create: { width: 16, height: 8, channels: 3, background: "#06c" } }).png().toBuffer();
  const db = handle.db;
  admin = await insertUser(db, "Admin");
  org = await insertUser(db, "Organisation");
  multi = await insertUser(db, "Multiplikator", { name: "Maria Muster" });
  multiOther = await insertUser(db, "Multiplikator");
  multiTwo = await insertUser(db, "Multiplikator");
  multiNone = await insertUser(db, "Multiplikator");
  companyA = await insertCompany(db, { name: "IHK Chemnitz Test", members: [multi.id, multiTwo.id, org.id] });
  companyB = await insertCompany(db, { name: "HK Liberec Test", members: [multiOther.id, multiTwo.id] });
  pending = await insertCompany(db, { name: "Neu s.r.o.", status: "PENDING" });
});
afterAll(async () => {
  await handle?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("createNews", () => {
  it("publishes for the Multiplikator's company, with the author, sanitised text (script dropped, links in a new tab) and a re-encoded image", async () => {
    const before = storedImages().length;
    const id = await createNews(handle.db, multi, input(), image(), storage, T0);
    const n = await row(id);
    expect(n).toMatchObject({ companyId: companyA, authorId: multi.id, authorName: "Maria Muster", titleDe: "Neue Förderung", active: true, deletedAt: null });
    expect(n.publishAt).toEqual(T0);
    expect(n.descriptionDe).toBe('<p>Mehr <a href="https://sab.example/foerderung" target="_blank" rel="noopener noreferrer nofollow">beim Förderamt</a></p>');
    // javascript: is not a link target; the text stays.
    expect(n.descriptionCs).toBe('<p>Více <a target="_blank" rel="noopener noreferrer nofollow">zde</a></p>');
    expect(n.imageKey).toMatch(/^news\/.+\.webp$/);
    const stored = await storage.get(n.imageKey);
    expect(stored?.contentType).toBe("image/webp");
    expect(storedImages()).toHaveLength(before + 1);
  });

  it("refuses a missing, too large or wrong image at the image field and stores nothing", async () => {
    const count = async () => (await handle.db.select().from(news)).length;
    const rows = await count();
    const files = storedImages().length;
    await expect(createNews(handle.db, multi, input(), null, storage, T0)).rejects.toMatchObject({ code: "NEWS_IMAGE_REQUIRED", details: { field: "image" } });
    const big = new Uint8Array(4 * 1024 * 1024 + 1);
    big.set(png);
    await expect(createNews(handle.db, multi, input(), image("gross.png", "image/png", big), storage, T0)).rejects.toMatchObject({ code: "FILE_TOO_LARGE", details: { field: "image", maxMb: 4 } });
    await expect(createNews(handle.db, multi, input(), image("bild.gif", "image/gif"), storage, T0)).rejects.toMatchObject({ code: "FILE_TYPE_NOT_ALLOWED", details: { field: "image" } });
    // Declared a PNG, but not one: the real format is checked.
    await expect(createNews(handle.db, multi, input(), image("bild.png", "image/png", new TextEncoder().encode("<svg/>")), storage, T0)).rejects.toMatchObject({ details: { field: "image" } });
    expect(await count()).toBe(rows);
    expect(storedImages()).toHaveLength(files);
  });

  it("text without visible content is refused by the schema and, after sanitising, by the domain", async () => {
    expect(newsFormSchema(2026).safeParse({ ...RAW, titleDe: " ", descriptionCs: "<p> </p>" }).error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["titleDe", "TITLE_REQUIRED"],
      ["descriptionCs", "DESCRIPTION_TRANSLATION_REQUIRED"],
    ]);
    await expect(createNews(handle.db, multi, input({ descriptionDe: "<script>alert(1)</script><iframe>Rahmen</iframe>" }), image(), storage, T0)).rejects.toMatchObject({
      code: "DESCRIPTION_TRANSLATION_REQUIRED",
      details: { field: "descriptionDe" },
    });
  });

  it("with several companies the company must be chosen among the actor's own; admins may pick any verified one", async () => {
    await expect(createNews(handle.db, multiTwo, input(), image(), storage, T0)).rejects.toMatchObject({ code: "NEWS_COMPANY_INVALID", details: { field: "companyId" } });
    const id = await createNews(handle.db, multiTwo, input({ companyId: companyB }), image(), storage, T0);
    expect((await row(id)).companyId).toBe(companyB);
    await expect(createNews(handle.db, multi, input({ companyId: companyB }), image(), storage, T0)).rejects.toMatchObject({ code: "NEWS_COMPANY_INVALID" });
    await expect(createNews(handle.db, admin, input({ companyId: pending }), image(), storage, T0)).rejects.toMatchObject({ code: "NEWS_COMPANY_INVALID" });
    await expect(createNews(handle.db, admin, input(), image(), storage, T0)).rejects.toMatchObject({ code: "NEWS_COMPANY_INVALID" });
    expect((await row(await createNews(handle.db, admin, input({ companyId: companyA }), image(), storage, T0))).companyId).toBe(companyA);
    expect((await newsCompanyChoices(handle.db, multiTwo)).map((c) => c.id).sort()).toEqual([companyA, companyB].sort());
    const forAdmin = (await newsCompanyChoices(handle.db, admin)).map((c) => c.id);
    expect(forAdmin).toEqual(expect.arrayContaining([companyA, companyB]));
    expect(forAdmin).not.toContain(pending);
    expect(await newsCompanyChoices(handle.db, multiNone)).toEqual([]);
  });
});

describe("publication over time", () => {
  it("a scheduled item is invisible to the public until it is due, then listed and readable", async () => {
    const id = await createNews(handle.db, multi, scheduled(), image(), storage, T0);
    const due = new Date("2026-06-02T07:00:00Z");
    expect((await row(id)).publishAt).toEqual(due);
    const publicIds = async (now: Date) => (await listPublicNews(handle.db, { q: "", page: 1 }, "de", now)).items.map((i) => i.id);
    const state = async (now: Date) => (await listManagedNews(handle.db, multi, { q: "", state: "ALL", page: 1 }, now)).items.find((i) => i.id === id)?.state;

    expect(await publicIds(T0)).not.toContain(id);
    await expect(getPublicNews(handle.db, null, id, "de", T0)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await state(T0)).toBe("SCHEDULED");
    // The author's company previews it; another company does not even see it.
    expect((await getPublicNews(handle.db, multi, id, "de", T0)).state).toBe("SCHEDULED");
    await expect(getPublicNews(handle.db, multiOther, id, "de", T0)).rejects.toMatchObject({ code: "NOT_FOUND" });

    const justBefore = new Date(due.getTime() - 1);
    expect(await publicIds(justBefore)).not.toContain(id);
    expect(await publicIds(due)).toContain(id);
    expect((await getPublicNews(handle.db, null, id, "cs", due)).title).toBe("Nová podpora");
    expect(await state(new Date(due.getTime() + DAY))).toBe("PUBLISHED");
  });

  it('"publish now" keeps the date of an item that is out, and brings a scheduled one forward to now', async () => {
    const out = await createNews(handle.db, multi, input(), image(), storage, T0);
    const later = new Date(T0.getTime() + 5 * DAY);
    await updateNews(handle.db, multi, out, input({ titleDe: "Geändert" }), null, storage, later);
    expect(await row(out)).toMatchObject({ titleDe: "Geändert", publishAt: T0, updatedAt: later, updatedBy: multi.id });

    const planned = await createNews(handle.db, multi, input({ publishNow: "", publishDate: "01.07.2026", publishTime: "12:00" }), image(), storage, T0);
    await updateNews(handle.db, multi, planned, input(), null, storage, later);
    expect((await row(planned)).publishAt).toEqual(later);

    // A typed date moves an item that is out back to "scheduled".
    await updateNews(handle.db, multi, out, input({ publishNow: "", publishDate: "01.07.2026", publishTime: "12:00" }), null, storage, later);
    expect((await row(out)).publishAt).toEqual(new Date("2026-07-01T10:00:00Z"));
  });
});

describe("activate and deactivate", () => {
  it("only admins toggle; an inactive item is hidden from the public but still managed by its company", async () => {
    const id = await insertNews(handle.db, { companyId: companyA }, T0);
    await expect(setNewsActive(handle.db, multi, id, false, T0)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(setNewsActive(handle.db, null, id, false, T0)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await setNewsActive(handle.db, admin, id, false, T0);
    expect(await row(id)).toMatchObject({ active: false, updatedBy: admin.id });
    await expect(getPublicNews(handle.db, null, id, "de", T0)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await getNewsForEdit(handle.db, multi, id, T0)).active).toBe(false);
    await expect(getNewsForEdit(handle.db, multiOther, id, T0)).rejects.toMatchObject({ code: "NOT_FOUND" });
    // Setting the same state again is harmless.
    await setNewsActive(handle.db, admin, id, false, T0);
    await setNewsActive(handle.db, admin, id, true, T0);
    expect((await getPublicNews(handle.db, null, id, "de", T0)).state).toBe("PUBLISHED");
    await expect(setNewsActive(handle.db, admin, "kein-uuid", true, T0)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("delete and restore", () => {
  it("deleting hides the item from everyone but admins; only admins restore it, with the state it had", async () => {
    const id = await insertNews(handle.db, { companyId: companyA, active: false, publishAt: new Date(T0.getTime() + DAY) }, T0);
    await deleteNews(handle.db, multi, id, T0);
    expect((await row(id)).deletedAt).toEqual(T0);
    await expect(getNewsForEdit(handle.db, multi, id, T0)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getPublicNews(handle.db, null, id, "de", new Date(T0.getTime() + 2 * DAY))).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await listManagedNews(handle.db, multi, { q: "", state: "ALL", page: 1 }, T0)).items.map((i) => i.id)).not.toContain(id);
    expect((await listManagedNews(handle.db, admin, { q: "", state: "DELETED", page: 1 }, T0)).items.map((i) => i.id)).toContain(id);

    await expect(restoreNews(handle.db, multi, id, T0)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(deleteNews(handle.db, multi, id, T0)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(deleteNews(handle.db, admin, id, T0)).rejects.toMatchObject({ code: "ALREADY_HANDLED" });
    await expect(setNewsActive(handle.db, admin, id, true, T0)).rejects.toMatchObject({ code: "NEWS_DELETED" });
    await expect(updateNews(handle.db, admin, id, input(), null, storage, T0)).rejects.toMatchObject({ code: "NEWS_DELETED" });
    expect((await getNewsForEdit(handle.db, admin, id, T0)).deletedAt).toEqual(T0);

    await restoreNews(handle.db, admin, id, T0);
    await expect(restoreNews(handle.db, admin, id, T0)).rejects.toMatchObject({ code: "ALREADY_HANDLED" });
    // Back as it was: inactive and scheduled.
    expect((await listManagedNews(handle.db, multi, { q: "", state: "ALL", page: 1 }, T0)).items.find((i) => i.id === id)?.state).toBe("INACTIVE");
    expect(await row(id)).toMatchObject({ deletedAt: null, active: false, publishAt: new Date(T0.getTime() + DAY) });
  });

  it("deleting a company hides its news; the purge after 30 days deletes them, deleted ones included, and their images", async () => {
    const owner = await insertUser(handle.db, "Multiplikator");
    const company = await insertCompany(handle.db, { name: "Schluss GmbH", members: [owner.id] });
    const first = await createNews(handle.db, owner, input(), image(), storage, T0);
    const second = await createNews(handle.db, owner, input(), image(), storage, T0);
    await deleteNews(handle.db, owner, second, T0);
    const keys = [(await row(first)).imageKey, (await row(second)).imageKey];
    const other = await createNews(handle.db, multi, input(), image(), storage, T0);
    await deleteCompany(handle.db, owner, company, "Schluss GmbH", T0);
    expect((await listPublicNews(handle.db, { q: "", page: 1 }, "de", T0)).items.map((i) => i.id)).not.toContain(first);
    await expect(getNewsForEdit(handle.db, admin, first, T0)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(restoreNews(handle.db, admin, second, T0)).rejects.toMatchObject({ code: "NOT_FOUND" });
    for (const key of keys) expect(await storage.get(key)).not.toBeNull();
    await purgeDeletedCompanies(handle.db, storage, new Date(T0.getTime() + 31 * DAY));
    expect(await handle.db.select().from(news).where(eq(news.companyId, company))).toHaveLength(0);
    for (const key of keys) expect(await storage.get(key)).toBeNull();
    expect(await storage.get((await row(other)).imageKey)).not.toBeNull();
  });
});

describe("the image", () => {
  it("a new image replaces the old one, which is retired after the save; no image keeps the current one", async () => {
    const id = await createNews(handle.db, multi, input(), image(), storage, T0);
    const first = (await row(id)).imageKey;
    await updateNews(handle.db, multi, id, input(), null, storage, T0);
    expect((await row(id)).imageKey).toBe(first);
    await updateNews(handle.db, multi, id, input(), image("neu.png"), storage, T0);
    const second = (await row(id)).imageKey;
    expect(second).not.toBe(first);
    expect(await storage.get(first)).toBeNull();
    expect(await storage.get(second)).not.toBeNull();
  });

  it("a refused save removes the image it brought", async () => {
    const id = await createNews(handle.db, multi, input(), image(), storage, T0);
    await deleteNews(handle.db, admin, id, T0);
    const files = storedImages();
    await expect(updateNews(handle.db, admin, id, input(), image("spaet.png"), storage, T0)).rejects.toMatchObject({ code: "NEWS_DELETED" });
    expect(storedImages()).toEqual(files);
  });
});

describe("policy: every action × role", () => {
  type Who = "anonymous" | "organisation" | "multiCompany" | "multiOther" | "admin";
  const WHO: Who[] = ["anonymous", "organisation", "multiCompany", "multiOther", "admin"];
  const actorOf = (who: Who) => ({ anonymous: null, organisation: org, multiCompany: multi, multiOther, admin })[who];
  /** Creating for company A; the rest on a scheduled item of company A (not public): "not yours" is "not found". */
  const table: Record<string, Record<Who, string>> = {
    create: { anonymous: "UNAUTHENTICATED", organisation: "FORBIDDEN", multiCompany: "ok", multiOther: "NEWS_COMPANY_INVALID", admin: "ok" },
    getForEdit: { anonymous: "UNAUTHENTICATED", organisation: "NOT_FOUND", multiCompany: "ok", multiOther: "NOT_FOUND", admin: "ok" },
    update: { anonymous: "UNAUTHENTICATED", organisation: "NOT_FOUND", multiCompany: "ok", multiOther: "NOT_FOUND", admin: "ok" },
    deactivate: { anonymous: "UNAUTHENTICATED", organisation: "FORBIDDEN", multiCompany: "FORBIDDEN", multiOther: "FORBIDDEN", admin: "ok" },
    delete: { anonymous: "UNAUTHENTICATED", organisation: "NOT_FOUND", multiCompany: "ok", multiOther: "NOT_FOUND", admin: "ok" },
    restore: { anonymous: "UNAUTHENTICATED", organisation: "FORBIDDEN", multiCompany: "FORBIDDEN", multiOther: "FORBIDDEN", admin: "ok" },
  };
  const run: Record<string, (who: Who, id: string) => Promise<unknown>> = {
    create: (who) => createNews(handle.db, actorOf(who), input({ companyId: companyA }), image(), storage, T0),
    getForEdit: (who, id) => getNewsForEdit(handle.db, actorOf(who), id, T0),
    update: (who, id) => updateNews(handle.db, actorOf(who), id, input({ publishNow: "", publishDate: "01.07.2026", publishTime: "12:00" }), null, storage, T0),
    deactivate: (who, id) => setNewsActive(handle.db, actorOf(who), id, false, T0),
    delete: (who, id) => deleteNews(handle.db, actorOf(who), id, T0),
    restore: (who, id) => restoreNews(handle.db, actorOf(who), id, T0),
  };

  for (const [action, expected] of Object.entries(table)) {
    it(`${action}`, async () => {
      for (const who of WHO) {
        const id = await insertNews(handle.db, { companyId: companyA, publishAt: new Date(T0.getTime() + DAY), deletedAt: action === "restore" ? T0 : null }, T0);
        const outcome = await run[action]!(who, id).then(
          () => "ok",
          (error: { code?: string }) => error.code ?? String(error),
        );
        expect(outcome, `${action} as ${who}`).toBe(expected[who]);
      }
    });
  }

  it("a published item of another company is visible, so managing it is FORBIDDEN rather than NOT_FOUND", async () => {
    const id = await insertNews(handle.db, { companyId: companyA }, T0);
    await expect(updateNews(handle.db, multiOther, id, input(), null, storage, T0)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(deleteNews(handle.db, org, id, T0)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(createNews(handle.db, multiNone, input(), image(), storage, T0)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await row(id)).deletedAt).toBeNull();
  });
});

describe("concurrent writes", () => {
  it("two simultaneous deletions: one wins, the other hears ALREADY_HANDLED", async () => {
    const id = await insertNews(handle.db, { companyId: companyA }, T0);
    const results = await Promise.allSettled([deleteNews(handle.db, multi, id, T0), deleteNews(handle.db, admin, id, T0)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "ALREADY_HANDLED" } });
  });

  // PGlite has one connection (the writes queue up); PostgreSQL runs them really at once.
  it.skipIf(TEST_ENGINE !== "postgres")("PostgreSQL: a save racing a delete either lands before it or is refused, and leaves no stray image", async () => {
    for (let round = 0; round < 5; round++) {
      const id = await createNews(handle.db, multi, input(), image(), storage, T0);
      const before = storedImages();
      const [saved, deleted] = await Promise.allSettled([
        updateNews(handle.db, multi, id, input({ titleDe: `Runde ${round}` }), image(`runde-${round}.png`), storage, T0),
        deleteNews(handle.db, admin, id, T0),
      ]);
      expect(deleted.status).toBe("fulfilled");
      const n = await row(id);
      expect(n.deletedAt).not.toBeNull();
      if (saved.status === "fulfilled") {
        expect(n.titleDe).toBe(`Runde ${round}`);
        // The new image replaced the old one: the same number of files.
        expect(storedImages()).toHaveLength(before.length);
      } else {
        // Refused in the transaction (NEWS_DELETED), or already by the policy (deleted: not theirs any more).
        expect(["NEWS_DELETED", "NOT_FOUND"]).toContain((saved.reason as { code?: string }).code);
        expect(storedImages()).toEqual(before);
      }
      expect(await storage.get(n.imageKey)).not.toBeNull();
    }
  });
});
