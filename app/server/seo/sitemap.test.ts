import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isBuilt, PAGES } from "~/routing/catalogue";
import type { DbHandle } from "~/server/db/client.server";
import { news } from "~/server/db/schema";
import { insertCompany } from "../../../tests/support/approvals-fixtures";
import { createTestDb } from "../../../tests/support/db";
import { insertEvent } from "../../../tests/support/event-fixtures";
import { SITEMAP_MAX_URLS, type SitemapEntry, sitemapDocument, sitemapEntries } from "./sitemap.server";

const BASE = "https://partnernet.example";
const NOW = new Date("2026-11-23T12:00:00Z");
const DAY = 86_400_000;
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
const companiesOf = (n: number): SitemapEntry[] => Array.from({ length: n }, (_, i) => ({ pageId: "companyDetail", params: { id: `c${i + 1}` }, lastmod: new Date(Date.UTC(2026, 0, 1 + i)) }));

describe("sitemap documents (issue 13)", () => {
  it("is one urlset with every page's counterparts and last change up to the limit", () => {
    const xml = sitemapDocument([{ pageId: "eventDetail", params: { id: "e1" }, lastmod: NOW }, { pageId: "about" }], "cs", BASE)!;
    expect(xml).toContain("<urlset");
    expect(locs(xml)).toEqual([`${BASE}/cs/ud%C3%A1losti/e1`, `${BASE}/cs/o-nas`]);
    expect(xml).toContain(`<lastmod>${NOW.toISOString()}</lastmod><xhtml:link rel="alternate" hreflang="de" href="${BASE}/de/veranstaltungen/e1"/>`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${BASE}/de/ueber-uns"/>`);
    // No parts while one file suffices.
    expect(sitemapDocument(companiesOf(2), "de", BASE, 1, 2)).toBeNull();
  });

  it("becomes an index of parts beyond the chunk size, each part a slice in order", () => {
    const entries = companiesOf(5);
    const index = sitemapDocument(entries, "de", BASE, undefined, 2)!;
    expect(index).toContain("<sitemapindex");
    expect(locs(index)).toEqual([1, 2, 3].map((n) => `${BASE}/de/sitemap/${n}.xml`));
    // Each part's last change is its newest entry's.
    expect(index).toContain(`<loc>${BASE}/de/sitemap/2.xml</loc><lastmod>2026-01-04T00:00:00.000Z</lastmod>`);
    expect(locs(sitemapDocument(entries, "de", BASE, 1, 2)!)).toEqual([`${BASE}/de/firmen/c1`, `${BASE}/de/firmen/c2`]);
    expect(locs(sitemapDocument(entries, "de", BASE, 3, 2)!)).toEqual([`${BASE}/de/firmen/c5`]);
    for (const part of [0, 4, 1.5]) expect(sitemapDocument(entries, "de", BASE, part, 2)).toBeNull();
  });

  it("splits at 50,000 URLs by default", () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    expect(sitemapDocument(companiesOf(50_000).slice(0, 3), "de", BASE)).toContain("<urlset");
    const many = companiesOf(50_001);
    expect(locs(sitemapDocument(many, "cs", BASE)!)).toEqual([`${BASE}/cs/sitemap/1.xml`, `${BASE}/cs/sitemap/2.xml`]);
    expect(locs(sitemapDocument(many, "cs", BASE, 2)!)).toEqual([`${BASE}/cs/firmy/c50001`]);
  });
});

describe("what the sitemap lists", () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.close());

  it("built public pages, verified companies, public events and (once built) public news only", async () => {
    const { db } = handle;
    const verified = await insertCompany(db);
    const pending = await insertCompany(db, { status: "PENDING" });
    const deactivated = await insertCompany(db, { status: "DEACTIVATED" });
    const event = await insertEvent(db, { companyId: verified }, NOW);
    const hiddenEvents = [
      await insertEvent(db, { companyId: verified, publishAt: new Date(NOW.getTime() + DAY) }, NOW),
      await insertEvent(db, { companyId: verified, active: false }, NOW),
      await insertEvent(db, { companyId: verified, deletedAt: NOW }, NOW),
    ];
    const item = (o: Partial<typeof news.$inferInsert>) => ({
      companyId: verified,
      authorName: "Autor",
      titleDe: "Titel",
      titleCs: "Titulek",
      descriptionDe: "<p>Text</p>",
      descriptionCs: "<p>Text</p>",
      imageKey: "news/x.webp",
      publishAt: new Date(NOW.getTime() - DAY),
      ...o,
    });
    const rows = await db
      .insert(news)
      .values([item({}), item({ publishAt: new Date(NOW.getTime() + DAY) }), item({ active: false }), item({ deletedAt: NOW })])
      .returning({ id: news.id });
    const [published, ...hiddenNews] = rows.map((r) => r.id);

    const entries = await sitemapEntries(db, NOW);
    const ids = (pageId: string) => entries.filter((e) => e.pageId === pageId).map((e) => e.params?.id);
    expect(entries.filter((e) => !e.params).map((e) => e.pageId)).toEqual(PAGES.filter((p) => p.sitemap && isBuilt(p.id)).map((p) => p.id));
    expect(ids("companyDetail")).toEqual([verified]);
    expect(ids("companyDetail")).not.toContain(pending);
    expect(ids("companyDetail")).not.toContain(deactivated);
    expect(ids("eventDetail")).toEqual([event]);
    for (const id of hiddenEvents) expect(ids("eventDetail")).not.toContain(id);
    expect(ids("newsDetail")).toEqual(isBuilt("newsDetail") ? [published] : []);
    for (const id of hiddenNews) expect(ids("newsDetail")).not.toContain(id);
    expect(entries.find((e) => e.params?.id === verified)?.lastmod).toBeInstanceOf(Date);
  });
});
