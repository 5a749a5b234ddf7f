import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { companies } from "./schema-companies";
import { users } from "./schema";

/**
 * News (spec §3, issue 13): title and text in German and Czech (text is HTML sanitised on the
 * server), a required image (re-encoded WebP), a publication date (in the future = scheduled),
 * the publishing company and its author. Admins toggle `active`; deleting is soft (`deleted_at`)
 * and restorable; deleting the company deletes its news (foreign-key cascade, spec §4).
 */
export const news = pgTable(
  "news",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The author: kept as a name when the account is deleted (the account link goes). */
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    titleDe: text("title_de").notNull(),
    titleCs: text("title_cs").notNull(),
    descriptionDe: text("description_de").notNull(),
    descriptionCs: text("description_cs").notNull(),
    imageKey: text("image_key").notNull(),
    publishAt: timestamp("publish_at", { withTimezone: true }).notNull(),
    active: boolean("active").notNull().default(true),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** Deleted together with its company (restored with it; decision 026). */
    deletedWithCompany: boolean("deleted_with_company").notNull().default(false),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("news_company_idx").on(t.companyId),
    // The public list, the home page and the feeds: visible news, newest first.
    index("news_public_idx").on(t.publishAt.desc()).where(sql`${t.active} AND ${t.deletedAt} IS NULL`),
    // Search by title, ignoring case and diacritics (like the company search, decision 008).
    index("news_title_de_trgm_idx").using("gin", sql`pn_norm(${t.titleDe}) gin_trgm_ops`),
    index("news_title_cs_trgm_idx").using("gin", sql`pn_norm(${t.titleCs}) gin_trgm_ops`),
  ],
);
