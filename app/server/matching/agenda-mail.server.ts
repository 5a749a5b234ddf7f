import { createHash } from "node:crypto";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Locale } from "~/i18n/locales";
import { type MessageKey, type MessageValues, translate } from "~/i18n/translate";
import { absoluteUrl } from "~/server/accounts/links.server";
import type { Db } from "~/server/db/client.server";
import { eventRegistrations, events, participantMailings, participantMailRecipients, users } from "~/server/db/schema";
import { enqueueJob } from "~/server/jobs/runtime.server";
import { participantMailJob } from "~/server/participants/mail-jobs.server";
import { LIVE_STATUSES } from "./access.server";
import { agendaOfRun } from "./agenda.server";
import { agendaLines } from "./agenda-documents.server";
import { participatingCompanies } from "./participants.server";
import { loadPlan } from "./plan.server";
import { type B2bMeetingRow, runMeetings } from "./run-store.server";
import { logger } from "~/server/logger.server";

/**
 * The agenda by e-mail when a schedule is published or repaired (issue 12).
 *
 * Durable and exactly once per (run, registrant), with two app instances and retries: the mails
 * are not sent here but written as rows of the participant-mail outbox (decision 021) — one
 * mailing per (run, company) whose id is derived from the run and the company (so calling this
 * twice for the same run inserts nothing the second time: ON CONFLICT DO NOTHING on the primary
 * key), one recipient row per live registrant (unique per mailing and address). The rows commit
 * with the caller's transaction (publish, repair), so a rolled-back publish sends nothing and a
 * committed one cannot lose its mails. Delivery is the participant-mail job's: a worker claims a
 * recipient row with a lease (FOR UPDATE SKIP LOCKED, so two instances never take the same row),
 * sends it with a Message-ID derived from the row, marks it SENT; the per-minute sweep queues any
 * mailing with due rows (e.g. when this instance died between commit and queueing). The organiser
 * sees these mailings, with their per-recipient state, in the participant list's mail history
 * (audience B2B_AGENDA).
 */

/** A company's agenda as compared between two runs: round, table and partner of each meeting. */
function signature(meetings: B2bMeetingRow[], companyId: string): string {
  return meetings
    .filter((m) => m.companyA === companyId || m.companyB === companyId)
    .map((m) => `${m.round}:${m.tableNo}:${m.companyA === companyId ? m.companyB : m.companyA}`)
    .sort()
    .join("|");
}

