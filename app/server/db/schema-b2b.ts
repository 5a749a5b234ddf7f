import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, check, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { MatchFigures } from "../matching/algorithm/types";
import { companies } from "./schema-companies";
import { events } from "./schema-events";
import { users } from "./schema";

/*
 * B2B matchmaking (issue 12, decisions 023/024): the meeting plan of a B2B event, the companies'
 * ranked wishes and exclusions, every run of the scheduler with its meetings, and which run is the
 * organiser's current one and which one participants see.
 */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** The meeting plan of one B2B event (created with defaults when the organiser first saves it). */
export const b2bPlans = pgTable(
  "b2b_plans",
  {
    eventId: uuid("event_id")
      .primaryKey()
      .references(() => events.id, { onDelete: "cascade" }),
    /** Start of each round (ISO instants, ascending); breaks are simply gaps between rounds. */
    roundStarts: jsonb("round_starts").$type<string[]>().notNull().default([]),
    meetingMinutes: integer("meeting_minutes").notNull().default(20),
    tableCount: integer("table_count").notNull().default(10),
    /** Optional label per table (index 0 = table 1, "" = just the number). */
    tableLabels: jsonb("table_labels").$type<string[]>().notNull().default([]),
    /** The table filter: table numbers (1-based) that are not used. */
    disabledTables: jsonb("disabled_tables").$type<number[]>().notNull().default([]),
    /** How many partners a company may rank (default 10). */
    maxPreferences: integer("max_preferences").notNull().default(10),
    /** Companies rank until then (null = until the event starts); organisers may always correct. */
    preferenceDeadline: timestamp("preference_deadline", { withTimezone: true }),
    /**
     * Event day (issue 24, decision 059): a company with no checked-in participant this many
     * minutes before the next round starts counts as a no-show for the rounds not yet started.
     */
    noShowCutoffMinutes: integer("no_show_cutoff_minutes").notNull().default(10),
    /**
     * Re-match no-shows by itself at the cut-off before round 1 (decision 059, amendment): null = only
     * when the organiser clicks; PAGES = the changed agendas are marked on the pages; MAIL = and mailed.
     */
    noShowAuto: text("no_show_auto").$type<"PAGES" | "MAIL">(),
    /** The cut-off moment the automatic re-match has handled (a moved cut-off is handled again). */
    noShowAutoDoneFor: timestamp("no_show_auto_done_for", { withTimezone: true }),
    /** The run the organiser works on (locks, moves, publish) and the one participants see. */
    currentRunId: uuid("current_run_id").references((): AnyPgColumn => b2bRuns.id, { onDelete: "set null" }),
    publishedRunId: uuid("published_run_id").references((): AnyPgColumn => b2bRuns.id, { onDelete: "set null" }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("b2b_plans_meeting_minutes", sql`${t.meetingMinutes} BETWEEN 5 AND 240`),
    check("b2b_plans_table_count", sql`${t.tableCount} BETWEEN 1 AND 500`),
    check("b2b_plans_max_preferences", sql`${t.maxPreferences} BETWEEN 1 AND 50`),
    check("b2b_plans_no_show_cutoff", sql`${t.noShowCutoffMinutes} BETWEEN 0 AND 240`),
    check("b2b_plans_no_show_auto", sql`${t.noShowAuto} IN ('PAGES', 'MAIL')`),
  ],
);

/**
 * An organiser marked a participating company absent on the event day (issue 24, decision 059):
 * the next no-show re-match frees its meetings in the rounds not yet started. A check-in of one of
 * its participants removes the mark.
 */
export const b2bAbsences = pgTable(
  "b2b_absences",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    markedBy: uuid("marked_by").references(() => users.id, { onDelete: "set null" }),
    markedAt: timestamp("marked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.companyId] })],
);

/** That a company has submitted its wishes (possibly none), when, and by whom. */
export const b2bPreferenceLists = pgTable(
  "b2b_preference_lists",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    submittedBy: uuid("submitted_by").references(() => users.id, { onDelete: "set null" }),
    /** Entered or corrected by an organiser on the company's behalf. */
    byOrganiser: boolean("by_organiser").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.companyId] })],
);

