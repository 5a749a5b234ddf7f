import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./schema";

export type SavedSearchFrequency = "DAILY" | "WEEKLY";

/**
 * A search a signed-in user keeps (issue 25, decision 061): its canonical URL parameters (exactly
 * what the search page's schema reads, so no second schema), how often new matches are mailed,
 * and the digest's watermark: matches that entered the search table at or after it are "new".
 * The user's own records: deleting the account deletes them.
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** searchParamsOf(query) without the page: read back with parseSearchParams. */
    params: text("params").notNull(),
    frequency: text("frequency").$type<SavedSearchFrequency>().notNull(),
    paused: boolean("paused").notNull().default(false),
    /** New since: search rows first indexed at or after this moment (database time) are new. */
    watermark: timestamp("watermark", { withTimezone: true }).notNull().defaultNow(),
    /** The next digest run at or after this moment looks at the search. */
    nextDueAt: timestamp("next_due_at", { withTimezone: true }).notNull().defaultNow(),
    lastDigestAt: timestamp("last_digest_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("saved_searches_user_idx").on(t.userId, t.createdAt),
    index("saved_searches_due_idx").on(t.nextDueAt).where(sql`${t.paused} = false`),
  ],
);

/** One search's part of a digest mail. */
export interface DigestSection {
  savedSearchId: string;
  name: string;
  /** The search's parameters (the mail links to the search page with them). */
  params: string;
  hits: Array<{ kind: "COMPANY" | "OFFER" | "INQUIRY"; id: string; companyId: string; title: string; companyName: string }>;
  /** New matches beyond the listed ones. */
  more: number;
}

/**
 * A digest mail to send (the outbox of decision 061): written in the same transaction that moves
 * its searches' watermarks, so a digest is neither lost nor made twice; the send job delivers it
 * (with a stable Message-ID) and marks it sent.
 */
export const savedSearchDigests = pgTable(
  "saved_search_digests",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sections: jsonb("sections").$type<DigestSection[]>().notNull(),
    status: text("status").$type<"PENDING" | "SENT">().notNull().default("PENDING"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("saved_search_digests_pending_idx").on(t.createdAt).where(sql`${t.status} = 'PENDING'`), index("saved_search_digests_user_idx").on(t.userId)],
);