/** The mailing of one (run, company): a UUID derived from both (RFC 4122 layout, version 5 bits). */
export function agendaMailingId(runId: string, companyId: string): string {
  const h = createHash("sha256").update(`b2b-agenda:${runId}:${companyId}`).digest("hex");
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export interface AgendaNotification {
  /** Companies whose agenda is mailed (changed, or all on the first publish). */
  companyIds: string[];
  /** Mailings created now (empty when they existed already); queue them after the commit. */
  mailingIds: string[];
}

/**
 * Writes the agenda mails of run `runId` for every participating company whose agenda differs
 * from its agenda in `previousRunId` (on the first publish, `null`: every participating company).
 * Call it inside the transaction that publishes (it only inserts rows); after the commit, pass the
 * result to `queueAgendaMails` (or leave it to the sweep, which sends within a minute).
 */
export async function notifyAgendaChanges(db: Db, eventId: string, runId: string, previousPublishedRunId: string | null, o: { mail?: boolean } = {}): Promise<AgendaNotification> {
  const plan = await loadPlan(db, eventId);
  const [event] = await db.select({ titleDe: events.titleDe, titleCs: events.titleCs }).from(events).where(eq(events.id, eventId));
  if (!event) return { companyIds: [], mailingIds: [] };
  const participants = await participatingCompanies(db, eventId);
  const meetings = await runMeetings(db, runId);
  const before = previousPublishedRunId ? await runMeetings(db, previousPublishedRunId) : null;
  const changed = participants.filter((p) => before === null || signature(meetings, p.companyId) !== signature(before, p.companyId));
  if (changed.length === 0) return { companyIds: [], mailingIds: [] };
  // The organiser chose not to e-mail (a no-show re-match, decision 059): the agendas still show "changed".
  if (o.mail === false) return { companyIds: changed.map((c) => c.companyId), mailingIds: [] };

  const registrants = await db
    .select({ registrationId: eventRegistrations.id, companyId: eventRegistrations.companyId, locale: eventRegistrations.locale, email: users.email, name: users.name })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        inArray(eventRegistrations.status, [...LIVE_STATUSES]),
        inArray(
          eventRegistrations.companyId,
          changed.map((c) => c.companyId),
        ),
        isNotNull(eventRegistrations.userId),
      ),
    );

  const mailingIds: string[] = [];
  for (const company of changed) {
    const people = registrants.filter((r) => r.companyId === company.companyId);
    if (people.length === 0) continue;
    const { items, meetingCount } = await agendaOfRun(db, { plan, runId, companyId: company.companyId, participants, meetings });
    const text = (locale: Locale) => {
      const t = (key: MessageKey, values?: MessageValues) => translate(locale, key, values);
      const title = locale === "cs" ? event.titleCs : event.titleDe;
      const query = { company: company.companyId };
      const lines = agendaLines(items, locale).map((l) =>
        l.pause
          ? `${l.round} · ${l.time} · ${l.partner}`
          : [`${l.round} · ${l.time} · ${t("b2bAgenda.col.table")} ${l.table}`, `  ${t("b2bAgenda.col.partner")}: ${l.partner.replace(/\n/g, ", ")}`, l.contact ? `  ${t("b2bAgenda.col.contact")}: ${l.contact.replace(/\n/g, ", ")}` : null]
              .filter(Boolean)
              .join("\n"),
      );
      const body = [
        t(before === null ? "b2bAgenda.mail.intro" : "b2bAgenda.mail.introChanged", { title, company: company.name }),
        t("b2bAgenda.meetingCount", { count: meetingCount }),
        lines.join("\n\n"),
        [
          `${t("b2bAgenda.mail.page")}: ${absoluteUrl("eventDetail", locale, query, { id: eventId })}`,
          `${t("b2bAgenda.mail.pdf")}: ${absoluteUrl("eventB2bAgendaPdf", locale, query, { id: eventId })}`,
          `${t("b2bAgenda.mail.ics")}: ${absoluteUrl("eventB2bAgendaIcs", locale, query, { id: eventId })}`,
        ].join("\n"),
      ].join("\n\n");
      return { subject: t(before === null ? "b2bAgenda.mail.subject" : "b2bAgenda.mail.subjectChanged", { title }), body };
    };
    const de = text("de");
    const cs = text("cs");
    const mailingId = agendaMailingId(runId, company.companyId);
    const inserted = await db
      .insert(participantMailings)
      .values({ id: mailingId, eventId, createdBy: null, audience: "B2B_AGENDA", subjectDe: de.subject, bodyDe: de.body, subjectCs: cs.subject, bodyCs: cs.body })
      .onConflictDoNothing()
      .returning({ id: participantMailings.id });
    if (inserted.length === 0) continue;
    await db
      .insert(participantMailRecipients)
      .values(people.map((p) => ({ mailingId, registrationId: p.registrationId, email: p.email, name: p.name, locale: p.locale })))
      .onConflictDoNothing();
    mailingIds.push(mailingId);
  }
  return { companyIds: changed.map((c) => c.companyId), mailingIds };
}

/** After the commit: asks a worker to send the mailings now (the sweep would within a minute). */
export async function queueAgendaMails(notification: Pick<AgendaNotification, "mailingIds">): Promise<void> {
  for (const mailingId of notification.mailingIds) {
    await enqueueJob(participantMailJob, { mailingId }).catch((error: unknown) => logger.warn({ err: error }, `Agenda mailing ${mailingId}: not queued now; the sweep will`));
  }
}
