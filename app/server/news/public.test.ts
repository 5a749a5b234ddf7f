import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "~/server/db/client.server";
import { NEWS_LIMITS, type NewsListQuery } from "~/schemas/news";
import type { Actor } from "~/server/policy/policy";
import { insertCompany, insertUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb } from "../../../tests/support/db";
import { insertNews } from "../../../tests/support/public-news-fixtures";
import { getPublicNews, latestNews, listPublicNews, newsExcerpt } from "./public.server";

const NOW = new Date("2026-11-25T12:00:00Z");
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY);

let handle: DbHandle;
const ids: Record<string, string> = {};
let companyId: string;
let pendingCompanyId: string;
let member: Actor;
let otherMultiplikator: Actor;
let organisationMember: Actor;
let admin: Actor;

const query = (q: Partial<NewsListQuery> = {}): NewsListQuery => ({ q: "", page: 1, ...q });
const titles = async (q: Partial<NewsListQuery> = {}, locale: "de" | "cs" = "de", now = NOW) =>
  (await listPublicNews(handle.db, query(q), locale, now)).items.map((i) => i.title);

beforeAll(async () => {
  handle = await createTestDb();
  const { db } = handle;
  const m = await insertUser(db, "Multiplikator");
  const o = await insertUser(db, "Multiplikator");
  const org = await insertUser(db, "Organisation");
  const a = await insertUser(db, "Admin");
  member = m;
  otherMultiplikator = o;
  organisationMember = org;
  admin = a;
  companyId = await insertCompany(db, { name: "Wirtschaftsförderung Erzgebirge", members: [m.id, org.id] });
  await insertCompany(db, { name: "Fremde Kammer", members: [o.id] });
  pendingCompanyId = await insertCompany(db, { name: "Neue Firma s.r.o.", status: "PENDING" });
  const base = { companyId };
  ids.usti = await insertNews(db, { ...base, titleDe: "Förderaufruf für Projekte in Ústí nad Labem", titleCs: "Výzva k podpoře projektů v Ústí nad Labem", publishAt: daysAgo(3) }, NOW);
  ids.messe = await insertNews(db, { ...base, titleDe: "Messe in Dresden", titleCs: "Veletrh v Drážďanech", publishAt: daysAgo(1) }, NOW);
  ids.kurse = await insertNews(
    db,
    { companyId: pendingCompanyId, titleDe: "Sprachkurse Tschechisch", titleCs: "Jazykové kurzy němčiny", publishAt: daysAgo(10), descriptionDe: `<p>${"Wort ".repeat(80)}</p>` },
    NOW,
  );
  // Invisible to the public: scheduled for tomorrow, inactive, deleted.
  ids.scheduled = await insertNews(db, { ...base, titleDe: "Geplante Meldung", titleCs: "Plánovaná zpráva", publishAt: new Date(NOW.getTime() + DAY) }, NOW);
  ids.inactive = await insertNews(db, { ...base, titleDe: "Inaktive Meldung", active: false, publishAt: daysAgo(2) }, NOW);
  ids.deleted = await insertNews(db, { ...base, titleDe: "Gelöschte Meldung", deletedAt: daysAgo(1), publishAt: daysAgo(5) }, NOW);
});
afterAll(() => handle.close());

