import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALES } from "~/i18n/locales";
import { isBuilt } from "~/routing/catalogue";
import { alternatesOf, canonicalsOf, parseHead } from "../tests/support/html-head";
import { sqlOnServer, startServer, type TestServer } from "../tests/support/server";

/**
 * Issue 13: both languages' sitemaps on the demo data, every listed URL opened — it answers 200,
 * its canonical is the listed URL and its hreflang links are the listed alternates — and what
 * must stay out (pending companies, scheduled and inactive events, unpublished news) is not listed.
 */
const ENV = { RATE_LIMIT_PER_IP_PER_HOUR: "100000" };
let server: TestServer;
const hidden: Record<string, string[]> = {};
let publicNews = "";

interface Listed {
  loc: string;
  lastmod: string | null;
  alternates: Record<string, string>;
}
const sitemaps: Record<string, { status: number; cacheControl: string | null; urls: Listed[] }> = {};

function parseSitemap(xml: string): Listed[] {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body]) => ({
    loc: /<loc>([^<]+)<\/loc>/.exec(body!)![1]!.replace(/&amp;/g, "&"),
    lastmod: /<lastmod>([^<]+)<\/lastmod>/.exec(body!)?.[1] ?? null,
    alternates: Object.fromEntries([...body!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, "&")])),
  }));
}

/** The listed (PUBLIC_URL) address, fetched from the test server's own address. */
const local = (url: string) => {
  const u = new URL(url);
  return `${server.url}${u.pathname}${u.search}`;
};

/** A few hidden things besides the demo data's own (two pending companies, one scheduled event). */
const FIXTURES = `
WITH pub AS (
  SELECT id FROM events WHERE active AND deleted_at IS NULL AND publish_at <= now() AND NOT b2b ORDER BY starts_at DESC LIMIT 2
), inactive AS (
  UPDATE events SET active = false WHERE id = (SELECT id FROM pub ORDER BY id LIMIT 1) RETURNING id
), deleted AS (
  UPDATE events SET deleted_at = now() WHERE id = (SELECT id FROM pub ORDER BY id DESC LIMIT 1) RETURNING id
), company AS (
  SELECT id FROM companies WHERE status = 'VERIFIED' ORDER BY name LIMIT 1
), image AS (
  SELECT storage_key FROM event_files WHERE kind = 'IMAGE' LIMIT 1
), items AS (
  INSERT INTO news (company_id, author_name, title_de, title_cs, description_de, description_cs, image_key, publish_at, active, deleted_at)
  SELECT company.id, 'Test', v.kind, v.kind, '<p>Sitemap-Test</p>', '<p>Test mapy webu</p>', image.storage_key, v.publish_at, v.active, v.deleted_at
  FROM company, image, (VALUES
    ('publicNews', now() - interval '1 day', true, NULL::timestamptz),
    ('scheduledNews', now() + interval '5 days', true, NULL),
    ('inactiveNews', now() - interval '1 day', false, NULL),
    ('deletedNews', now() - interval '1 day', true, now())
  ) AS v(kind, publish_at, active, deleted_at)
  RETURNING id, title_de
)
SELECT 'inactiveEvent' AS kind, id::text FROM inactive
UNION ALL SELECT 'deletedEvent', id::text FROM deleted
UNION ALL SELECT title_de, id::text FROM items
UNION ALL SELECT 'pendingCompany', id::text FROM companies WHERE status = 'PENDING'
UNION ALL SELECT 'scheduledEvent', id::text FROM events WHERE publish_at > now()
`;

beforeAll(async () => {
  server = await startServer(ENV);
  const result = await sqlOnServer<{ kind: string; id: string }>(server, ENV, FIXTURES);
  server = result.server;
  for (const row of result.rows) (hidden[row.kind] ??= []).push(row.id);
  publicNews = hidden.publicNews![0]!;
  delete hidden.publicNews;
  for (const locale of LOCALES) {
    const res = await fetch(`${server.url}/${locale}/sitemap.xml`);
    sitemaps[locale] = { status: res.status, cacheControl: res.headers.get("cache-control"), urls: parseSitemap(await res.text()) };
  }
}, 180_000);
afterAll(() => server?.close());

