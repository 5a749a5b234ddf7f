import { and, desc, eq, gt, isNotNull, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { type NewsAdminFilter, NEWS_LIMITS, newsState } from "~/schemas/news";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { companies, news } from "~/server/db/schema";
import { newsPolicy } from "~/server/policy/news-policy";
import { type Actor, authorize } from "~/server/policy/policy";
import { isNewsCompanyMemberSql } from "./relation.server";
import { ownerNotDeleted } from "~/server/companies/deleted";

/** `%term%` for ILIKE on folded text (pn_norm: lower case without diacritics), wildcards escaped. */
export function foldedPattern(term: string): SQL {
  return sql`'%' || replace(replace(replace(pn_norm(${term}), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
}

/** Title search in both languages, ignoring case and diacritics (the trigram indexes serve it). */
export function titleMatches(term: string): SQL {
  const pattern = foldedPattern(term);
  return or(sql`pn_norm(${news.titleDe}) like ${pattern}`, sql`pn_norm(${news.titleCs}) like ${pattern}`)!;
}

/**
 * The news the actor manages (spec §2 admin news): admins all (deleted ones included, for
 * restoring), Multiplikators those of companies they are confirmed members of, never deleted
 * ones. Newest publication date first, with the state of each item.
 */
export async function listManagedNews(db: Db, actor: Actor, filter: NewsAdminFilter, now = clock.now()) {
  authorize(actor, newsPolicy.canList(actor));
  // News of a deleted company are hidden here too: they come back only with it (decision 026).
  const conditions: Array<SQL | undefined> = [ownerNotDeleted(news.companyId)];
  if (actor.role !== "Admin") conditions.push(isNewsCompanyMemberSql(actor.id), isNull(news.deletedAt));
  if (filter.q.trim()) conditions.push(titleMatches(filter.q.trim()));
  if (filter.state === "DELETED") conditions.push(isNotNull(news.deletedAt));
  else if (filter.state !== "ALL") conditions.push(isNull(news.deletedAt));
  if (filter.state === "INACTIVE") conditions.push(eq(news.active, false));
  if (filter.state === "SCHEDULED") conditions.push(eq(news.active, true), gt(news.publishAt, now));
  if (filter.state === "PUBLISHED") conditions.push(eq(news.active, true), lte(news.publishAt, now));
  const where = and(...conditions);
  const size = NEWS_LIMITS.adminPageSize;
  const [total] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(news).where(where);
  const rows = await db
    .select({
      id: news.id,
      titleDe: news.titleDe,
      titleCs: news.titleCs,
      imageKey: news.imageKey,
      companyId: news.companyId,
      companyName: companies.name,
      authorName: news.authorName,
      publishAt: news.publishAt,
      active: news.active,
      deletedAt: news.deletedAt,
      updatedAt: news.updatedAt,
    })
    .from(news)
    .innerJoin(companies, eq(companies.id, news.companyId))
    .where(where)
    .orderBy(desc(news.publishAt), desc(news.id))
    .limit(size)
    .offset((filter.page - 1) * size);
  const count = total?.n ?? 0;
  return {
    items: rows.map((row) => ({ ...row, state: newsState(row, now) })),
    total: count,
    page: filter.page,
    pageCount: Math.max(1, Math.ceil(count / size)),
  };
}
