import { eq } from "drizzle-orm";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { events } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { loadEventRelation } from "~/server/events/relation.server";
import { eventPolicy } from "~/server/policy/event-policy";
import type { Actor } from "~/server/policy/policy";

export type ManagedEvent = typeof events.$inferSelect;

/**
 * The one gate of the organisers' toolkit (issue 11): every page, action and download under the
 * participant list calls this first. An unknown or malformed id is NOT_FOUND; an anonymous actor
 * UNAUTHENTICATED; anyone who is not an organiser of the event (or an admin) gets
 * PARTICIPANT_LIST_FORBIDDEN, the spec's "not authorised to view the participant list" (§6).
 */
export async function requireParticipantAccess(db: Db, actor: Actor, eventId: string, now = clock.now()): Promise<ManagedEvent> {
  const relation = await loadEventRelation(db, actor, eventId, now);
  if (!actor) throw new AppError("UNAUTHENTICATED");
  if (!eventPolicy.canManageParticipants(actor, relation)) {
    // A soft-deleted event stays hidden from everyone but admins, as on the other event pages.
    if (relation.isDeleted) throw new AppError("NOT_FOUND");
    throw new AppError("PARTICIPANT_LIST_FORBIDDEN");
  }
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  if (!event) throw new AppError("NOT_FOUND");
  return event;
}
