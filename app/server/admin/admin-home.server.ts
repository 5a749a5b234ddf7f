import { and, count, eq, gte, inArray, isNull, type SQL } from "drizzle-orm";
import * as clock from "~/server/clock.server";
import { companyNotDeleted, ownerNotDeleted } from "~/server/companies/deleted";
import type { Db } from "~/server/db/client.server";
import { openPairCount } from "~/server/duplicates/resolution.server";
import { companies, companyChallenges, companyUserLinks, eventRegistrations, events, news, userRoleRequests } from "~/server/db/schema";
import { isOrganizerMemberSql } from "~/server/events/relation.server";
import { isNewsCompanyMemberSql } from "~/server/news/relation.server";
import { type Actor, authorize } from "~/server/policy/policy";

/**
 * The counts on the admin parent page (issue 20): for admins the work waiting in the approval and
 * challenge lists, for Multiplikators their upcoming events, the registrations on those events'
 * waiting lists, and their news. Each count uses the same conditions as the list it links to, and
 * is one aggregate query.
 */
export type AdminHomeCounts =
  | { kind: "admin"; companyApprovals: number; linkRequests: number; roleRequests: number; challenges: number; duplicates: number }
  | { kind: "multiplikator"; upcomingEvents: number; waitingRegistrations: number; news: number };

async function countOf(query: Promise<Array<{ n: number }>>): Promise<number> {
  const [row] = await query;
  return Number(row?.n ?? 0);
}

export async function getAdminHomeCounts(db: Db, actor: Actor, now = clock.now()): Promise<AdminHomeCounts> {
  authorize(actor, actor?.role === "Admin" || actor?.role === "Multiplikator");
  if (actor.role === "Admin") {
    const [companyApprovals, linkRequests, roleRequests, challenges, duplicates] = await Promise.all([
      countOf(db.select({ n: count() }).from(companies).where(and(eq(companies.status, "PENDING"), companyNotDeleted()))),
      countOf(
        db
          .select({ n: count() })
          .from(companyUserLinks)
          .innerJoin(companies, eq(companies.id, companyUserLinks.companyId))
          .where(and(eq(companyUserLinks.status, "REQUESTED"), companyNotDeleted())),
      ),
      countOf(db.select({ n: count() }).from(userRoleRequests).where(eq(userRoleRequests.status, "REQUESTED"))),
      countOf(
        db
          .select({ n: count() })
          .from(companyChallenges)
          .innerJoin(companies, eq(companies.id, companyChallenges.companyId))
          .where(and(eq(companyChallenges.status, "PENDING"), companyNotDeleted())),
      ),
      openPairCount(db),
    ]);
    return { kind: "admin", companyApprovals, linkRequests, roleRequests, challenges, duplicates };
  }
  // As the admin events list with "upcoming" (list-managed.server.ts): not deleted, not yet over.
  const upcoming: SQL = and(ownerNotDeleted(events.companyId), isOrganizerMemberSql(actor.id), isNull(events.deletedAt), gte(events.endsAt, now))!;
  const upcomingIds = db.select({ id: events.id }).from(events).where(upcoming);
  const [upcomingEvents, waitingRegistrations, newsCount] = await Promise.all([
    countOf(db.select({ n: count() }).from(events).where(upcoming)),
    countOf(
      db
        .select({ n: count() })
        .from(eventRegistrations)
        .where(and(eq(eventRegistrations.status, "WAITING"), inArray(eventRegistrations.eventId, upcomingIds))),
    ),
    countOf(db.select({ n: count() }).from(news).where(and(ownerNotDeleted(news.companyId), isNewsCompanyMemberSql(actor.id), isNull(news.deletedAt)))),
  ]);
  return { kind: "multiplikator", upcomingEvents, waitingRegistrations, news: newsCount };
}
