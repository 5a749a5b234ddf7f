import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { Country } from "~/schemas/enums";
import type {
  ColumnMapping,
  CsvEncoding,
  CsvSeparator,
  IdentifierKind,
  ImportFormat,
  ImportProblem,
  ImportStatus,
} from "~/schemas/imports";
import { companies } from "./schema-companies";
import { users } from "./schema";

/**
 * A company's official and other identifiers (issue 21, decision 038): commercial register,
 * IČO, KWIZ id, others with a label. Not unique across companies on purpose: two profiles with
 * the same IČO are a duplicate pair for the admin to resolve, not a write that fails. The import
 * matches on (kind, normalized); a merge moves the rows to the kept company.
 */
export const companyIdentifiers = pgTable(
  "company_identifiers",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    kind: text("kind").$type<IdentifierKind>().notNull(),
    /** For OTHER: what the id is ("USt-IdNr.", "DIČ"); empty for the named kinds. */
    label: text("label").notNull().default(""),
    value: text("value").notNull(),
    /** Comparison form: upper case without spaces and punctuation; IČO padded to 8 digits. */
    normalized: text("normalized").notNull(),
    /** The import that added it, if one did. */
    importId: uuid("import_id").references(() => companyImports.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("company_identifiers_company_key").on(t.companyId, t.kind, t.label, t.normalized),
    index("company_identifiers_lookup_idx").on(t.kind, t.normalized),
  ],
);

/**
 * One uploaded file and its run (spec §3 Import, §4 states). The counters and `rows_done` are
 * written in the same transaction as each batch of companies, so a run that dies resumes after
 * the last committed batch: nothing doubled, nothing lost. `lease_owner`/`lease_until` make one
 * worker (of any instance) the only one that writes it.
 */
export const companyImports = pgTable(
  "company_imports",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    /** Private file storage key (`imports/…`); removed when the import is deleted. */
    fileKey: text("file_key").notNull(),
    fileName: text("file_name").notNull(),
    fileSize: bigint("file_size", { mode: "number" }).notNull(),
    format: text("format").$type<ImportFormat>().notNull(),
    encoding: text("encoding").$type<CsvEncoding>(),
    separator: text("separator").$type<CsvSeparator>(),
    sheet: integer("sheet"),
    hasHeader: boolean("has_header").notNull().default(true),
    language: text("language").$type<"de" | "cs">().notNull(),
    country: text("country").$type<Country>().notNull(),
    verify: boolean("verify").notNull().default(false),
    mapping: jsonb("mapping").$type<ColumnMapping[]>().notNull().default([]),
    /** The header row's cells (empty without a header), for the mapping page and the report. */
    headers: jsonb("headers").$type<string[]>().notNull().default([]),
    status: text("status").$type<ImportStatus>().notNull().default("DRAFT"),
    /** Short code of why it ended in ERROR (shown translated). */
    errorCode: text("error_code"),
    rowsDone: integer("rows_done").notNull().default(0),
    createdCount: integer("created_count").notNull().default(0),
    updatedCount: integer("updated_count").notNull().default(0),
    skippedCount: integer("skipped_count").notNull().default(0),
    failedCount: integer("failed_count").notNull().default(0),
    bytesDone: bigint("bytes_done", { mode: "number" }).notNull().default(0),
    /** Known once the file has been read to the end (or counted). */
    rowsTotal: integer("rows_total"),
    leaseOwner: uuid("lease_owner"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    queuedAt: timestamp("queued_at", { withTimezone: true }),
    /** The admin who started it: confirmed the contacts' consent and is the imported profiles' creator. */
    queuedBy: uuid("queued_by").references(() => users.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("company_imports_created_idx").on(t.createdAt.desc()),
    index("company_imports_due_idx").on(t.status).where(sql`${t.status} IN ('FILE_UPLOADED', 'PROCESSING')`),
  ],
);

/** Every refused row of an import with its reasons, for the report (in the reader's language). */
export const companyImportRejections = pgTable(
  "company_import_rejections",
  {
    importId: uuid("import_id")
      .notNull()
      .references(() => companyImports.id, { onDelete: "cascade" }),
    rowNumber: integer("row_number").notNull(),
    problems: jsonb("problems").$type<ImportProblem[]>().notNull(),
    /** The row's cells as read (a report shows what was refused). */
    cells: jsonb("cells").$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.rowNumber] })],
);

/** Saved column mappings, reusable for files of the same shape (matched by header names). */
export const importMappings = pgTable(
  "import_mappings",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    name: text("name").notNull(),
    /** The mapping by header name (so it fits a file whose columns moved), with the column index as fallback. */
    columns: jsonb("columns").$type<Array<ColumnMapping & { header: string | null }>>().notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("import_mappings_name_key").on(sql`lower(${t.name})`)],
);

/** Where fetching an imported logo stands (decision 042). */
export const LOGO_FETCH_STATES = ["QUEUED", "DONE", "FAILED"] as const;
export type LogoFetchState = (typeof LOGO_FETCH_STATES)[number];

/**
 * A logo URL an import named for a company, to be fetched by the logo drain (decision 042). The
 * import's batch only inserts rows; the drain claims QUEUED ones (`FOR UPDATE SKIP LOCKED`, a
 * lease in `lease_until`), fetches the image through the SSRF-safe fetcher, stores it like an
 * uploaded logo and sets `companies.logo_key` unless a person curated the logo meanwhile. At most
 * one QUEUED row per company: a later import naming another URL replaces the waiting one.
 */
export const companyLogoFetches = pgTable(
  "company_logo_fetches",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The import that named the URL (kept when the import is deleted: the logo stays). */
    importId: uuid("import_id").references(() => companyImports.id, { onDelete: "set null" }),
    url: text("url").notNull(),
    state: text("state").$type<LogoFetchState>().notNull().default("QUEUED"),
    attempts: integer("attempts").notNull().default(0),
    /** Why it failed (LogoFetchFailure code), or why a done fetch set no logo (LOGO_CURATED, COMPANY_GONE). */
    errorCode: text("error_code"),
    /** QUEUED: not before this moment (a retry's delay, or the lease of the worker fetching it). */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** The claim of the worker fetching it: only that claim may record the outcome. */
    leaseOwner: uuid("lease_owner"),
    /** DONE: the stored logo this fetch set (a later import of the same URL compares with it). */
    logoKey: text("logo_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("company_logo_fetches_pending_key").on(t.companyId).where(sql`${t.state} = 'QUEUED'`),
    // The drain claims in creation order among the waiting rows (a large import leaves many).
    index("company_logo_fetches_due_idx").on(t.createdAt, t.id).where(sql`${t.state} = 'QUEUED'`),
    index("company_logo_fetches_company_url_idx").on(t.companyId, t.url),
    index("company_logo_fetches_import_idx").on(t.importId),
  ],
);
