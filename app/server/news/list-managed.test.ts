import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCompany, insertUser, type TestUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb } from "../../../tests/support/db";
import { insertNews } from "../../../tests/support/news-admin-fixtures";
import { type NewsAdminFilter, newsAdminFilterSchema } from "~/schemas/news";
import type { DbHandle } from "~/server/db/client.server";
import { listManagedNews } from "./list-managed.server";

/** The admin news list (issue 13): who sees what, the state filter over time, title search, pages. */
const HOUR = 3_600_000;
const T0 = new Date("2026-06-01T08:00:00Z");

let handle: DbHandle;
let admin: TestUser, org: TestUser, multi: TestUser, multiOther: TestUser;
let companyA: string, companyB: string;
const ids: Record<string, string> = {};
const filter = (f: Partial<NewsAdminFilter> = {}): NewsAdminFilter => ({ q: "", state: "ALL", page: 1, ...f });
const list = (actor: TestUser | null, f: Partial<NewsAdminFilter> = {}, now = T0) => listManagedNews(handle.db, actor, filter(f), now);

beforeAll(async () => {
  handle = await createTestDb();
  const db = handle.db;
  admin = await insertUser(db, "Admin");
  org = await insertUser(db, "Organisation");
  multi = await insertUser(db, "Multiplikator");
  multiOther = await insertUser(db, "Multiplikator");
  companyA = await insertCompany(db, { name: "Sächsische Kammer", members: [multi.id, org.id] });
  companyB = await insertCompany(db, { name: "Krajská komora Ústí", members: [multiOther.id] });
  ids["published"] = await insertNews(db, { companyId: companyA, titleDe: "Förderprogramm Ústí startet", titleCs: "Dotační program Ústí startuje", publishAt: new Date(T0.getTime() - 2 * HOUR) }, T0);
  ids["scheduled"] = await insertNews(db, { companyId: companyA, titleDe: "Messe im Herbst", titleCs: "Veletrh na podzim", publishAt: new Date(T0.getTime() + 2 * HOUR) }, T0);
  ids["inactive"] = await insertNews(db, { companyId: companyA, titleDe: "Zurückgezogen", active: false, publishAt: new Date(T0.getTime() - 3 * HOUR) }, T0);
  ids["deleted"] = await insertNews(db, { companyId: companyA, titleDe: "Gelöschte Meldung", deletedAt: T0, publishAt: new Date(T0.getTime() - 4 * HOUR) }, T0);
  ids["other"] = await insertNews(db, { companyId: companyB, titleDe: "Aus Liberec", titleCs: "Z Liberce", publishAt: new Date(T0.getTime() - HOUR) }, T0);
});
afterAll(() => handle?.close());

const idsOf = (result: { items: Array<{ id: string }> }) => result.items.map((i) => i.id);

describe("listManagedNews", () => {
  it("admins see every item, deleted ones included; Multiplikators their companies' items without deleted ones", async () => {
    expect(idsOf(await list(admin))).toEqual([ids["scheduled"], ids["other"], ids["published"], ids["inactive"], ids["deleted"]]);
    expect(idsOf(await list(multi))).toEqual([ids["scheduled"], ids["published"], ids["inactive"]]);
    expect(idsOf(await list(multiOther))).toEqual([ids["other"]]);
    expect(idsOf(await list(multi, { state: "DELETED" }))).toEqual([]);
  });

  it("is refused to Organisation users and anonymous visitors", async () => {
    await expect(list(org)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(list(null)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("carries each item's state at `now` and filters by it", async () => {
    const states = Object.fromEntries((await list(admin)).items.map((i) => [i.id, i.state]));
    expect(states).toMatchObject({ [ids["published"]!]: "PUBLISHED", [ids["scheduled"]!]: "SCHEDULED", [ids["inactive"]!]: "INACTIVE", [ids["deleted"]!]: "DELETED" });
    expect(idsOf(await list(admin, { state: "SCHEDULED" }))).toEqual([ids["scheduled"]]);
    expect(idsOf(await list(admin, { state: "INACTIVE" }))).toEqual([ids["inactive"]]);
    expect(idsOf(await list(admin, { state: "DELETED" }))).toEqual([ids["deleted"]]);
    expect(idsOf(await list(admin, { state: "PUBLISHED" }))).toEqual([ids["other"], ids["published"]]);
    // Three hours later the scheduled item is out.
    const later = new Date(T0.getTime() + 3 * HOUR);
    expect(idsOf(await list(admin, { state: "SCHEDULED" }, later))).toEqual([]);
    expect(idsOf(await list(admin, { state: "PUBLISHED" }, later))).toEqual([ids["scheduled"], ids["other"], ids["published"]]);
  });

  it("searches titles in both languages ignoring case and diacritics, with the item's company and author", async () => {
    expect(idsOf(await list(admin, { q: "usti" }))).toEqual([ids["published"]]);
    expect(idsOf(await list(admin, { q: "DOTACNI" }))).toEqual([ids["published"]]);
    expect(idsOf(await list(multi, { q: "liberec" }))).toEqual([]);
    expect(idsOf(await list(admin, { q: "50%_" }))).toEqual([]);
    const [item] = (await list(admin, { q: "liberce" })).items;
    expect(item).toMatchObject({ companyName: "Krajská komora Ústí", authorName: "Test Autor", titleCs: "Z Liberce" });
  });

  it("reads its filters leniently from the URL: unknown states, NUL characters and bad pages fall back", () => {
    const parse = (query: string) => newsAdminFilterSchema.parse(Object.fromEntries(new URLSearchParams(query)));
    expect(parse("q=messe&state=SCHEDULED&page=2")).toEqual({ q: "messe", state: "SCHEDULED", page: 2 });
    expect(parse("q=a%00b&state=bogus&page=-3")).toEqual({ q: "", state: "ALL", page: 1 });
  });

  it("pages by 30, newest publication first", async () => {
    const owner = await insertUser(handle.db, "Multiplikator");
    const company = await insertCompany(handle.db, { name: "Viele Meldungen KG", members: [owner.id] });
    for (let i = 0; i < 31; i++) await insertNews(handle.db, { companyId: company, publishAt: new Date(T0.getTime() - i * HOUR) }, T0);
    const page1 = await list(owner);
    const page2 = await list(owner, { page: 2 });
    expect([page1.items.length, page1.total, page1.pageCount, page2.items.length, page2.page]).toEqual([30, 31, 2, 1, 2]);
    const times = page1.items.map((i) => i.publishAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
