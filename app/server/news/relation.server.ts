import { and, eq, exists, isNull, lte, sql } from "drizzle-orm";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { companyUserLinks, news } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import type { NewsRelation } from "~/server/policy/news-policy";
import type { Actor } from "~/server/policy/policy";
import { ownerNotDeleted } from "~/server/companies/deleted";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isNewsId = (id: string | undefined): id is string => !!id && UUID.test(id);

/** SQL: the news item is visible to the public at `now` (active, not deleted, due). */
export function isPublicNewsSql(now: Date) {
  return and(eq(news.active, true), isNull(news.deletedAt), lte(news.publishAt, now))!;
}

/** SQL: the user is a confirmed member of the news item's company. */
export function isNewsCompanyMemberSql(userId: string) {
  return exists(
    sql`(select 1 from ${companyUserLinks} where ${and(eq(companyUserLinks.companyId, news.companyId), eq(companyUserLinks.userId, userId), eq(companyUserLinks.status, "CONFIRMED"))})`,
  );
}

/**
 * The actor's relation to one news item, for `newsPolicy`. NOT_FOUND when the id is malformed or
 * no such item exists (deleted ones included: the policy decides who may still see them).
 */
export async function loadNewsRelation(db: Db, actor: Actor, newsId: string, now = clock.now()): Promise<NewsRelation> {
  if (!isNewsId(newsId)) throw new AppError("NOT_FOUND");
  const [row] = await db
    .select({
      isPublic: sql<boolean>`coalesce(${isPublicNewsSql(now)}, false)`,
      isDeleted: sql<boolean>`${news.deletedAt} is not null`,
      isCompanyMember: actor ? sql<boolean>`coalesce(${isNewsCompanyMemberSql(actor.id)}, false)` : sql<boolean>`false`,
    })
    .from(news)
    // An item of a deleted company is gone for everyone until the company is restored (decision 026).
    .where(and(eq(news.id, newsId), ownerNotDeleted(news.companyId)));
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/** NOT_FOUND when the actor may not even see the item ("not yours" is "not found"), FORBIDDEN otherwise. */
export function ensureNews(allowed: boolean, visible: boolean): void {
  if (!visible) throw new AppError("NOT_FOUND");
  if (!allowed) throw new AppError("FORBIDDEN");
}
