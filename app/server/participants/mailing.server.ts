import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Locale } from "~/i18n/locales";
import * as clock from "~/server/clock.server";
import { MAIL_ATTACHMENT_TYPES, MAIL_LIMITS, type MailingCounts, type ParticipantMailInput, participantMailSchema } from "~/schemas/participant-mail";
import type { ParticipantSelection } from "~/schemas/participant-selection";
import { type Db, withTransaction } from "~/server/db/client.server";
import { participantMailings, participantMailRecipients } from "~/server/db/schema";
import type { MailingAudience, MailRecipientStatus } from "~/server/db/schema-organisers";
import { AppError } from "~/server/errors";
import { cleanFileName } from "~/server/events/event-files.server";
import { enqueueJob } from "~/server/jobs/runtime.server";
import { hitUserLimit } from "~/server/limits.server";
import type { Actor } from "~/server/policy/policy";
import { writeWithFiles } from "~/server/storage/file-commit.server";
import { fileTooLarge } from "~/server/storage/images.server";
import { type FileStorage, newStorageKey } from "~/server/storage/storage.server";
import { requireParticipantAccess } from "./access.server";
import { listParticipants, type ParticipantRow } from "./list.server";
import { participantMailJob } from "./mail-jobs.server";
import { logger } from "~/server/logger.server";

/**
 * E-mail to an event's participants (issue 11, decision 021). Creating a mailing stores it with
 * one recipient row per address in one transaction and queues the work; the request returns at
 * once and the queue's workers send (mail-delivery.server.ts).
 */
export interface Recipient {
  registrationId: string;
  email: string;
  name: string;
  locale: Locale;
}

/**
 * Who gets the mail from the organiser's selection: registrations with an e-mail address, one
 * mail per address (the first registration of an address decides its language). Cancelled
 * registrations only when the organiser asked for them: ticked rows, or the list filtered to
 * "cancelled"; "all" and other filters mean the people still taking part.
 */
export function recipientsOf(rows: readonly ParticipantRow[], selection: ParticipantSelection): Recipient[] {
  const wantsCancelled = selection.ids.length > 0 || selection.filter.state === "CANCELLED";
  const byAddress = new Map<string, Recipient>();
  for (const row of rows) {
    if (!row.email || (row.status === "CANCELLED" && !wantsCancelled)) continue;
    const key = row.email.toLowerCase();
    if (!byAddress.has(key)) byAddress.set(key, { registrationId: row.id, email: row.email, name: row.personName ?? row.email, locale: row.locale });
  }
  return [...byAddress.values()];
}

/** The recipients of a selection, for the page before sending (gated like everything here). */
export async function previewRecipients(db: Db, actor: Actor, eventId: string, selection: ParticipantSelection) {
  const list = await listParticipants(db, actor, eventId, selection);
  return { event: list.event, audience: list.audience, recipients: recipientsOf(list.rows, selection) };
}

const ZIP = Buffer.from("PK\u0003\u0004", "latin1");
const SIGNATURES: Record<string, Buffer[]> = {
  pdf: [Buffer.from("%PDF-", "latin1")],
  png: [Buffer.from([0x89, 0x50, 0x4e, 0x47])],
  jpg: [Buffer.from([0xff, 0xd8, 0xff])],
  jpeg: [Buffer.from([0xff, 0xd8, 0xff])],
  docx: [ZIP],
  xlsx: [ZIP],
  pptx: [ZIP],
  odt: [ZIP],
  ods: [ZIP],
};
const ALLOWED_LABEL = "PDF, PNG, JPG, DOCX, XLSX, PPTX, ODT, ODS";

