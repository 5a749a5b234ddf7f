import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { companies, tags } from "./schema-companies";
import { users } from "./schema";

/** Where a translation job stands (decision 041). */
export const TRANSLATION_JOB_STATUSES = ["QUEUED", "RUNNING", "DONE", "FAILED"] as const;
export type TranslationJobStatus = (typeof TRANSLATION_JOB_STATUSES)[number];

/**
 * The columns every translation job table shares (decision 041). The row is the truth about the
 * job; the pg-boss job only says "work on row X". `source_text` is the text as it was when the
 * translation was asked for (an editor's unsaved field, or the stored profile), `source_hash` its
 * SHA-256: a result is written into a record only while the record's source still has that hash.
 */
const jobColumns = () => ({
  id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
  /** Which text of the record: description, title, label. */
  field: text("field").notNull(),
  sourceLang: text("source_lang").$type<"de" | "cs">().notNull(),
  targetLang: text("target_lang").$type<"de" | "cs">().notNull(),
  format: text("format").$type<"text" | "html">().notNull().default("text"),
  sourceText: text("source_text").notNull(),
  sourceHash: text("source_hash").notNull(),
  result: text("result"),
  status: text("status").$type<TranslationJobStatus>().notNull().default("QUEUED"),
  /** Why the last attempt failed (TranslatorFailure code); kept on FAILED. */
  errorCode: text("error_code"),
  attempts: integer("attempts").notNull().default(0),
  /** QUEUED: not before this moment (a retry's delay); RUNNING: the worker's lease. */
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
  /** Write the result into the record when done, if its target is still empty and its source unchanged (imports, "translate all missing"). */
  applyResult: boolean("apply_result").notNull().default(false),
  appliedAt: timestamp("applied_at", { withTimezone: true }),
  requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
});

/** Spec §3 company_translation_jobs: a company's description in the other language. */
export const companyTranslationJobs = pgTable(
  "company_translation_jobs",
  {
    ...jobColumns(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("company_translation_jobs_company_idx").on(t.companyId, t.createdAt),
    index("company_translation_jobs_due_idx").on(t.status, t.leaseUntil).where(sql`${t.status} in ('QUEUED', 'RUNNING')`),
    index("company_translation_jobs_requester_idx").on(t.requestedBy, t.createdAt),
  ],
);

/**
 * Spec §3 tag_translation_jobs: a tag's label in the other language. `tag_id` is empty for a tag
 * still being typed in the profile form's dialog (it exists only once the profile is saved).
 */
export const tagTranslationJobs = pgTable(
  "tag_translation_jobs",
  {
    ...jobColumns(),
    tagId: uuid("tag_id").references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("tag_translation_jobs_tag_idx").on(t.tagId),
    index("tag_translation_jobs_due_idx").on(t.status, t.leaseUntil).where(sql`${t.status} in ('QUEUED', 'RUNNING')`),
    index("tag_translation_jobs_requester_idx").on(t.requestedBy, t.createdAt),
  ],
);

/**
 * Events' and news items' titles and descriptions (decision 041: one table for both, the spec
 * names none). `subject_id` is the event or news id, empty on the create pages (nothing saved yet);
 * no foreign key across two tables, the job never writes into them.
 */
export const contentTranslationJobs = pgTable(
  "content_translation_jobs",
  {
    ...jobColumns(),
    subjectKind: text("subject_kind").$type<"event" | "news">().notNull(),
    subjectId: uuid("subject_id"),
  },
  (t) => [
    index("content_translation_jobs_due_idx").on(t.status, t.leaseUntil).where(sql`${t.status} in ('QUEUED', 'RUNNING')`),
    index("content_translation_jobs_requester_idx").on(t.requestedBy, t.createdAt),
  ],
);
