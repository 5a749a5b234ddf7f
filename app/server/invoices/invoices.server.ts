import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { InvoiceInput } from "~/schemas/invoice-form";
import { cancellationAmounts, invoiceAmounts } from "~/schemas/invoice-math";
import { toBerlin } from "~/schemas/berlin-time";
import * as clock from "~/server/clock.server";
import { type Db, withTransaction } from "~/server/db/client.server";
import { companies, eventRegistrations, invoices } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { requireParticipantAccess } from "~/server/participants/access.server";
import type { Actor } from "~/server/policy/policy";
import { writeWithFiles } from "~/server/storage/file-commit.server";
import type { FileStorage } from "~/server/storage/storage.server";
import { hasUpload, storeInvoiceLogo } from "./logo.server";
import { takeNextNumber, uniqueViolation } from "./numbering.server";
import { senderCompanyIds } from "./parties.server";

/**
 * Issuing, cancelling and listing invoices (decision 020). Every function passes the one gate of
 * the organisers' toolkit first. An issued invoice never changes: a cancellation invoice with its
 * own number and negated amounts replaces it. Numbers are unique per sender company — the unique
 * index decides, also between simultaneous requests.
 */
export type InvoiceRow = typeof invoices.$inferSelect;

const NUMBER_KEY = "invoices_sender_number_key";
const CANCELLATION_KEY = "invoices_one_cancellation_key";
/** A generated number can lose to a hand-typed one committed in between: try the next one. */
const GENERATION_ATTEMPTS = 5;

const berlinYear = (now: Date) => toBerlin(now).year;

/** Inserts with a generated number (retrying past numbers taken meanwhile) or the given one (INVOICE_NUMBER_TAKEN). */
async function insertNumbered(db: Db, sequenceId: string, handNumber: string | null, now: Date, values: Omit<typeof invoices.$inferInsert, "number">): Promise<InvoiceRow> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await withTransaction(db, async (tx) => {
        const number = handNumber ?? (await takeNextNumber(tx, sequenceId, berlinYear(now)));
        const [row] = await tx.insert(invoices).values({ ...values, number }).returning();
        return row!;
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === CANCELLATION_KEY) throw new AppError("INVOICE_ALREADY_CANCELLED");
      if (constraint === null || (constraint !== NUMBER_KEY && constraint !== "")) throw error;
      if (handNumber !== null) throw new AppError("INVOICE_NUMBER_TAKEN", { field: "number" });
      if (attempt >= GENERATION_ATTEMPTS) throw error;
    }
  }
}

/** Issues an invoice of the event; returns it. The logo (optional, PNG/JPG) is stored with it. */
export async function issueInvoice(db: Db, actor: Actor, eventId: string, input: InvoiceInput, logo: FormDataEntryValue | null, storage: FileStorage, now = clock.now()): Promise<InvoiceRow> {
  const event = await requireParticipantAccess(db, actor, eventId, now);
  const user = actor!;
  if (!(await senderCompanyIds(db, user, event)).includes(input.senderCompanyId)) throw new AppError("INVOICE_SENDER_REQUIRED", { field: "senderCompanyId" });
  if (input.registrationId) {
    const [reg] = await db
      .select({ companyId: eventRegistrations.companyId })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.id, input.registrationId), eq(eventRegistrations.eventId, eventId)));
    if (!reg) throw new AppError("INVALID_INPUT");
  }
  if (input.recipientCompanyId) {
    const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, input.recipientCompanyId));
    if (!company) throw new AppError("INVALID_INPUT");
  }
  const amounts = invoiceAmounts(input.participantCount, input.unitPriceMinor, input.vatRateBp);
  const logoKey = hasUpload(logo) ? await storeInvoiceLogo(storage, logo) : null;
  return writeWithFiles(storage, [logoKey], () =>
    insertNumbered(db, input.senderCompanyId, input.number, now, {
      eventId,
      senderCompanyId: input.senderCompanyId,
      sequenceCompanyId: input.senderCompanyId,
      kind: "INVOICE",
      registrationId: input.registrationId,
      recipientCompanyId: input.recipientCompanyId,
      recipient: input.recipient,
      recipientPerson: input.recipientPerson,
      sender: input.sender,
      locale: input.locale,
      issueDate: input.issueDate,
      periodFrom: input.periodFrom,
      periodTo: input.periodTo,
      eventTitle: input.locale === "cs" ? event.titleCs : event.titleDe,
      participantCount: input.participantCount,
      unitPriceMinor: input.unitPriceMinor,
      currency: input.currency,
      vatRateBp: input.vatRateBp,
      ...amounts,
      paymentTermsDays: input.paymentTermsDays,
      logoKey,
      createdBy: user.id,
      createdAt: now,
    }),
  );
}

/** Loads one invoice of the event (NOT_FOUND when it belongs to another event). */
async function invoiceOfEvent(db: Db, eventId: string, invoiceId: string): Promise<InvoiceRow> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(sql`${invoices.id}::text = ${invoiceId}`, eq(invoices.eventId, eventId)));
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/** Cancels an invoice of the event (the organisers' toolkit); see cancelInvoiceRow. */
export async function cancelInvoice(db: Db, actor: Actor, eventId: string, invoiceId: string, now = clock.now()): Promise<InvoiceRow> {
  await requireParticipantAccess(db, actor, eventId, now);
  const original = await invoiceOfEvent(db, eventId, invoiceId);
  return cancelInvoiceRow(db, actor!.id, original, now);
}

