import { and, eq, inArray } from "drizzle-orm";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { companyUserLinks, eventRegistrations, events } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { loadEventRelation } from "~/server/events/relation.server";
import { eventPolicy } from "~/server/policy/event-policy";
import type { Actor } from "~/server/policy/policy";

export type B2bEvent = typeof events.$inferSelect;

/** Registrations that make their company a participant of the B2B meetings. */
export const LIVE_STATUSES = ["REGISTERED", "ATTENDED"] as const;

/**
 * The gate of the organiser's B2B page and everything done from it (issue 12): settings, runs,
 * locks, moves, publishing, ranking on a company's behalf, reminders and downloads. The event's
 * organisers and admins pass; anonymous → UNAUTHENTICATED; an event that is not a B2B event (or a
 * soft-deleted one for non-admins) → NOT_FOUND; everyone else → B2B_FORBIDDEN.
 */
export async function requireB2bOrganiser(db: Db, actor: Actor, eventId: string, now = clock.now()): Promise<B2bEvent> {
  const relation = await loadEventRelation(db, actor, eventId, now);
  if (!actor) throw new AppError("UNAUTHENTICATED");
  if (!eventPolicy.canManageB2b(actor, relation)) {
    if (relation.isDeleted) throw new AppError("NOT_FOUND");
    throw new AppError("B2B_FORBIDDEN");
  }
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  if (!event || !event.b2b) throw new AppError("NOT_FOUND");
  return event;
}

/** The actor's confirmed companies that take part in the event (usually one). */
export async function participatingCompaniesOfActor(db: Db, actor: Actor, eventId: string): Promise<string[]> {
  if (!actor) return [];
  const rows = await db
    .selectDistinct({ companyId: eventRegistrations.companyId })
    .from(eventRegistrations)
    .innerJoin(companyUserLinks, and(eq(companyUserLinks.companyId, eventRegistrations.companyId), eq(companyUserLinks.userId, actor.id), eq(companyUserLinks.status, "CONFIRMED")))
    .where(and(eq(eventRegistrations.eventId, eventId), inArray(eventRegistrations.status, [...LIVE_STATUSES])));
  return rows.map((r) => r.companyId);
}
