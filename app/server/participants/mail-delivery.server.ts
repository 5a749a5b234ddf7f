import { eq, sql } from "drizzle-orm";
import { textFor } from "~/schemas/participant-mail";
import { config } from "~/server/config.server";
import { type Db, rowsOf } from "~/server/db/client.server";
import { events, participantMailings } from "~/server/db/schema";
import type { MailRecipientStatus } from "~/server/db/schema-organisers";
import type { OutgoingMail } from "~/server/mail/mailer.server";
import { renderTextMail } from "~/server/mail/templates.server";
import type { FileStorage } from "~/server/storage/storage.server";
import { logger } from "~/server/logger.server";

/**
 * Sending a mailing, recipient by recipient (decision 021). The recipient rows are the truth:
 * a worker claims one row at a time with a lease (one short UPDATE, no transaction held while
 * the SMTP server talks), sends it with a Message-ID derived from the row, and marks it SENT.
 * Any number of workers in any number of instances can run this on the same mailing: SKIP LOCKED
 * hands each row to one of them, and a row whose lease ran out (its worker died) is claimed again.
 */
export interface DeliverySettings {
  leaseSeconds: number;
  maxAttempts: number;
  /** First retry delay; it doubles with every further attempt. */
  retrySeconds: number;
}

export const deliverySettings = (): DeliverySettings => config.participantMail;

/** Why a recipient's mail did not go out, as shown per recipient (participantMail.error.<code>). */
export const MAIL_FAILURE_CODES = ["REJECTED", "DEFERRED", "CONNECTION", "ATTACHMENT_MISSING", "INTERRUPTED", "ACCOUNT_DELETED", "ERROR"] as const;
export type MailFailureCode = (typeof MAIL_FAILURE_CODES)[number];

interface ClaimedRow {
  id: string;
  email: string;
  name: string;
  locale: "de" | "cs";
  attempts: number;
}

/**
 * Takes the next due recipient of the mailing: PENDING and not waiting for a retry, or SENDING
 * with a lease that ran out. The row lock of the inner SELECT plus SKIP LOCKED means two workers
 * never take the same row; the claim commits at once.
 */
export async function claimRecipient(db: Db, mailingId: string, leaseSeconds: number): Promise<ClaimedRow | null> {
  const result = await db.execute(sql`
    UPDATE participant_mail_recipients
       SET status = 'SENDING', attempts = attempts + 1, lease_until = now() + make_interval(secs => ${leaseSeconds})
     WHERE id = (
       SELECT id FROM participant_mail_recipients
        WHERE mailing_id = ${mailingId}
          AND ((status = 'PENDING' AND (lease_until IS NULL OR lease_until <= now()))
            OR (status = 'SENDING' AND lease_until < now()))
        ORDER BY created_at, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED)
    RETURNING id, email, name, locale, attempts`);
  return rowsOf<ClaimedRow>(result)[0] ?? null;
}

/** Delivered: SENT whatever happened meanwhile (a mail that went out is sent, even if a lease ran out). */
async function markSent(db: Db, id: string): Promise<void> {
  await db.execute(sql`UPDATE participant_mail_recipients SET status = 'SENT', sent_at = now(), lease_until = NULL, last_error = NULL WHERE id = ${id} AND status <> 'SENT'`);
}

/**
 * Not delivered: back to PENDING with a doubling delay, or FAILED after the last attempt or for a
 * permanent refusal. Only the attempt that holds the row may do so.
 */
async function markFailed(db: Db, row: ClaimedRow, code: MailFailureCode, permanent: boolean, settings: DeliverySettings): Promise<void> {
  const final = permanent || row.attempts >= settings.maxAttempts;
  const delay = settings.retrySeconds * 2 ** (row.attempts - 1);
  await db.execute(sql`
    UPDATE participant_mail_recipients
       SET status = ${final ? "FAILED" : "PENDING"},
           lease_until = ${final ? null : sql`now() + make_interval(secs => ${delay})`},
           last_error = ${code}
     WHERE id = ${row.id} AND status = 'SENDING' AND attempts = ${row.attempts}`);
}

/**
 * SENDING rows whose lease ran out after the last attempt: their worker died that often while
 * sending them (a mail that crashes the worker must not loop forever). Whether the last try
 * reached the server is unknown; shown as INTERRUPTED.
 */
async function giveUpLostRows(db: Db, mailingId: string, settings: DeliverySettings): Promise<void> {
  await db.execute(sql`
    UPDATE participant_mail_recipients SET status = 'FAILED', last_error = 'INTERRUPTED', lease_until = NULL
     WHERE mailing_id = ${mailingId} AND status = 'SENDING' AND lease_until < now() AND attempts >= ${settings.maxAttempts}`);
}

