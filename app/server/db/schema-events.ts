import { sql } from "drizzle-orm";
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { Country } from "~/schemas/enums";
import type { EventFormDefinition, FormAnswers } from "~/schemas/event-form";
import { companies } from "./schema-companies";
import { users } from "./schema";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const EVENT_LOCATION_KINDS = ["ADDRESS", "ONLINE"] as const;
export type EventLocationKind = (typeof EVENT_LOCATION_KINDS)[number];
export const REGISTRATION_KINDS = ["INTERNAL", "EXTERNAL"] as const;
export type RegistrationKind = (typeof REGISTRATION_KINDS)[number];
export const CURRENCIES = ["EUR", "CZK"] as const;
export type Currency = (typeof CURRENCIES)[number];
// Shared with the browser (the participant list filters by state), so defined with the enums.
export { REGISTRATION_STATUSES, type RegistrationStatus } from "../../schemas/enums";
import type { RegistrationStatus } from "../../schemas/enums";
export const EVENT_FILE_KINDS = ["IMAGE", "ATTACHMENT"] as const;
export type EventFileKind = (typeof EVENT_FILE_KINDS)[number];

/**
 * Events (spec §3). Titles, descriptions and payment terms in both languages; descriptions are
 * HTML sanitised on the server before they are stored. The organising company (`company_id`) is
 * the creator's company: deleting it deletes the event (spec §4). Soft delete via `deleted_at`.
 */
export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    titleDe: text("title_de").notNull(),
    titleCs: text("title_cs").notNull(),
    descriptionDe: text("description_de").notNull(),
    descriptionCs: text("description_cs").notNull(),
    locationKind: text("location_kind").$type<EventLocationKind>().notNull(),
    onlineUrl: text("online_url"),
    /** Venue name (e.g. "IHK Dresden, Saal 2"), optional. */
    venue: text("venue"),
    country: text("country").$type<Country>(),
    state: text("state"),
    line1: text("line1"),
    line2: text("line2"),
    postalCode: text("postal_code"),
    city: text("city"),
    lat: doublePrecision("lat"),
    lon: doublePrecision("lon"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    publishAt: timestamp("publish_at", { withTimezone: true }).notNull(),
    maxParticipants: integer("max_participants"),
    /** Fee in minor units (cent, haléř); null = free. */
    feeMinor: integer("fee_minor"),
    currency: text("currency").$type<Currency>(),
    paymentTermsDe: text("payment_terms_de"),
    paymentTermsCs: text("payment_terms_cs"),
    registrationKind: text("registration_kind").$type<RegistrationKind>().notNull().default("INTERNAL"),
    externalUrl: text("external_url"),
    registrationDeadline: timestamp("registration_deadline", { withTimezone: true }),
    b2b: boolean("b2b").notNull().default(false),
    active: boolean("active").notNull().default(true),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** Deleted together with its organising company (restored with it; decision 026). */
    deletedWithCompany: boolean("deleted_with_company").notNull().default(false),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("events_company_idx").on(t.companyId),
    index("events_starts_idx").on(t.startsAt),
    // The public list: visible events by date.
    index("events_public_idx").on(t.startsAt).where(sql`${t.active} AND ${t.deletedAt} IS NULL`),
    check("events_end_after_start", sql`${t.endsAt} >= ${t.startsAt}`),
    check("events_max_participants_positive", sql`${t.maxParticipants} IS NULL OR ${t.maxParticipants} > 0`),
    check("events_fee_currency", sql`(${t.feeMinor} IS NULL) = (${t.currency} IS NULL)`),
  ],
);

/** Further organiser companies (the primary one is `events.company_id`). */
export const eventOrganizers = pgTable(
  "event_organizers",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.companyId] }), index("event_organizers_company_idx").on(t.companyId)],
);

/** Images (≤ 5, re-encoded WebP) and attachments (≤ 5 PDFs) of an event, in display order. */
export const eventFiles = pgTable(
  "event_files",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    kind: text("kind").$type<EventFileKind>().notNull(),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("event_files_event_idx").on(t.eventId, t.kind, t.position)],
);

/**
 * Versions of an event's registration form. Saving the builder adds a version; registrations keep
 * the version they answered (decision 015), so old answers keep their labels.
 */
export const eventForms = pgTable(
  "event_forms",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    definition: jsonb("definition").$type<EventFormDefinition>().notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.version] })],
);

/**
 * A user's registration on behalf of one company. At most one live (not cancelled) registration
 * per user and event, enforced by the database. WAITING registrations move up in `created_at` order.
 */
export const eventRegistrations = pgTable(
  "event_registrations",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status").$type<RegistrationStatus>().notNull(),
    formVersion: integer("form_version").notNull(),
    answers: jsonb("answers").$type<FormAnswers>().notNull(),
    locale: text("locale").$type<"de" | "cs">().notNull().default("de"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    promotedAt: timestamp("promoted_at", { withTimezone: true }),
    /** Check-in (status ATTENDED): when, and by which organiser. */
    attendedAt: timestamp("attended_at", { withTimezone: true }),
    checkedInBy: uuid("checked_in_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("event_registrations_event_idx").on(t.eventId, t.status, t.createdAt),
    index("event_registrations_user_idx").on(t.userId),
    index("event_registrations_company_idx").on(t.companyId),
    uniqueIndex("event_registrations_one_live_per_user_key").on(t.eventId, t.userId).where(sql`${t.status} <> 'CANCELLED'`),
  ],
);