/** The attachment checked by size, name and first bytes (the browser's type is not believed). */
async function readAttachment(file: File): Promise<{ data: Buffer; extension: string; contentType: string; name: string }> {
  const withField = (error: AppError) => new AppError(error.code, { ...error.details, field: "attachment" });
  if (file.size > MAIL_LIMITS.attachmentMaxBytes) throw withField(fileTooLarge(MAIL_LIMITS.attachmentMaxBytes));
  const extension = (file.name.split(".").pop() ?? "").toLowerCase();
  const contentType = MAIL_ATTACHMENT_TYPES[extension];
  const data = Buffer.from(await file.arrayBuffer());
  if (!contentType || !SIGNATURES[extension]?.some((s) => data.subarray(0, s.length).equals(s))) {
    throw new AppError("FILE_TYPE_NOT_ALLOWED", { allowed: ALLOWED_LABEL, field: "attachment" });
  }
  return { data, extension, contentType, name: cleanFileName(file.name, `attachment.${extension}`) };
}

export interface MailingInput {
  selection: ParticipantSelection;
  texts: ParticipantMailInput;
  attachment: File | null;
}

/** The texts checked again on the server (the route parsed them already): the first problem, at its field. */
function checkTexts(texts: ParticipantMailInput, locale: Locale): ParticipantMailInput {
  const parsed = participantMailSchema(locale).safeParse(texts);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError(issue.message as "MAIL_SUBJECT_REQUIRED", { field: String(issue.path[0]) });
  }
  return parsed.data;
}

export async function createMailing(db: Db, actor: Actor, eventId: string, input: MailingInput, storage: FileStorage, locale: Locale = "de"): Promise<{ id: string; recipients: number }> {
  const { recipients, audience } = await previewRecipients(db, actor, eventId, input.selection);
  const texts = checkTexts(input.texts, locale);
  if (recipients.length === 0) throw new AppError("MAIL_RECIPIENTS_REQUIRED");
  const file = input.attachment && input.attachment.size > 0 ? await readAttachment(input.attachment) : null;
  const attachmentKey = file ? newStorageKey("mail", file.extension) : null;
  if (file && attachmentKey) await storage.put(attachmentKey, file.data, file.contentType);

  const id = await writeWithFiles(storage, [attachmentKey], () =>
    withTransaction(db, async (tx) => {
      // Counted in the transaction that stores the mailing: a refused or failed one does not count,
      // and the key's lock makes two sends at the limit take turns (only one passes).
      await hitUserLimit(tx, actor!, "participantMailing", clock.now());
      const [mailing] = await tx
        .insert(participantMailings)
        .values({
          eventId,
          createdBy: actor!.id,
          audience: audience satisfies MailingAudience,
          subjectDe: texts.subjectDe || null,
          bodyDe: texts.messageDe || null,
          subjectCs: texts.subjectCs || null,
          bodyCs: texts.messageCs || null,
          attachmentKey,
          attachmentName: file?.name ?? null,
          attachmentType: file?.contentType ?? null,
          attachmentSize: file?.data.length ?? null,
        })
        .returning({ id: participantMailings.id });
      const mailingId = mailing!.id;
      // Inserted in chunks: a large event's parameters stay well below the protocol's limit.
      for (let i = 0; i < recipients.length; i += 500) {
        await tx.insert(participantMailRecipients).values(
          recipients.slice(i, i + 500).map((r) => ({ mailingId, registrationId: r.registrationId, email: r.email, name: r.name, locale: r.locale })),
        );
      }
      return mailingId;
    }),
  );
  // After the commit: a worker must find the rows. Should queueing fail (or this process die right
  // here), the mailing is stored all the same and the sweep of any running instance queues it
  // within a minute: the organiser's send succeeded.
  await enqueueJob(participantMailJob, { mailingId: id }).catch((error: unknown) => logger.warn({ err: error }, `Mailing ${id}: not queued now; the sweep will`));
  return { id, recipients: recipients.length };
}


const emptyCounts = (): MailingCounts => ({ PENDING: 0, SENDING: 0, SENT: 0, FAILED: 0, total: 0 });

