import { and, desc, eq, sql } from "drizzle-orm";
import type { Locale } from "~/i18n/locales";
import { type NewsListQuery, NEWS_LIMITS, newsState } from "~/schemas/news";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { companies, news } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { richTextContent } from "~/server/events/rich-text.server";
import { newsPolicy } from "~/server/policy/news-policy";
import type { Actor } from "~/server/policy/policy";
import { titleMatches } from "./list-managed.server";
import { ensureNews, isPublicNewsSql, loadNewsRelation } from "./relation.server";

/**
 * Teasers of the descriptions seen lately (a description's teaser never changes): sanitising the
 * HTML again for every home and list render cost ~1 % of a home page's CPU (decision 066).
 */
const EXCERPTS = new Map<string, string>();
const EXCERPTS_KEPT = 500;

/** The teaser text of an item: its visible text, cut at a word boundary. */
export function newsExcerpt(html: string, max = 220): string {
  const key = `${max}\u0000${html}`;
  const known = EXCERPTS.get(key);
  if (known !== undefined) return known;
  const text = richTextContent(html);
  const cut = text.slice(0, max);
  const excerpt = text.length <= max ? text : `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max - 30)).trimEnd()} …`;
  if (EXCERPTS.size >= EXCERPTS_KEPT) EXCERPTS.delete(EXCERPTS.keys().next().value!);
  EXCERPTS.set(key, excerpt);
  return excerpt;
}

const localized = (row: { titleDe: string; titleCs: string; descriptionDe: string; descriptionCs: string }, locale: Locale) => ({
  title: locale === "cs" ? row.titleCs : row.titleDe,
  description: locale === "cs" ? row.descriptionCs : row.descriptionDe,
});

const teaserColumns = {
  id: news.id,
  titleDe: news.titleDe,
  titleCs: news.titleCs,
  descriptionDe: news.descriptionDe,
  descriptionCs: news.descriptionCs,
  imageKey: news.imageKey,
  publishAt: news.publishAt,
  companyId: news.companyId,
  companyName: companies.name,
};

export interface NewsTeaser {
  id: string;
  title: string;
  excerpt: string;
  imageKey: string;
  publishAt: Date;
  companyName: string;
}

function teaser(row: { id: string; titleDe: string; titleCs: string; descriptionDe: string; descriptionCs: string; imageKey: string; publishAt: Date; companyName: string }, locale: Locale): NewsTeaser {
  const { title, description } = localized(row, locale);
  return { id: row.id, title, excerpt: newsExcerpt(description), imageKey: row.imageKey, publishAt: row.publishAt, companyName: row.companyName };
}

/**
 * The public list (spec §2 news list): public items only (active, not deleted, due at `now`),
 * newest first, searchable by title in both languages ignoring case and diacritics.
 */
export async function listPublicNews(db: Db, query: NewsListQuery, locale: Locale, now = clock.now()) {
  const where = and(isPublicNewsSql(now), query.q.trim() ? titleMatches(query.q.trim()) : undefined);
  const size = NEWS_LIMITS.pageSize;
  const [total] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(news).where(where);
  const count = total?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(count / size));
  // A page past the end (an old link after items went away) shows the last page, like the event list.
  const page = Math.min(query.page, pageCount);
  const rows = await db
    .select(teaserColumns)
    .from(news)
    .innerJoin(companies, eq(companies.id, news.companyId))
    .where(where)
    .orderBy(desc(news.publishAt), desc(news.id))
    .limit(size)
    .offset((page - 1) * size);
  return { items: rows.map((r) => teaser(r, locale)), total: count, page, pageCount };
}

/** The newest public items (home page, feeds). */
export async function latestNews(db: Db, locale: Locale, limit: number, now = clock.now()): Promise<NewsTeaser[]> {
  const rows = await db
    .select(teaserColumns)
    .from(news)
    .innerJoin(companies, eq(companies.id, news.companyId))
    .where(isPublicNewsSql(now))
    .orderBy(desc(news.publishAt), desc(news.id))
    .limit(limit);
  return rows.map((r) => teaser(r, locale));
}

export type PublicNews = Awaited<ReturnType<typeof getPublicNews>>;

/**
 * One item for its page. The public sees public items only (others are NOT_FOUND); the people
 * who manage it also see it scheduled or inactive (a preview), marked by its state.
 */
export async function getPublicNews(db: Db, actor: Actor, newsId: string, locale: Locale, now = clock.now()) {
  const relation = await loadNewsRelation(db, actor, newsId, now);
  ensureNews(newsPolicy.canView(actor, relation), newsPolicy.canView(actor, relation));
  const [row] = await db
    .select({ news, companyName: companies.name, companyStatus: companies.status, companyLogoKey: companies.logoKey })
    .from(news)
    .innerJoin(companies, eq(companies.id, news.companyId))
    .where(eq(news.id, newsId));
  if (!row) throw new AppError("NOT_FOUND");
  const n = row.news;
  const { title, description } = localized(n, locale);
  return {
    id: n.id,
    title,
    /** Sanitised HTML (sanitised again on the way out would change nothing). */
    descriptionHtml: description,
    excerpt: newsExcerpt(description, 300),
    imageKey: n.imageKey,
    publishAt: n.publishAt,
    updatedAt: n.updatedAt,
    authorName: n.authorName,
    companyId: n.companyId,
    companyName: row.companyName,
    /** Link the company only when its profile is public. */
    companyPublic: row.companyStatus === "VERIFIED",
    /** The publisher's logo (structured data), when it has one. */
    companyLogoKey: row.companyLogoKey,
    state: newsState(n, now),
    canManage: newsPolicy.canManage(actor, relation),
  };
}

/** Every public item with its last change (sitemaps). */
export async function publicNewsForSitemap(db: Db, now = clock.now()) {
  return db.select({ id: news.id, updatedAt: news.updatedAt, publishAt: news.publishAt }).from(news).where(isPublicNewsSql(now)).orderBy(desc(news.publishAt));
}