describe("the public news list", () => {
  it("shows public items only, newest first, in the reader's language", async () => {
    expect(await titles()).toEqual(["Messe in Dresden", "Förderaufruf für Projekte in Ústí nad Labem", "Sprachkurse Tschechisch"]);
    expect(await titles({}, "cs")).toEqual(["Veletrh v Drážďanech", "Výzva k podpoře projektů v Ústí nad Labem", "Jazykové kurzy němčiny"]);
    const { items, total, page, pageCount } = await listPublicNews(handle.db, query(), "de", NOW);
    expect({ total, page, pageCount }).toEqual({ total: 3, page: 1, pageCount: 1 });
    expect(items[0]).toMatchObject({ id: ids.messe, companyName: "Wirtschaftsförderung Erzgebirge", imageKey: "news/test-image.webp", excerpt: "Text der Neuigkeit" });
  });

  it("searches titles in both languages, ignoring case and diacritics, with wildcards taken literally", async () => {
    expect(await titles({ q: "usti" })).toEqual(["Förderaufruf für Projekte in Ústí nad Labem"]);
    expect(await titles({ q: "ÚSTÍ NAD" }, "cs")).toEqual(["Výzva k podpoře projektů v Ústí nad Labem"]);
    // A Czech word finds the item on the German page too (either title matches).
    expect(await titles({ q: "drazdanech" })).toEqual(["Messe in Dresden"]);
    expect(await titles({ q: "FORDERAUFRUF" })).toEqual(["Förderaufruf für Projekte in Ústí nad Labem"]);
    expect(await titles({ q: "  messe  " })).toEqual(["Messe in Dresden"]);
    expect(await titles({ q: "50%" })).toEqual([]);
    expect(await titles({ q: "_" })).toEqual([]);
    // Hidden items are not found by their title either.
    expect(await titles({ q: "Meldung" })).toEqual([]);
  });

  it("pages through 30 at a time; a page past the end shows the last one", async () => {
    const { db } = handle;
    for (let i = 0; i < NEWS_LIMITS.pageSize; i++) await insertNews(db, { companyId, titleDe: `Serie ${String(i).padStart(2, "0")}`, publishAt: daysAgo(20 + i) }, NOW);
    const first = await listPublicNews(db, query(), "de", NOW);
    expect(first).toMatchObject({ total: 33, page: 1, pageCount: 2 });
    expect(first.items).toHaveLength(30);
    const second = await listPublicNews(db, query({ page: 2 }), "de", NOW);
    expect(second.items.map((i) => i.title)).toEqual(["Serie 27", "Serie 28", "Serie 29"]);
    expect(await listPublicNews(db, query({ page: 99 }), "de", NOW)).toMatchObject({ page: 2, pageCount: 2 });
    const series = await listPublicNews(db, query({ q: "serie" }), "de", NOW);
    expect(series).toMatchObject({ total: 30, pageCount: 1 });
    const nothing = await listPublicNews(db, query({ q: "nichts dergleichen" }), "de", NOW);
    expect(nothing).toMatchObject({ total: 0, page: 1, pageCount: 1, items: [] });
  });

  it("lets a scheduled item appear when it is due, on the list and among the latest", async () => {
    expect(await titles({ q: "geplant" })).toEqual([]);
    expect((await latestNews(handle.db, "de", 3, NOW)).map((n) => n.id)).toEqual([ids.messe, ids.usti, ids.kurse]);
    const tomorrow = new Date(NOW.getTime() + DAY);
    expect(await titles({ q: "geplant" }, "de", tomorrow)).toEqual(["Geplante Meldung"]);
    expect((await latestNews(handle.db, "cs", 2, tomorrow)).map((n) => n.title)).toEqual(["Plánovaná zpráva", "Veletrh v Drážďanech"]);
    // A second before it is due, it is not.
    expect(await titles({ q: "geplant" }, "de", new Date(tomorrow.getTime() - 1000))).toEqual([]);
  });
});

describe("one news item", () => {
  const view = (actor: Actor, id: string, now = NOW) => getPublicNews(handle.db, actor, id, "de", now);

  it("shows a public item to everyone, with its sanitised text, author and company", async () => {
    const item = await view(null, ids.usti!);
    expect(item).toMatchObject({
      id: ids.usti,
      title: "Förderaufruf für Projekte in Ústí nad Labem",
      descriptionHtml: "<p>Text der Neuigkeit</p>",
      excerpt: "Text der Neuigkeit",
      authorName: "Test Autorin",
      companyId,
      companyName: "Wirtschaftsförderung Erzgebirge",
      companyPublic: true,
      state: "PUBLISHED",
      canManage: false,
    });
    expect((await getPublicNews(handle.db, null, ids.usti!, "cs", NOW)).title).toBe("Výzva k podpoře projektů v Ústí nad Labem");
    expect((await view(member, ids.usti!)).canManage).toBe(true);
  });

  it("does not link a company whose profile is not public", async () => {
    const item = await view(null, ids.kurse!);
    expect(item.companyPublic).toBe(false);
    expect(item.excerpt.length).toBeLessThanOrEqual(302);
    expect(item.excerpt.endsWith(" …")).toBe(true);
  });

  it("is NOT_FOUND for the public when unknown, malformed, scheduled, inactive or deleted", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "17", "not-a-uuid", ids.scheduled!, ids.inactive!, ids.deleted!]) {
      for (const actor of [null, organisationMember, otherMultiplikator]) {
        await expect(view(actor, id), `${id} ${actor?.role ?? "anonymous"}`).rejects.toMatchObject({ code: "NOT_FOUND" });
      }
    }
  });

  it("is a preview for the company's Multiplikator (not deleted ones) and for admins (all), marked by its state", async () => {
    expect(await view(member, ids.scheduled!)).toMatchObject({ state: "SCHEDULED", canManage: true });
    expect(await view(member, ids.inactive!)).toMatchObject({ state: "INACTIVE", canManage: true });
    await expect(view(member, ids.deleted!)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await view(admin, ids.scheduled!)).toMatchObject({ state: "SCHEDULED", canManage: true });
    expect(await view(admin, ids.inactive!)).toMatchObject({ state: "INACTIVE" });
    expect(await view(admin, ids.deleted!)).toMatchObject({ state: "DELETED" });
    // Once due, the scheduled item is public for everyone.
    expect(await view(null, ids.scheduled!, new Date(NOW.getTime() + DAY))).toMatchObject({ state: "PUBLISHED" });
  });
});

it("cuts excerpts at a word with an ellipsis", () => {
  expect(newsExcerpt("<p>Kurz</p>")).toBe("Kurz");
  const long = newsExcerpt(`<p>${"Grenzregion ".repeat(40)}</p>`, 50);
  expect(long.endsWith(" …")).toBe(true);
  expect(long.length).toBeLessThanOrEqual(52);
  expect(long).not.toMatch(/Grenzreg …$/);
});