/**
 * One line of a company's list: a ranked wish (rank 1 = most wanted) or an exclusion ("do not
 * want to meet"). Ranks of one company are unique; a partner is either ranked or excluded.
 */
export const b2bPreferences = pgTable(
  "b2b_preferences",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    partnerCompanyId: uuid("partner_company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    rank: integer("rank"),
    excluded: boolean("excluded").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.companyId, t.partnerCompanyId] }),
    uniqueIndex("b2b_preferences_rank_key").on(t.eventId, t.companyId, t.rank),
    index("b2b_preferences_partner_idx").on(t.eventId, t.partnerCompanyId),
    check("b2b_preferences_not_self", sql`${t.companyId} <> ${t.partnerCompanyId}`),
    check("b2b_preferences_rank_or_excluded", sql`(${t.rank} IS NOT NULL AND ${t.rank} >= 1 AND NOT ${t.excluded}) OR (${t.rank} IS NULL AND ${t.excluded})`),
  ],
);

// Shared with the browser (the B2B page names the kinds), so defined with the page's types.
export { B2B_RUN_KINDS, type B2bRunKind } from "../../schemas/b2b-overview";
import type { B2bRunKind } from "../../schemas/b2b-overview";

/** The settings a run used (kept with it: the history says what was computed with what). */
export interface B2bRunSettings {
  rounds: number;
  tables: number[];
  maxPreferences: number;
  companies: number;
  fixedMeetings: number;
  /** Companies that had not submitted wishes at the time (the result is then not final, spec §4). */
  missingPreferences: number;
  /** A no-show re-match (issue 24): the companies treated as absent, and the first round it could change. */
  noShows?: string[];
  fromRound?: number;
}

/** One scheduler run (or a restore / a repair after a late cancellation), never changed afterwards except its meetings' locks and moves. */
export const b2bRuns = pgTable(
  "b2b_runs",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    kind: text("kind").$type<B2bRunKind>().notNull(),
    /** The run this one restored or repaired. */
    basedOnRunId: uuid("based_on_run_id").references((): AnyPgColumn => b2bRuns.id, { onDelete: "set null" }),
    settings: jsonb("settings").$type<B2bRunSettings>().notNull(),
    figures: jsonb("figures").$type<MatchFigures>().notNull(),
    /** All participating companies had submitted their wishes (spec §4: otherwise not final). */
    final: boolean("final").notNull(),
    durationMs: integer("duration_ms").notNull().default(0),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("b2b_runs_event_number_key").on(t.eventId, t.number)],
);

/** A meeting of a run: round and table (1-based), both companies, their ranks of each other, the score. */
export const b2bMeetings = pgTable(
  "b2b_meetings",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    runId: uuid("run_id")
      .notNull()
      .references(() => b2bRuns.id, { onDelete: "cascade" }),
    round: integer("round").notNull(),
    tableNo: integer("table_no").notNull(),
    companyA: uuid("company_a")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    companyB: uuid("company_b")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    rankA: integer("rank_a"),
    rankB: integer("rank_b"),
    score: real("score").notNull(),
    /** Kept in place by the next run (organiser's lock; a moved meeting is locked). */
    locked: boolean("locked").notNull().default(false),
  },
  (t) => [
    uniqueIndex("b2b_meetings_table_key").on(t.runId, t.round, t.tableNo),
    index("b2b_meetings_company_a_idx").on(t.runId, t.companyA),
    index("b2b_meetings_company_b_idx").on(t.runId, t.companyB),
    check("b2b_meetings_two_companies", sql`${t.companyA} <> ${t.companyB}`),
    check("b2b_meetings_round_table", sql`${t.round} >= 1 AND ${t.tableNo} >= 1`),
  ],
);
