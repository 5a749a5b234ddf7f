import { and, asc, eq } from "drizzle-orm";
import { DEFAULT_LOCALE, type Locale, LOCALES } from "~/i18n/locales";
import { isBuilt, PAGES } from "~/routing/catalogue";
import { href } from "~/routing/paths";
import { absoluteUrl } from "~/routing/seo";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { companies } from "~/server/db/schema";
import { publicEventsForSitemap } from "~/server/events/list.server";
import { publicNewsForSitemap } from "~/server/news/public.server";
import { companyNotDeleted } from "~/server/companies/deleted";

/** One public page; it is listed in each language's sitemap with its counterparts. */
export interface SitemapEntry {
  pageId: string;
  params?: Record<string, string>;
  lastmod?: Date;
}

/** The protocol's limit per file (sitemaps.org); beyond it, /xx/sitemap.xml becomes an index. */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * Every page an anonymous visitor can open, in a stable order (issue 13): the built static and
 * list pages of the catalogue, verified companies (what companyPolicy.canView lets anyone see),
 * public events (active, not deleted, published) and public news (the same rule), each with its
 * last change. Pages still on the placeholder are left out, like their links (decision 014).
 */
export async function sitemapEntries(db: Db, now = clock.now()): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = PAGES.filter((p) => p.sitemap && isBuilt(p.id)).map((p) => ({ pageId: p.id }));
  if (isBuilt("companyDetail")) {
    const rows = await db
      .select({ id: companies.id, updatedAt: companies.updatedAt })
      .from(companies)
      .where(and(eq(companies.status, "VERIFIED"), companyNotDeleted()))
      .orderBy(asc(companies.createdAt), asc(companies.id));
    for (const c of rows) entries.push({ pageId: "companyDetail", params: { id: c.id }, lastmod: c.updatedAt });
  }
  if (isBuilt("eventDetail")) {
    for (const e of await publicEventsForSitemap(db, now)) entries.push({ pageId: "eventDetail", params: { id: e.id }, lastmod: e.updatedAt });
  }
  if (isBuilt("newsDetail")) {
    // A scheduled item changed before it went out counts from its publication.
    for (const n of await publicNewsForSitemap(db, now)) entries.push({ pageId: "newsDetail", params: { id: n.id }, lastmod: n.updatedAt > n.publishAt ? n.updatedAt : n.publishAt });
  }
  return entries;
}

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

function urlElement(entry: SitemapEntry, locale: Locale, base: string): string {
  const url = (l: Locale) => escapeXml(absoluteUrl(base, href(entry.pageId, l, entry.params)));
  const alternates = [...LOCALES.map((l) => [l, url(l)]), ["x-default", url(DEFAULT_LOCALE)]]
    .map(([lang, u]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${u}"/>`)
    .join("");
  const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : "";
  return `<url><loc>${url(locale)}</loc>${lastmod}${alternates}</url>`;
}

function urlset(entries: SitemapEntry[], locale: Locale, base: string): string {
  const body = entries.map((e) => urlElement(e, locale, base)).join("\n");
  return `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
}

/** The URL of part `n` (1-based) of a language's sitemap when it is split. */
export function sitemapPartPath(locale: Locale, n: number): string {
  return `/${locale}/sitemap/${n}.xml`;
}

const latest = (entries: SitemapEntry[]) => entries.reduce<Date | undefined>((max, e) => (e.lastmod && (!max || e.lastmod > max) ? e.lastmod : max), undefined);

/**
 * The XML of `/xx/sitemap.xml` (part undefined) or of `/xx/sitemap/N.xml`; null for a part that
 * does not exist (404). Up to `chunkSize` URLs the sitemap is one urlset and there are no parts;
 * beyond, the sitemap is an index of ceil(total / chunkSize) parts in the entries' order.
 */
export function sitemapDocument(entries: SitemapEntry[], locale: Locale, base: string, part?: number, chunkSize = SITEMAP_MAX_URLS): string | null {
  const parts = Math.ceil(entries.length / chunkSize);
  if (part === undefined) {
    if (parts <= 1) return urlset(entries, locale, base);
    const items = Array.from({ length: parts }, (_, i) => {
      const last = latest(entries.slice(i * chunkSize, (i + 1) * chunkSize));
      return `<sitemap><loc>${escapeXml(absoluteUrl(base, sitemapPartPath(locale, i + 1)))}</loc>${last ? `<lastmod>${last.toISOString()}</lastmod>` : ""}</sitemap>`;
    });
    return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
  }
  if (parts <= 1 || !Number.isInteger(part) || part < 1 || part > parts) return null;
  return urlset(entries.slice((part - 1) * chunkSize, part * chunkSize), locale, base);
}

/** The absolute URLs of both languages' sitemaps (robots.txt). */
export function sitemapUrls(base: string): string[] {
  return LOCALES.map((l) => absoluteUrl(base, `/${l}/sitemap.xml`));
}