describe("sitemap.xml per language", () => {
  it("answers XML with modest caching and the same pages in both languages, each with its counterpart", () => {
    for (const locale of LOCALES) {
      expect(sitemaps[locale]!.status).toBe(200);
      expect(sitemaps[locale]!.cacheControl).toBe("public, max-age=3600");
    }
    const de = sitemaps.de!.urls;
    const cs = sitemaps.cs!.urls;
    expect(de.length).toBeGreaterThan(50);
    expect(cs.map((u) => u.alternates)).toEqual(de.map((u) => u.alternates));
    for (const [locale, urls] of Object.entries(sitemaps)) {
      for (const url of urls.urls) {
        expect(Object.keys(url.alternates)).toEqual(["de", "cs", "x-default"]);
        expect(url.alternates[locale]).toBe(url.loc);
        expect(url.alternates["x-default"]).toBe(url.alternates.de);
        expect(url.loc.startsWith(`http://localhost:${server.port}/${locale}`)).toBe(true);
      }
    }
    // Detail pages carry their last change.
    expect(de.filter((u) => /\/firmen\/|\/veranstaltungen\/[0-9a-f-]{36}$/.test(u.loc)).every((u) => u.lastmod !== null)).toBe(true);
  });

  it("leaves out pending companies, scheduled, inactive and deleted events, and unpublished, inactive and deleted news", () => {
    expect(Object.keys(hidden).sort()).toEqual(["deletedEvent", "deletedNews", "inactiveEvent", "inactiveNews", "pendingCompany", "scheduledEvent", "scheduledNews"]);
    expect(hidden.pendingCompany).toHaveLength(2);
    const all = [...sitemaps.de!.urls, ...sitemaps.cs!.urls].map((u) => u.loc).join("\n");
    for (const [kind, ids] of Object.entries(hidden)) for (const id of ids) expect(all, kind).not.toContain(id);
    // Public news are listed once the news pages are built (issue 13's news branch).
    expect(all.includes(publicNews)).toBe(isBuilt("newsDetail"));
  });

  it("has no parts while one file suffices", async () => {
    expect((await fetch(`${server.url}/de/sitemap/1.xml`)).status).toBe(404);
    expect((await fetch(`${server.url}/cs/sitemap/x.xml`)).status).toBe(404);
  });

  it(
    "every listed URL answers 200, names itself canonical and the sitemap's alternates as hreflang",
    async () => {
      const urls = [...sitemaps.de!.urls, ...sitemaps.cs!.urls];
      const failures: string[] = [];
      let next = 0;
      // Four at a time: the server renders every page; more would only queue.
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < urls.length) {
            const url = urls[next++]!;
            const res = await fetch(local(url.loc), { redirect: "manual" });
            if (res.status !== 200) {
              failures.push(`${url.loc}: ${res.status}`);
              continue;
            }
            const head = parseHead(await res.text());
            const canonicals = canonicalsOf(head);
            if (canonicals.length !== 1 || canonicals[0] !== url.loc) failures.push(`${url.loc}: canonical ${canonicals.join(", ")}`);
            const alternates = alternatesOf(head);
            if (JSON.stringify(alternates) !== JSON.stringify(url.alternates)) failures.push(`${url.loc}: hreflang ${JSON.stringify(alternates)}`);
          }
        }),
      );
      expect(failures).toEqual([]);
    },
    240_000,
  );
});

describe("robots.txt", () => {
  it("allows crawling, keeps crawlers out of admin, API, sign-in and developer paths, and names both sitemaps", async () => {
    const res = await fetch(`${server.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const lines = (await res.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/de/admin", "/cs/admin", "/api/", "/auth/", "/dev/"]) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines.some((l) => /^Disallow: \/files/.test(l))).toBe(false);
    for (const locale of LOCALES) expect(lines).toContain(`Sitemap: http://localhost:${server.port}/${locale}/sitemap.xml`);
  });
});
