import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companies } from "./schema-companies";
import { eventRegistrations, events } from "./schema-events";
import type { InvoicePartyInput } from "~/schemas/invoice-form";
import { users } from "./schema";

/*
 * What organisers keep around an event (issue 11): e-mails to participants with their per-recipient
 * delivery state, invoices with per-organiser numbers, name-tag logos and the recorded evaluation.
 */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * How the organiser chose the recipients (shown in the mailing's history); B2B_AGENDA: the agenda
 * mails of a published B2B schedule (issue 12); CANCELLED / RESTORED: the notices when an upcoming
 * event is deleted and brought back (decision 026).
 */
export const MAILING_AUDIENCES = ["ALL", "FILTERED", "SELECTED", "B2B_AGENDA", "CANCELLED", "RESTORED"] as const;
export type MailingAudience = (typeof MAILING_AUDIENCES)[number];

/**
 * One e-mail to participants. The text exists in German, Czech or both; a recipient gets its own
 * language, or the one that was written. `attachment_*` describe one optional stored file.
 */
export const participantMailings = pgTable(
  "participant_mailings",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    audience: text("audience").$type<MailingAudience>().notNull(),
    subjectDe: text("subject_de"),
    subjectCs: text("subject_cs"),
    bodyDe: text("body_de"),
    bodyCs: text("body_cs"),
    attachmentKey: text("attachment_key"),
    attachmentName: text("attachment_name"),
    attachmentType: text("attachment_type"),
    attachmentSize: integer("attachment_size"),
    createdAt: createdAt(),
  },
  (t) => [
    index("participant_mailings_event_idx").on(t.eventId, t.createdAt),
    check("participant_mailings_has_text", sql`(${t.subjectDe} IS NOT NULL AND ${t.bodyDe} IS NOT NULL) OR (${t.subjectCs} IS NOT NULL AND ${t.bodyCs} IS NOT NULL)`),
  ],
);

/**
 * PENDING → SENDING (claimed with a lease) → SENT, or back to PENDING for a retry, or FAILED after
 * the last attempt. A SENDING row whose lease ran out belonged to a worker that died.
 */
export const MAIL_RECIPIENT_STATUSES = ["PENDING", "SENDING", "SENT", "FAILED"] as const;
export type MailRecipientStatus = (typeof MAIL_RECIPIENT_STATUSES)[number];

export const participantMailRecipients = pgTable(
  "participant_mail_recipients",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    mailingId: uuid("mailing_id")
      .notNull()
      .references(() => participantMailings.id, { onDelete: "cascade" }),
    registrationId: uuid("registration_id").references(() => eventRegistrations.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    locale: text("locale").$type<"de" | "cs">().notNull(),
    status: text("status").$type<MailRecipientStatus>().notNull().default("PENDING"),
    attempts: integer("attempts").notNull().default(0),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("participant_mail_recipients_mailing_idx").on(t.mailingId, t.status),
    uniqueIndex("participant_mail_recipients_one_per_address_key").on(t.mailingId, t.email),
  ],
);

export const INVOICE_KINDS = ["INVOICE", "CANCELLATION"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** A postal party on an invoice, copied when it is issued (an issued invoice never changes). */
export type InvoiceParty = InvoicePartyInput;

/**
 * Invoices and cancellation invoices. Numbers are unique per organiser company (the database says
 * so); money is in integer minor units with the rounding stated in decision 020. A cancellation
 * points to the invoice it cancels, and each invoice is cancelled at most once.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    /**
     * The billed event and the sending organiser company (numbers are unique within it). Both
     * become null when the purge of a deleted company removes them: an issued invoice is a
     * document kept for ten years and lives on from its snapshot (decisions 026, 027). Nothing deletes
     * an invoice: `cancels_invoice_id` refuses it (no action).
     */
    eventId: uuid("event_id").references(() => events.id, { onDelete: "set null" }),
    senderCompanyId: uuid("sender_company_id").references(() => companies.id, { onDelete: "set null" }),
    /**
     * The sender company's id as issued, without a foreign key: the key of the number sequence, so
     * numbers stay unique per organiser and a cancellation of an orphaned invoice still takes the
     * organiser's next number (decision 027).
     */
    sequenceCompanyId: uuid("sequence_company_id").notNull(),
    kind: text("kind").$type<InvoiceKind>().notNull().default("INVOICE"),
    cancelsInvoiceId: uuid("cancels_invoice_id").references((): AnyPgColumn => invoices.id, { onDelete: "no action" }),
    number: text("number").notNull(),
    /** The registration it bills, when billed per registration. */
    registrationId: uuid("registration_id").references(() => eventRegistrations.id, { onDelete: "set null" }),
    recipientCompanyId: uuid("recipient_company_id").references(() => companies.id, { onDelete: "set null" }),
    recipient: jsonb("recipient").$type<InvoiceParty>().notNull(),
    recipientPerson: text("recipient_person"),
    sender: jsonb("sender").$type<InvoiceParty>().notNull(),
    /** Language of the document: the recipient's. */
    locale: text("locale").$type<"de" | "cs">().notNull(),
    issueDate: text("issue_date").notNull(),
    periodFrom: text("period_from").notNull(),
    periodTo: text("period_to").notNull(),
    /** The event's title in the invoice's language when it was issued: the line's text (a renamed event changes no invoice). */
    eventTitle: text("event_title"),
    participantCount: integer("participant_count").notNull(),
    unitPriceMinor: integer("unit_price_minor").notNull(),
    currency: text("currency").$type<"EUR" | "CZK">().notNull(),
    /** VAT rate in basis points (1900 = 19 %). */
    vatRateBp: integer("vat_rate_bp").notNull(),
    netMinor: integer("net_minor").notNull(),
    vatMinor: integer("vat_minor").notNull(),
    totalMinor: integer("total_minor").notNull(),
    paymentTermsDays: integer("payment_terms_days").notNull(),
    logoKey: text("logo_key"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invoices_sender_number_key").on(t.sequenceCompanyId, t.number),
    uniqueIndex("invoices_one_cancellation_key").on(t.cancelsInvoiceId).where(sql`${t.cancelsInvoiceId} IS NOT NULL`),
    index("invoices_event_idx").on(t.eventId, t.createdAt),
    check("invoices_cancellation_link", sql`(${t.kind} = 'CANCELLATION') = (${t.cancelsInvoiceId} IS NOT NULL)`),
    check("invoices_counts", sql`${t.participantCount} > 0 AND ${t.vatRateBp} >= 0 AND ${t.vatRateBp} <= 10000 AND ${t.paymentTermsDays} >= 0`),
  ],
);

/**
 * The next generated invoice number per organiser (invoices.sequence_company_id) and year, taken
 * under a row lock. No foreign key: the sequence outlives a purged company (decision 027).
 */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    companyId: uuid("company_id").notNull(),
    year: integer("year").notNull(),
    next: integer("next").notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.year] })],
);

/** Up to 5 logos printed across the top of an event's name tags (re-encoded PNG). */
export const eventBadgeLogos = pgTable(
  "event_badge_logos",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("event_badge_logos_event_idx").on(t.eventId, t.position)],
);

/** What the organiser records after the event (one row per event). */
export const eventEvaluations = pgTable("event_evaluations", {
  eventId: uuid("event_id")
    .primaryKey()
    .references(() => events.id, { onDelete: "cascade" }),
  actualAttendance: integer("actual_attendance"),
  notes: text("notes").notNull().default(""),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
