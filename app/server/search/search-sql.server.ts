import { type SQL, sql } from "drizzle-orm";
import type { SearchQuery } from "~/schemas/search";
import { SEARCH_PAGE_SIZE } from "~/schemas/search";

/** Matches are counted up to this many; the UI says "more than …" beyond (a full count of a common term costs). */
export const TOTAL_CAP = 1000;

/** Fuzzy expansion: per search word, up to this many known words at least this similar (pg_trgm). */
const FUZZY_ALTERNATIVES = 4;
const FUZZY_MIN_SIMILARITY = 0.45;
const FUZZY_MIN_LENGTH = 4;

/** The text query of a search term as tsquery text, ready to be sent back as a parameter. */
export interface TermQuery {
  /** Every word as a prefix or one of its typo alternatives; all words must match. */
  query: string;
  /** Without the typo alternatives; ranking weighs it double so correctly spelt hits come first. */
  exact: string;
}

/**
 * Expands a search term inside the database, so normalisation is exactly the indexed one: each
 * word (lower case, no diacritics) matches as a prefix ('dresd':*) or as one of the most similar
 * known words (pg_trgm over search_words). A separate statement on purpose: with the tsquery as a
 * constant, the planner can estimate it and combine the text and geo indexes (decision 008).
 */
export function termQuerySql(term: string): SQL {
  return sql`
    WITH tokens AS (
      SELECT t.token FROM unnest(tsvector_to_array(pn_lexemes(${term}))) AS t(token)
      WHERE length(t.token) >= 2 AND t.token !~ '[''\\\\:&|!()<>*]'
    ), alternatives AS (
      SELECT
        '(''' || token || ''':*' || coalesce((
          SELECT string_agg(' | ''' || w.word || '''', '')
          FROM (SELECT word FROM search_words WHERE length(token) >= ${FUZZY_MIN_LENGTH} ORDER BY word <-> token LIMIT ${FUZZY_ALTERNATIVES}) w
          WHERE similarity(w.word, token) >= ${FUZZY_MIN_SIMILARITY}
        ), '') || ')' AS fuzzy,
        '''' || token || ''':*' AS exact
      FROM tokens
    )
    SELECT coalesce(to_tsquery('simple', string_agg(fuzzy, ' & '))::text, '') AS query,
           coalesce(to_tsquery('simple', string_agg(exact, ' & '))::text, '') AS exact
    FROM alternatives`;
}

/**
 * A PostgreSQL array literal as one parameter (Drizzle would spread a JS array into a tuple).
 * Values are quoted and escaped; they are validated codes and ids anyway.
 */
function arrayParam(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
}

const origin = (q: SearchQuery) => sql`ll_to_earth(${q.location!.lat}::float8, ${q.location!.lon}::float8)`;

function conditions(q: SearchQuery, now: Date, term: TermQuery | null): SQL[] {
  const where: SQL[] = [sql`d.kind = ${q.type}`, sql`d.country = ANY(${arrayParam(q.countries)}::text[])`];
  if (term) where.push(sql`d.tsv @@ ${term.query}::tsquery`);
  if (q.tagIds.length > 0) where.push(sql`d.tag_ids && ${arrayParam(q.tagIds)}::uuid[]`);
  if (q.nace.length > 0) where.push(sql`d.nace_codes && ${arrayParam(q.nace)}::text[]`);
  if (q.location && q.radiusKm) {
    const meters = q.radiusKm * 1000;
    // The box test uses the GiST index; the exact distance then trims the box's corners.
    where.push(sql`d.lat IS NOT NULL AND d.lon IS NOT NULL
      AND earth_box(${origin(q)}, ${meters}::float8) @> ll_to_earth(d.lat, d.lon)
      AND earth_distance(${origin(q)}, ll_to_earth(d.lat, d.lon)) <= ${meters}::float8`);
  }
  if (q.type !== "COMPANY") where.push(sql`d.valid_until > ${now.toISOString()}::timestamptz`);
  return where;
}

/** The page of matches: ids, distance and rank only; the caller loads what the list shows. */
export function searchPageSql(q: SearchQuery, now: Date, term: TermQuery | null): SQL {
  const distance = q.location
    ? sql`CASE WHEN d.lat IS NULL THEN NULL ELSE earth_distance(${origin(q)}, ll_to_earth(d.lat, d.lon)) END`
    : sql`NULL::float8`;
  const rank = term ? sql`(2 * ts_rank_cd(d.tsv, ${term.exact}::tsquery) + ts_rank_cd(d.tsv, ${term.query}::tsquery))` : sql`0::float4`;
  const order =
    q.sort === "distance" || (!term && q.location)
      ? sql`distance_m ASC NULLS LAST, rank DESC, d.title, d.doc_id`
      : term
        ? sql`rank DESC, d.title, d.doc_id`
        : sql`d.created_at DESC, d.doc_id`;
  return sql`SELECT d.doc_id AS "docId", d.kind, d.company_id AS "companyId", d.lat, d.lon, d.valid_until AS "validUntil",
      ${distance} AS distance_m, ${rank} AS rank
    FROM search_documents d
    WHERE ${sql.join(conditions(q, now, term), sql` AND `)}
    ORDER BY ${order}
    LIMIT ${SEARCH_PAGE_SIZE} OFFSET ${(q.page - 1) * SEARCH_PAGE_SIZE}`;
}

/** How many match, counted up to TOTAL_CAP + 1. */
export function searchCountSql(q: SearchQuery, now: Date, term: TermQuery | null): SQL {
  return sql`SELECT count(*)::int AS total FROM (
    SELECT 1 FROM search_documents d WHERE ${sql.join(conditions(q, now, term), sql` AND `)} LIMIT ${TOTAL_CAP + 1}
  ) capped`;
}
