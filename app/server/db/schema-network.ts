import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./schema";

/*
 * Network effects (issue 25, decision 062): reminders sent by the cron jobs, and the secret
 * tokens of personal calendar feeds.
 */

export const REMINDER_KINDS = ["AD_EXPIRY", "STALE_PROFILE"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/**
 * One reminder sent (decision 062). `subject_id` is the ad (AD_EXPIRY) or the company
 * (STALE_PROFILE); `period` is the ad's expiry moment (ISO) or the calendar quarter ("2026-Q4").
 * The unique key makes the claim atomic: two instances running the same cron insert the same row,
 * one wins, the other sends nothing. No foreign key: the record outlives a deleted ad.
 */
export const reminderSends = pgTable(
  "reminder_sends",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    kind: text("kind").$type<ReminderKind>().notNull(),
    subjectId: uuid("subject_id").notNull(),
    period: text("period").notNull(),
    recipients: text("recipients").array().$type<string[]>().notNull().default(sql`'{}'::text[]`),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("reminder_sends_kind_subject_period_key").on(t.kind, t.subjectId, t.period), index("reminder_sends_subject_idx").on(t.subjectId, t.sentAt)],
);

/**
 * A user's personal calendar feed (decision 062): only the SHA-256 of the random token is stored;
 * one live token per user (regenerating replaces it, revoking deletes it).
 */
export const calendarFeedTokens = pgTable(
  "calendar_feed_tokens",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("calendar_feed_tokens_hash_key").on(t.tokenHash)],
);
