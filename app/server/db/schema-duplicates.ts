import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { DuplicateReason, DuplicatePairStatus } from "~/schemas/duplicates";
import { companies } from "./schema-companies";
import { users } from "./schema";

/**
 * Candidate duplicate pairs of company profiles (issue 21, decision 040), found by the detection
 * job (app/server/duplicates/detection.server.ts). `company_a < company_b` so each pair has one
 * row; OPEN pairs are refreshed (score, reasons) or dropped by every run, KEPT_BOTH pairs are the
 * admin's "keep both" and are never shown again. A merge deletes one company: its pairs cascade.
 */
export const companyDuplicatePairs = pgTable(
  "company_duplicate_pairs",
  {
    companyA: uuid("company_a")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    companyB: uuid("company_b")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    score: integer("score").notNull(),
    reasons: text("reasons").array().$type<DuplicateReason[]>().notNull(),
    status: text("status").$type<DuplicatePairStatus>().notNull().default("OPEN"),
    detectedAt: timestamp("detected_at", { withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("company_duplicate_pairs_key").on(t.companyA, t.companyB),
    index("company_duplicate_pairs_b_idx").on(t.companyB),
    index("company_duplicate_pairs_open_idx").on(t.score.desc(), t.companyA, t.companyB).where(sql`${t.status} = 'OPEN'`),
    check("company_duplicate_pairs_order", sql`${t.companyA} < ${t.companyB}`),
    check("company_duplicate_pairs_score", sql`${t.score} BETWEEN 0 AND 100`),
  ],
);

/** The detection job's state (one row): last run, running, its figures. */
export const duplicateDetectionRuns = pgTable("duplicate_detection_runs", {
  id: integer("id").primaryKey().default(1),
  requestedAt: timestamp("requested_at", { withTimezone: true }),
  startedAt: timestamp("started_at", { withTimezone: true }),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  pairsFound: integer("pairs_found"),
  durationMs: integer("duration_ms"),
  error: text("error"),
});
