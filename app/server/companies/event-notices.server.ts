import { createHash } from "node:crypto";
import { and, eq, inArray, isNotNull, ne } from "drizzle-orm";
import type { Locale } from "~/i18n/locales";
import { type MessageKey, type MessageValues, translate } from "~/i18n/translate";
import { absoluteUrl } from "~/server/accounts/links.server";
import type { Db } from "~/server/db/client.server";
import { eventRegistrations, events, participantMailings, participantMailRecipients, users } from "~/server/db/schema";
import { enqueueJob } from "~/server/jobs/runtime.server";
import { participantMailJob } from "~/server/participants/mail-jobs.server";
import { logger } from "~/server/logger.server";

/**
 * "Your event is cancelled" / "your event is back" (decision 026): when an upcoming event
 * disappears (its organiser deleted it, or its company was deleted) and when an admin brings it
 * back. Like the B2B agenda mails (decision 021), the mails are rows of the participant-mail
 * outbox written in the caller's transaction: one mailing per (event, notice, occasion) with an
 * id derived from them, so a repeated call inserts nothing (ON CONFLICT DO NOTHING on the key),
 * and one recipient row per registrant address (unique per mailing), sent by the participant-mail
 * job in the language the registrant registered in. A rolled-back delete sends nothing; a
 * committed one cannot lose its mails (the per-minute sweep queues any that were not queued).
 */

export type EventNotice = "CANCELLED" | "RESTORED";

/** A UUID derived from the seed (RFC 4122 layout, version 5 bits): the same occasion, the same mailing. */
function derivedId(seed: string): string {
  const h = createHash("sha256").update(seed).digest("hex");
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

type NoticeEvent = Pick<typeof events.$inferSelect, "id" | "titleDe" | "titleCs" | "startsAt" | "b2b">;

function noticeText(notice: EventNotice, event: NoticeEvent, locale: Locale): { subject: string; body: string } {
  const t = (key: MessageKey, values?: MessageValues) => translate(locale, key, values);
  const title = locale === "cs" ? event.titleCs : event.titleDe;
  const date = new Intl.DateTimeFormat(locale === "cs" ? "cs-CZ" : "de-DE", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Berlin" }).format(event.startsAt);
  const paragraphs = [t(notice === "CANCELLED" ? "eventNotice.cancelled.body" : "eventNotice.restored.body", { title, date })];
  if (event.b2b) paragraphs.push(t(notice === "CANCELLED" ? "eventNotice.cancelled.b2b" : "eventNotice.restored.b2b"));
  if (notice === "RESTORED") paragraphs.push(`${t("eventNotice.restored.page")}: ${absoluteUrl("eventDetail", locale, undefined, { id: event.id })}`);
  return { subject: t(notice === "CANCELLED" ? "eventNotice.cancelled.subject" : "eventNotice.restored.subject", { title }), body: paragraphs.join("\n\n") };
}

/**
 * Writes the notice for each given event that has not ended at `now`, to everyone with a live
 * (not cancelled) registration and an account. `occasion` tells deletions apart (the deletion's
 * moment), so a second deletion after a restore mails again, a retried one does not. Call it in
 * the transaction that changes the events, after locking their rows (a registration waiting for
 * the lock then either committed first and is mailed, or finds the event gone). Returns the
 * mailings created now, for `queueNotices` after the commit.
 */
export async function writeEventNotices(tx: Db, notice: EventNotice, eventIds: readonly string[], occasion: string, createdBy: string | null, now: Date): Promise<string[]> {
  if (eventIds.length === 0) return [];
  const rows = await tx
    .select({ id: events.id, titleDe: events.titleDe, titleCs: events.titleCs, startsAt: events.startsAt, endsAt: events.endsAt, b2b: events.b2b })
    .from(events)
    .where(inArray(events.id, [...eventIds]));
  const mailingIds: string[] = [];
  for (const event of rows.filter((e) => e.endsAt > now)) {
    const people = await tx
      .select({ registrationId: eventRegistrations.id, locale: eventRegistrations.locale, email: users.email, name: users.name })
      .from(eventRegistrations)
      .innerJoin(users, eq(users.id, eventRegistrations.userId))
      .where(and(eq(eventRegistrations.eventId, event.id), ne(eventRegistrations.status, "CANCELLED"), isNotNull(eventRegistrations.userId)));
    if (people.length === 0) continue;
    const de = noticeText(notice, event, "de");
    const cs = noticeText(notice, event, "cs");
    const mailingId = derivedId(`event-notice:${notice}:${event.id}:${occasion}`);
    const inserted = await tx
      .insert(participantMailings)
      .values({ id: mailingId, eventId: event.id, createdBy, audience: notice, subjectDe: de.subject, bodyDe: de.body, subjectCs: cs.subject, bodyCs: cs.body, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: participantMailings.id });
    if (inserted.length === 0) continue;
    await tx
      .insert(participantMailRecipients)
      .values(people.map((p) => ({ mailingId, registrationId: p.registrationId, email: p.email, name: p.name, locale: p.locale })))
      .onConflictDoNothing();
    mailingIds.push(mailingId);
  }
  return mailingIds;
}

/** After the commit: asks a worker to send now (the sweep would within a minute). */
export async function queueNotices(mailingIds: readonly string[]): Promise<void> {
  for (const mailingId of mailingIds) {
    await enqueueJob(participantMailJob, { mailingId }).catch((error: unknown) => logger.warn({ err: error }, `Event notice ${mailingId}: not queued now; the sweep will`));
  }
}
