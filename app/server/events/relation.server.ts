import { and, eq, exists, isNull, lte, or, sql } from "drizzle-orm";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { companies, companyUserLinks, eventOrganizers, events } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import type { ActorCompanies, EventRelation } from "~/server/policy/event-policy";
import type { Actor } from "~/server/policy/policy";
import { companyNotDeleted, ownerNotDeleted } from "~/server/companies/deleted";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** SQL: the event is visible to the public at `now` (active, not deleted, published). */
export function isPublicSql(now: Date) {
  return and(eq(events.active, true), isNull(events.deletedAt), lte(events.publishAt, now));
}

/** SQL: the user is a confirmed member of the event's organising company or a further organiser. */
export function isOrganizerMemberSql(userId: string) {
  const member = (companyId: typeof events.companyId | typeof eventOrganizers.companyId) =>
    and(eq(companyUserLinks.companyId, companyId), eq(companyUserLinks.userId, userId), eq(companyUserLinks.status, "CONFIRMED"));
  return or(
    exists(sql`(select 1 from ${companyUserLinks} where ${member(events.companyId)})`),
    exists(
      sql`(select 1 from ${eventOrganizers} join ${companyUserLinks} on ${member(eventOrganizers.companyId)} where ${eq(eventOrganizers.eventId, events.id)})`,
    ),
  )!;
}

/**
 * The actor's relation to one event, for `eventPolicy`. NOT_FOUND when the id is malformed or no
 * such event exists (deleted ones included: the policy decides who may still see them).
 */
export async function loadEventRelation(db: Db, actor: Actor, eventId: string, now = clock.now()): Promise<EventRelation> {
  if (!UUID.test(eventId)) throw new AppError("NOT_FOUND");
  const [row] = await db
    .select({
      isPublic: sql<boolean>`coalesce(${isPublicSql(now)}, false)`,
      isDeleted: sql<boolean>`${events.deletedAt} is not null`,
      isOrganizerMember: actor ? sql<boolean>`coalesce(${isOrganizerMemberSql(actor.id)}, false)` : sql<boolean>`false`,
    })
    .from(events)
    // An event of a deleted company is gone for everyone until the company is restored (decision 026).
    .where(and(eq(events.id, eventId), ownerNotDeleted(events.companyId)));
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/** Throws NOT_FOUND when the actor may not see the event ("not yours" is "not found"), FORBIDDEN otherwise. */
export function ensureEvent(allowed: boolean, visible: boolean): void {
  if (!visible) throw new AppError("NOT_FOUND");
  if (!allowed) throw new AppError("FORBIDDEN");
}

/** Whether the actor has a confirmed company, and one that may register (verified or awaiting approval; decision 031). */
export async function loadActorCompanies(db: Db, actor: Actor): Promise<ActorCompanies> {
  if (!actor) return { hasCompany: false, hasRegistrableCompany: false };
  const rows = await db
    .select({ status: companies.status })
    .from(companyUserLinks)
    .innerJoin(companies, eq(companies.id, companyUserLinks.companyId))
    .where(and(eq(companyUserLinks.userId, actor.id), eq(companyUserLinks.status, "CONFIRMED"), companyNotDeleted()));
  return { hasCompany: rows.length > 0, hasRegistrableCompany: rows.some((r) => r.status === "VERIFIED" || r.status === "PENDING") };
}