export interface MailingSummary {
  id: string;
  audience: MailingAudience;
  subject: string;
  createdAt: Date;
  attachmentName: string | null;
  counts: MailingCounts;
  /** Nothing left to send (every recipient SENT or FAILED). */
  done: boolean;
}

function summarize(m: typeof participantMailings.$inferSelect, counts: MailingCounts, locale: Locale): MailingSummary {
  const subject = (locale === "cs" ? (m.subjectCs ?? m.subjectDe) : (m.subjectDe ?? m.subjectCs)) ?? "";
  return { id: m.id, audience: m.audience, subject, createdAt: m.createdAt, attachmentName: m.attachmentName, counts, done: counts.PENDING + counts.SENDING === 0 };
}

async function countsByMailing(db: Db, eventId: string, mailingId?: string): Promise<Map<string, MailingCounts>> {
  const rows = await db
    .select({ mailingId: participantMailRecipients.mailingId, status: participantMailRecipients.status, n: sql<number>`count(*)::int` })
    .from(participantMailRecipients)
    .innerJoin(participantMailings, eq(participantMailings.id, participantMailRecipients.mailingId))
    .where(and(eq(participantMailings.eventId, eventId), mailingId ? eq(participantMailRecipients.mailingId, mailingId) : undefined))
    .groupBy(participantMailRecipients.mailingId, participantMailRecipients.status);
  const result = new Map<string, MailingCounts>();
  for (const r of rows) {
    const counts = result.get(r.mailingId) ?? emptyCounts();
    counts[r.status] += Number(r.n);
    counts.total += Number(r.n);
    result.set(r.mailingId, counts);
  }
  return result;
}

/** Earlier mailings of the event, newest first, with their progress. */
export async function listMailings(db: Db, actor: Actor, eventId: string, locale: Locale = "de"): Promise<MailingSummary[]> {
  await requireParticipantAccess(db, actor, eventId);
  const [mailings, counts] = await Promise.all([
    db.select().from(participantMailings).where(eq(participantMailings.eventId, eventId)).orderBy(desc(participantMailings.createdAt), desc(participantMailings.id)),
    countsByMailing(db, eventId),
  ]);
  return mailings.map((m) => summarize(m, counts.get(m.id) ?? emptyCounts(), locale));
}

export interface MailingRecipientState {
  id: string;
  name: string;
  email: string;
  locale: Locale;
  status: MailRecipientStatus;
  attempts: number;
  error: string | null;
  sentAt: Date | null;
}

/** One mailing's progress and its recipients; NOT_FOUND for a mailing of another event. */
export async function getMailing(db: Db, actor: Actor, eventId: string, mailingId: string, locale: Locale = "de"): Promise<MailingSummary & { recipients: MailingRecipientState[] }> {
  await requireParticipantAccess(db, actor, eventId);
  if (!/^[0-9a-f-]{36}$/i.test(mailingId)) throw new AppError("NOT_FOUND");
  const [mailing] = await db
    .select()
    .from(participantMailings)
    .where(and(eq(participantMailings.id, mailingId), eq(participantMailings.eventId, eventId)));
  if (!mailing) throw new AppError("NOT_FOUND");
  const [counts, recipients] = await Promise.all([
    countsByMailing(db, eventId, mailingId),
    db
      .select({
        id: participantMailRecipients.id,
        name: participantMailRecipients.name,
        email: participantMailRecipients.email,
        locale: participantMailRecipients.locale,
        status: participantMailRecipients.status,
        attempts: participantMailRecipients.attempts,
        error: participantMailRecipients.lastError,
        sentAt: participantMailRecipients.sentAt,
      })
      .from(participantMailRecipients)
      .where(eq(participantMailRecipients.mailingId, mailingId))
      .orderBy(asc(participantMailRecipients.name), asc(participantMailRecipients.email)),
  ]);
  return { ...summarize(mailing, counts.get(mailingId) ?? emptyCounts(), locale), recipients };
}