/**
 * Cancels an invoice: a cancellation invoice with the organiser's next number, today's date and
 * the original's parties, line and negated amounts, pointing to the original, which stays untouched.
 * Everything comes from the original row, so an invoice whose event, sender company or creator is
 * gone can still be cancelled; the number follows the sequence of the sender as issued
 * (`sequence_company_id`, decision 027). A cancellation cannot be cancelled, and an invoice only
 * once (INVOICE_ALREADY_CANCELLED; the partial unique index on `cancels_invoice_id` decides
 * between simultaneous requests). The caller has checked who may cancel.
 */
export async function cancelInvoiceRow(db: Db, actorId: string, original: InvoiceRow, now: Date): Promise<InvoiceRow> {
  if (original.kind !== "INVOICE") throw new AppError("INVALID_INPUT");
  const [existing] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.cancelsInvoiceId, original.id));
  if (existing) throw new AppError("INVOICE_ALREADY_CANCELLED");
  const { id: _id, number: _number, createdAt: _createdAt, createdBy: _createdBy, ...copied } = original;
  return insertNumbered(db, original.sequenceCompanyId, null, now, {
    ...copied,
    kind: "CANCELLATION",
    cancelsInvoiceId: original.id,
    issueDate: isoDate(now),
    ...cancellationAmounts(original),
    createdBy: actorId,
    createdAt: now,
  });
}

function isoDate(now: Date): string {
  const b = toBerlin(now);
  return `${b.year}-${String(b.month).padStart(2, "0")}-${String(b.day).padStart(2, "0")}`;
}

export interface InvoiceListItem {
  id: string;
  number: string;
  kind: "INVOICE" | "CANCELLATION";
  recipientName: string;
  recipientPerson: string | null;
  senderName: string;
  /** The line's text as issued (the event's title in the invoice's language). */
  lineText: string;
  issueDate: string;
  totalMinor: number;
  currency: "EUR" | "CZK";
  /** INVOICE: the number of its cancellation, if any. CANCELLATION: the number it cancels. */
  cancelledBy: string | null;
  cancels: string | null;
}

/**
 * List items drawn from the rows alone (the snapshot), with each one's cancellation state looked
 * up among all invoices — the rows may be a filtered part of them.
 */
export async function toListItems(db: Db, rows: InvoiceRow[]): Promise<InvoiceListItem[]> {
  const ids = rows.map((r) => r.id);
  const originals = rows.flatMap((r) => (r.cancelsInvoiceId ? [r.cancelsInvoiceId] : []));
  const [cancellations, cancelled] = await Promise.all([
    ids.length ? db.select({ of: invoices.cancelsInvoiceId, number: invoices.number }).from(invoices).where(inArray(invoices.cancelsInvoiceId, ids)) : [],
    originals.length ? db.select({ id: invoices.id, number: invoices.number }).from(invoices).where(inArray(invoices.id, originals)) : [],
  ]);
  const cancelledBy = new Map(cancellations.map((c) => [c.of!, c.number]));
  const numberOf = new Map(cancelled.map((c) => [c.id, c.number]));
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    kind: r.kind,
    recipientName: r.recipient.name,
    recipientPerson: r.recipientPerson,
    senderName: r.sender.name,
    lineText: r.eventTitle ?? "",
    issueDate: r.issueDate,
    totalMinor: r.totalMinor,
    currency: r.currency,
    cancelledBy: cancelledBy.get(r.id) ?? null,
    cancels: r.cancelsInvoiceId ? (numberOf.get(r.cancelsInvoiceId) ?? null) : null,
  }));
}

/** All invoices of the event, oldest first, each with its cancellation state. */
export async function listInvoices(db: Db, actor: Actor, eventId: string, now = clock.now()): Promise<InvoiceListItem[]> {
  await requireParticipantAccess(db, actor, eventId, now);
  const rows = await db.select().from(invoices).where(eq(invoices.eventId, eventId)).orderBy(asc(invoices.createdAt), asc(invoices.number));
  return toListItems(db, rows);
}

export interface InvoiceDocumentSource {
  invoice: InvoiceRow;
  cancelsNumber: string | null;
  eventTitle: string;
}

/**
 * What the PDF prints, from the invoice row alone: the snapshot of both parties, the line's text
 * and the amounts as issued (migration 0012 gave older invoices their line text), plus the number
 * of the invoice a cancellation refers to. No live company, event, registration or user row is read.
 */
export async function invoiceDocument(db: Db, invoice: InvoiceRow): Promise<InvoiceDocumentSource> {
  let cancelsNumber: string | null = null;
  if (invoice.cancelsInvoiceId) {
    const [original] = await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, invoice.cancelsInvoiceId));
    cancelsNumber = original?.number ?? null;
  }
  return { invoice, cancelsNumber, eventTitle: invoice.eventTitle ?? "" };
}

/** One invoice of the event for its PDF (the organisers' toolkit). */
export async function getInvoiceForDocument(db: Db, actor: Actor, eventId: string, invoiceId: string, now = clock.now()): Promise<InvoiceDocumentSource> {
  await requireParticipantAccess(db, actor, eventId, now);
  return invoiceDocument(db, await invoiceOfEvent(db, eventId, invoiceId));
}
