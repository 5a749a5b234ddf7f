import { sql } from "drizzle-orm";
import { customType, doublePrecision, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { Country } from "~/schemas/enums";
import { companies } from "./schema-companies";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export type SearchKind = "COMPANY" | "OFFER" | "INQUIRY";

/**
 * One row per publicly visible company and per active ad of such a company, maintained by
 * database triggers (migration 0002) from the company tables — derived data, never written by
 * application code. Filters are denormalised so one indexed table answers every search
 * (decision 008). The row key is the company id for companies and the ad id for ads.
 */
export const searchDocuments = pgTable(
  "search_documents",
  {
    /** Company id or ad id: unique on its own (a primary key with the kind let the planner walk it by kind as a disguised full scan). */
    docId: uuid("doc_id").primaryKey(),
    kind: text("kind").$type<SearchKind>().notNull(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Company name, or the ad title. */
    title: text("title").notNull(),
    /** Weighted lexemes of names, tags, NACE labels, descriptions (both languages, unaccented). */
    tsv: tsvector("tsv").notNull(),
    tagIds: uuid("tag_ids").array().notNull(),
    /** The company's NACE codes with all their ancestors, so a division matches its classes. */
    naceCodes: text("nace_codes").array().notNull(),
    country: text("country").$type<Country>(),
    lat: doublePrecision("lat"),
    lon: doublePrecision("lon"),
    /** Ads only; expired ads are filtered at query time. */
    validUntil: timestamp("valid_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /**
     * When the row entered the table (its inserting transaction's start; an upsert keeps it): what
     * saved-search digests call "new" (decision 061). A row that left (deactivated, expired) and
     * comes back is new again.
     */
    firstIndexedAt: timestamp("first_indexed_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Every filter as a key for the kind's GIN index on (tsv, facets) (migration 0004, decision 010):
     * c:<country>, t:<tag id>, n:<NACE code or ancestor>, and g0/g1/g2 geo cells.
     */
    facets: text("facets")
      .array()
      .notNull()
      .generatedAlwaysAs(sql`pn_facets(kind, country, tag_ids, nace_codes, lat, lon)`),
  },
  (t) => [index("search_documents_company_idx").on(t.companyId), index("search_documents_first_indexed_idx").on(t.firstIndexedAt)],
);

/** Every distinct lexeme of the search documents: typo-tolerant expansion of search terms. */
export const searchWords = pgTable("search_words", {
  word: text("word").primaryKey(),
});