/** When the mailing next has work: now, a retry's or a lease's end, or never (all done). */
async function nextDue(db: Db, mailingId: string): Promise<Date | null> {
  const result = await db.execute(sql`
    SELECT min(CASE WHEN status = 'PENDING' THEN coalesce(lease_until, now()) ELSE lease_until END) AS due
      FROM participant_mail_recipients WHERE mailing_id = ${mailingId} AND status IN ('PENDING', 'SENDING')`);
  const due = rowsOf<{ due: Date | string | null }>(result)[0]?.due;
  return due ? new Date(due) : null;
}

/** Rows another worker could take right now (to decide whether to ask a second instance to help). */
export async function dueCount(db: Db, mailingId: string): Promise<number> {
  const result = await db.execute(sql`
    SELECT count(*)::int AS n FROM participant_mail_recipients
     WHERE mailing_id = ${mailingId}
       AND ((status = 'PENDING' AND (lease_until IS NULL OR lease_until <= now())) OR (status = 'SENDING' AND lease_until < now()))`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** The Message-ID of a recipient's mail: the same for every attempt, so a double is one message to clients. */
export function messageIdFor(recipientId: string): string {
  const host = new URL(config.publicUrl).hostname || "partnernet.invalid";
  return `<participant-mail.${recipientId}@${host}>`;
}

/** Tells a refusal (5xx: never retried) from a deferral (4xx) and a lost connection. */
export function classifyFailure(error: unknown): { code: MailFailureCode; permanent: boolean } {
  const e = error as { responseCode?: number; code?: string } | null;
  const status = typeof e?.responseCode === "number" ? e.responseCode : 0;
  if (status >= 500) return { code: "REJECTED", permanent: true };
  if (status >= 400) return { code: "DEFERRED", permanent: false };
  if (e?.code && /^(ECONNECTION|ETIMEDOUT|ESOCKET|EDNS|ECONNREFUSED|ECONNRESET|EPROTOCOL|EGREETING)$/.test(e.code)) return { code: "CONNECTION", permanent: false };
  return { code: "ERROR", permanent: false };
}

export interface RunOptions {
  settings: DeliverySettings;
  deliver: (mail: OutgoingMail) => Promise<void>;
  storage: FileStorage;
  signal?: AbortSignal;
  /** Stop claiming after this moment and let a follow-up job continue (keeps jobs short). */
  deadline?: number;
}

export interface RunResult {
  sent: number;
  failed: number;
  /** When there is more to do (a retry, a lease of another worker running out), or null when done. */
  nextDueAt: Date | null;
}

/** Works on one mailing until nothing is due now; safe to run in parallel with itself. */
export async function runMailing(db: Db, mailingId: string, options: RunOptions): Promise<RunResult> {
  const [mailing] = await db
    .select({ m: participantMailings, titleDe: events.titleDe, titleCs: events.titleCs })
    .from(participantMailings)
    .innerJoin(events, eq(events.id, participantMailings.eventId))
    .where(eq(participantMailings.id, mailingId));
  // The event (and with it the mailing) was deleted: nothing left to send.
  if (!mailing) return { sent: 0, failed: 0, nextDueAt: null };
  const { m } = mailing;
  let attachment: { data: Buffer; contentType: string } | null | undefined;
  let sent = 0;
  let failed = 0;
  while (!options.signal?.aborted && (options.deadline === undefined || Date.now() < options.deadline)) {
    const row = await claimRecipient(db, mailingId, options.settings.leaseSeconds);
    if (!row) break;
    try {
      if (m.attachmentKey && attachment === undefined) attachment = await options.storage.get(m.attachmentKey);
      if (m.attachmentKey && !attachment) {
        await markFailed(db, row, "ATTACHMENT_MISSING", true, options.settings);
        failed++;
        continue;
      }
      const text = textFor(row.locale, m);
      const mail = renderTextMail(row.email, text.locale, {
        subject: text.subject,
        heading: text.locale === "cs" ? mailing.titleCs : mailing.titleDe,
        body: text.body,
        footer: "participantMail.footer",
        footerValues: { title: text.locale === "cs" ? mailing.titleCs : mailing.titleDe },
      });
      mail.messageId = messageIdFor(row.id);
      if (attachment && m.attachmentName) mail.attachments = [{ filename: m.attachmentName, contentType: attachment.contentType, content: attachment.data }];
      await options.deliver(mail);
    } catch (error) {
      const { code, permanent } = classifyFailure(error);
      logger.warn({ err: error, outcome: code }, `Participant mail ${row.id} attempt ${row.attempts}: ${code}`);
      await markFailed(db, row, code, permanent, options.settings);
      failed++;
      continue;
    }
    await markSent(db, row.id);
    sent++;
  }
  await giveUpLostRows(db, mailingId, options.settings);
  return { sent, failed, nextDueAt: await nextDue(db, mailingId) };
}

export type { MailRecipientStatus };
