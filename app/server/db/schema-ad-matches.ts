import { customType, doublePrecision, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import type { Country } from "~/schemas/enums";
import { companies } from "./schema-companies";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * Offers meet requests (issue 25, decision 060): a narrow copy of the search table's ad rows —
 * exactly the active ads of publicly visible companies — with only what matching reads. Kept by a
 * row trigger on search_documents (migration 0028), never written by application code. The search
 * rows carry the full texts' lexemes (≈ 1.4 kB a row); matching visits ten thousand candidates at
 * 300,000 companies, which from this table stay in shared buffers (decision 060, bench).
 */
export const adMatchDocs = pgTable(
  "ad_match_docs",
  {
    /** The ad's id (company_services.id, = search_documents.doc_id). */
    docId: uuid("doc_id").primaryKey(),
    kind: text("kind").$type<"OFFER" | "INQUIRY">().notNull(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The search row's tag and NACE facets (t:<tag id>, n:<code and ancestors>). */
    keys: text("keys").array().notNull(),
    /** The ad's keywords as lexemes (weight B of its search row). */
    keywords: tsvector("keywords").notNull(),
    country: text("country").$type<Country>(),
    lat: doublePrecision("lat"),
    lon: doublePrecision("lon"),
    validUntil: timestamp("valid_until", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("ad_match_docs_offers_idx").using("gin", t.keywords, t.keys).where(sql`${t.kind} = 'OFFER'`),
    index("ad_match_docs_inquiries_idx").using("gin", t.keywords, t.keys).where(sql`${t.kind} = 'INQUIRY'`),
    index("ad_match_docs_company_idx").on(t.companyId),
  ],
);
