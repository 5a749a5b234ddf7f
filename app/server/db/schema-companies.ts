import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import {
  type ADDRESS_KINDS,
  type ChallengeReason,
  type ChallengeStatus,
  type CompanyOrigin,
  type CompanyStatus,
  type ContactFunction,
  type Country,
  type LinkStatus,
  type ServiceType,
} from "~/schemas/enums";
import { naceCodes } from "./schema-reference";
import { users } from "./schema";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const tags = pgTable(
  "tags",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    labelDe: text("label_de").notNull(),
    labelCs: text("label_cs").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  // An empty label is a language still missing (an imported tag, decision 041): several may lack one.
  (t) => [
    uniqueIndex("tags_label_de_key").on(sql`lower(${t.labelDe})`).where(sql`${t.labelDe} <> ''`),
    uniqueIndex("tags_label_cs_key").on(sql`lower(${t.labelCs})`).where(sql`${t.labelCs} <> ''`),
  ],
);

export const companies = pgTable(
  "companies",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    name: text("name").notNull(),
    descriptionDe: text("description_de").notNull(),
    descriptionCs: text("description_cs").notNull(),
    website: text("website").notNull(),
    logoKey: text("logo_key"),
    status: text("status").$type<CompanyStatus>().notNull().default("PENDING"),
    origin: text("origin").$type<CompanyOrigin>().notNull().default("MANUAL"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    /**
     * Soft delete (decision 026): set, the profile with its events and news is hidden everywhere
     * and an admin may restore it until the purge job removes it for good.
     */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    deletedBy: uuid("deleted_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * Set when the purge kept a tombstone instead of deleting the row (decision 026): the company
     * had registered in other organisers' events, whose participant lists, B2B plans and statistics
     * keep its name and headquarters. Everything else of the profile is gone; it stays deleted.
     */
    purgedAt: timestamp("purged_at", { withTimezone: true }),
    /**
     * Import fields a person has changed on this profile (issue 21, decision 038): a later import
     * leaves them as they are. Empty for profiles nobody edited by hand.
     */
    curatedFields: text("curated_fields").array().$type<string[]>().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("companies_status_idx").on(t.status),
    index("companies_name_idx").on(t.name),
    index("companies_deleted_idx").on(t.deletedAt).where(sql`${t.deletedAt} IS NOT NULL`),
  ],
);

export const companyNace = pgTable(
  "company_nace",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    naceCode: text("nace_code")
      .notNull()
      .references(() => naceCodes.code),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.naceCode] }), index("company_nace_code_idx").on(t.naceCode)],
);

export const companyTags = pgTable(
  "company_tags",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    tagId: uuid("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.tagId] }), index("company_tags_tag_idx").on(t.tagId)],
);

export const companyAddresses = pgTable(
  "company_addresses",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    kind: text("kind").$type<(typeof ADDRESS_KINDS)[number]>().notNull(),
    country: text("country").$type<Country>().notNull(),
    /** Bundesland / kraj as entered. */
    state: text("state").notNull(),
    line1: text("line1").notNull(),
    line2: text("line2"),
    postalCode: text("postal_code").notNull(),
    city: text("city").notNull(),
    lat: doublePrecision("lat"),
    lon: doublePrecision("lon"),
    /** Landkreis / okres code derived from the postal code, for statistics. */
    districtCode: text("district_code"),
    /** Programme-area region (NUTS 3 code) when the address lies in it. */
    regionCode: text("region_code"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("company_addresses_company_idx").on(t.companyId),
    // At most one headquarters per company, enforced by the database: two concurrent "make
    // headquarters" edits cannot both win (addresses.server.ts demotes, then promotes, under a lock).
    uniqueIndex("company_addresses_one_headquarters_key").on(t.companyId).where(sql`${t.kind} = 'HEADQUARTERS'`),
  ],
);

export const companyContacts = pgTable(
  "company_contacts",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    function: text("function").$type<ContactFunction>().notNull(),
    name: text("name"),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    /** When and by whom publication consent was confirmed (required). */
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    consentBy: uuid("consent_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("company_contacts_company_idx").on(t.companyId)],
);

export const companyUserLinks = pgTable(
  "company_user_links",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<LinkStatus>().notNull().default("REQUESTED"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("company_user_links_company_user_key").on(t.companyId, t.userId),
    index("company_user_links_user_idx").on(t.userId),
    index("company_user_links_status_idx").on(t.status),
  ],
);

export const userRoleRequests = pgTable(
  "user_role_requests",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    requestedRole: text("requested_role").$type<"Multiplikator">().notNull(),
    status: text("status").$type<"REQUESTED" | "APPROVED" | "REJECTED">().notNull().default("REQUESTED"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("user_role_requests_status_idx").on(t.status), index("user_role_requests_user_idx").on(t.userId)],
);

export const companyChallenges = pgTable(
  "company_challenges",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    reasons: text("reasons").array().$type<ChallengeReason[]>().notNull(),
    description: text("description").notNull(),
    status: text("status").$type<ChallengeStatus>().notNull().default("PENDING"),
    handledBy: uuid("handled_by").references(() => users.id, { onDelete: "set null" }),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("company_challenges_status_idx").on(t.status), index("company_challenges_company_idx").on(t.companyId)],
);

export const companyServices = pgTable(
  "company_services",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    type: text("type").$type<ServiceType>().notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    keywords: text("keywords").array().$type<string[]>().notNull(),
    imageKey: text("image_key"),
    termsUrl: text("terms_url").notNull(),
    validityDays: integer("validity_days").notNull(),
    validUntil: timestamp("valid_until", { withTimezone: true }).notNull(),
    active: boolean("active").notNull().default(true),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("company_services_company_idx").on(t.companyId), index("company_services_valid_until_idx").on(t.validUntil)],
);
