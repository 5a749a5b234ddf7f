import { and, eq } from "drizzle-orm";
import * as clock from "~/server/clock.server";
import { type Db, withTransaction } from "~/server/db/client.server";
import { eventRegistrations } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { lockEvent, mailRegistrant, promoteWaiting } from "~/server/events/registrations.server";
import { queueAgendaMails } from "~/server/matching/agenda-mail.server";
import { clearAbsence, lostMeetingsAsNoShow } from "~/server/matching/no-shows.server";
import { repairScheduleAfterCancellation } from "~/server/matching/repair.server";
import type { Actor } from "~/server/policy/policy";
import { requireParticipantAccess } from "./access.server";

/*
 * What organisers do to single registrations from the participant list (issue 11): delete one
 * (the participant is told, the waiting list moves up) and check participants in (and undo it).
 * All gated by requireParticipantAccess; a registration of another event is NOT_FOUND.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function findRegistration(db: Db, eventId: string, registrationId: string) {
  if (!UUID.test(registrationId)) throw new AppError("NOT_FOUND");
  const [row] = await db
    .select()
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.id, registrationId), eq(eventRegistrations.eventId, eventId)));
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

export interface DeleteResult {
  /** Registrations moved up from the waiting list into the freed place. */
  promoted: string[];
}

/**
 * Deletes a registration for good. Under the event row lock (like registering and cancelling), so
 * a freed place goes to exactly one waiting registration even when two organisers act at once; the
 * second delete of the same row finds nothing and says NOT_FOUND.
 */
export async function deleteRegistration(db: Db, actor: Actor, eventId: string, registrationId: string, now = clock.now()): Promise<DeleteResult> {
  await requireParticipantAccess(db, actor, eventId, now);
  await findRegistration(db, eventId, registrationId);
  const done = await withTransaction(db, async (tx) => {
    const event = await lockEvent(tx, eventId);
    const [deleted] = await tx
      .delete(eventRegistrations)
      .where(and(eq(eventRegistrations.id, registrationId), eq(eventRegistrations.eventId, eventId)))
      .returning();
    if (!deleted) throw new AppError("NOT_FOUND");
    const promoted = deleted.status === "CANCELLED" ? [] : await promoteWaiting(tx, event, now);
    // A B2B company whose last live registration this was leaves the published schedule (issue 12).
    const repair = event.b2b && deleted.status !== "CANCELLED" ? await repairScheduleAfterCancellation(tx, eventId, deleted.companyId, now) : null;
    return { event, deleted, promoted, repair };
  });
  if (done.repair) await queueAgendaMails(done.repair.notification);
  // A cancelled registration was already told; everyone else hears that the organiser removed it.
  if (done.deleted.status !== "CANCELLED") await mailRegistrant(db, done.deleted.userId, done.deleted.locale, done.event, "removed");
  for (const p of done.promoted) await mailRegistrant(db, p.userId, p.locale, done.event, "promoted", p.id);
  return { promoted: done.promoted.map((p) => p.id) };
}

export interface CheckInResult {
  status: "ATTENDED";
  attendedAt: Date;
  /** False when the participant had been checked in before (scanning a badge twice is harmless). */
  changed: boolean;
  /**
   * B2B (decision 059): the company was treated as a no-show by the published re-match and has no
   * meeting left in the rounds not started — the organiser is told, a new re-match can seat it.
   */
  lostMeetingsAsNoShow: boolean;
  /** The registration's company (for the organiser's message). */
  companyId: string;
}

/**
 * Marks a confirmed registration as attended. One conditional UPDATE: two organisers scanning the
 * same badge at once both see "checked in", and the first time stays recorded. Waiting or cancelled
 * registrations cannot be checked in (CHECKIN_NOT_POSSIBLE). Under the event lock (decision 059):
 * a B2B no-show re-match running at the same time sees the check-in before or after, never half —
 * before, the company keeps its meetings; after, the answer says it lost them. A check-in also
 * removes the company's absence mark.
 */
export async function checkIn(db: Db, actor: Actor, eventId: string, registrationId: string, now = clock.now()): Promise<CheckInResult> {
  await requireParticipantAccess(db, actor, eventId, now);
  const current = await findRegistration(db, eventId, registrationId);
  const outcome = await withTransaction(db, async (tx) => {
    const event = await lockEvent(tx, eventId);
    const [updated] = await tx
      .update(eventRegistrations)
      .set({ status: "ATTENDED", attendedAt: now, checkedInBy: actor!.id, updatedAt: now })
      .where(and(eq(eventRegistrations.id, registrationId), eq(eventRegistrations.status, "REGISTERED")))
      .returning({ attendedAt: eventRegistrations.attendedAt });
    let result: Omit<CheckInResult, "lostMeetingsAsNoShow"> | null = null;
    if (updated?.attendedAt) result = { status: "ATTENDED", attendedAt: updated.attendedAt, changed: true, companyId: current.companyId };
    else {
      const [again] = await tx.select().from(eventRegistrations).where(eq(eventRegistrations.id, current.id));
      if (again?.status === "ATTENDED" && again.attendedAt) result = { status: "ATTENDED", attendedAt: again.attendedAt, changed: false, companyId: current.companyId };
    }
    if (!result) return null;
    if (!event.b2b) return { ...result, lostMeetingsAsNoShow: false };
    await clearAbsence(tx, eventId, [current.companyId]);
    return { ...result, lostMeetingsAsNoShow: await lostMeetingsAsNoShow(tx, eventId, current.companyId, now) };
  });
  if (!outcome) throw new AppError("CHECKIN_NOT_POSSIBLE");
  return outcome;
}

/** Takes a check-in back (a wrong badge scanned): ATTENDED → REGISTERED. */
export async function undoCheckIn(db: Db, actor: Actor, eventId: string, registrationId: string, now = clock.now()): Promise<void> {
  await requireParticipantAccess(db, actor, eventId, now);
  await findRegistration(db, eventId, registrationId);
  await db
    .update(eventRegistrations)
    .set({ status: "REGISTERED", attendedAt: null, checkedInBy: null, updatedAt: now })
    .where(and(eq(eventRegistrations.id, registrationId), eq(eventRegistrations.status, "ATTENDED")));
}
