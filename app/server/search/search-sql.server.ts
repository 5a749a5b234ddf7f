import { type SQL, sql } from "drizzle-orm";
import type { SearchQuery } from "~/schemas/search";
import { SEARCH_PAGE_SIZE } from "~/schemas/search";

/** Matches are counted up to this many; the UI says "more than …" beyond (a full count of a common term costs). */
export const TOTAL_CAP = 1000;

/**
 * Sorting by relevance or date looks at no more than this many matches (in index order). A very
 * common term ("gmbh") or a broad filter matches tens of thousands of rows at 300k companies;
 * visiting every one of them costs more than the p95 budget, and their ranks are nearly equal
 * anyway. Below the cap, ordering is exact. Sorting by distance is never capped (decision 008).
 */
export const RANK_CANDIDATES = 2000;

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

/** earthdistance's sphere (metres). */
const EARTH_RADIUS_M = 6378168;

/**
 * A latitude/longitude box that contains the circle (widened at its poleward edge). Plain btree
 * ranges, unlike a cube box, have column statistics, so the planner can tell a wide radius from a
 * narrow one and choose between the text and the location index (bench/README.md).
 */
export function boundingBox(lat: number, lon: number, meters: number) {
  const dLat = (meters / EARTH_RADIUS_M) * (180 / Math.PI);
  const poleward = Math.min(89.9, Math.abs(lat) + dLat);
  const dLon = dLat / Math.cos((poleward * Math.PI) / 180);
  return { minLat: lat - dLat, maxLat: lat + dLat, minLon: lon - dLon, maxLon: lon + dLon };
}

function conditions(q: SearchQuery, now: Date, term: TermQuery | null): SQL[] {
  const where: SQL[] = [sql`d.kind = ${q.type}`, sql`d.country = ANY(${arrayParam(q.countries)}::text[])`];
  if (term) where.push(sql`d.tsv @@ ${term.query}::tsquery`);
  if (q.tagIds.length > 0) where.push(sql`d.tag_ids && ${arrayParam(q.tagIds)}::uuid[]`);
  if (q.nace.length > 0) where.push(sql`d.nace_codes && ${arrayParam(q.nace)}::text[]`);
  if (q.location && q.radiusKm) {
    const meters = q.radiusKm * 1000;
    const box = boundingBox(q.location.lat, q.location.lon, meters);
    // The box narrows by index; the exact great-circle distance then trims its corners.
    where.push(sql`d.lat BETWEEN ${box.minLat}::float8 AND ${box.maxLat}::float8
      AND d.lon BETWEEN ${box.minLon}::float8 AND ${box.maxLon}::float8
      AND earth_distance(${origin(q)}, ll_to_earth(d.lat, d.lon)) <= ${meters}::float8`);
  }
  if (q.type !== "COMPANY") where.push(sql`d.valid_until > ${now.toISOString()}::timestamptz`);
  return where;
}

/**
 * Searches sorted by relevance (or, without a term, newest first) rank a bounded candidate set;
 * sorting by distance always considers every match, so the nearest is never missed.
 */
export function usesCandidates(q: SearchQuery, term: TermQuery | null): boolean {
  return !byDistance(q, term);
}

const byDistance = (q: SearchQuery, term: TermQuery | null) => q.location !== null && (q.sort === "distance" || term === null);

/**
 * The page of matches: ids, distance and rank only; the caller loads what the list shows. Every
 * row also carries `total`: the number of candidates, or of all matches when sorted by distance
 * (those are all visited for the sort anyway), so no second counting statement is needed.
 */
export function searchPageSql(q: SearchQuery, now: Date, term: TermQuery | null): SQL {
  const distance = q.location
    ? sql`CASE WHEN d.lat IS NULL THEN NULL ELSE earth_distance(${origin(q)}, ll_to_earth(d.lat, d.lon)) END`
    : sql`NULL::float8`;
  const rank = term ? sql`(2 * ts_rank_cd(d.tsv, ${term.exact}::tsquery) + ts_rank_cd(d.tsv, ${term.query}::tsquery))` : sql`0::float4`;
  const select = sql`SELECT d.doc_id AS "docId", d.kind, d.company_id AS "companyId", d.title, d.created_at, d.lat, d.lon,
      d.valid_until AS "validUntil", ${distance} AS distance_m, ${rank} AS rank
    FROM search_documents d
    WHERE ${sql.join(conditions(q, now, term), sql` AND `)}`;
  const order = byDistance(q, term)
    ? sql`distance_m ASC NULLS LAST, rank DESC, title, "docId"`
    : term
      ? sql`rank DESC, title, "docId"`
      : sql`created_at DESC, "docId"`;
  const source = usesCandidates(q, term) ? sql`${select} LIMIT ${RANK_CANDIDATES}` : select;
  return sql`WITH matches AS MATERIALIZED (${source})
    SELECT *, count(*) OVER ()::int AS total FROM matches
    ORDER BY ${order}
    LIMIT ${SEARCH_PAGE_SIZE} OFFSET ${(q.page - 1) * SEARCH_PAGE_SIZE}`;
}

/** How many match, counted up to TOTAL_CAP + 1 (only needed for a page past the last one). */
export function searchCountSql(q: SearchQuery, now: Date, term: TermQuery | null): SQL {
  return sql`SELECT count(*)::int AS total FROM (
    SELECT 1 FROM search_documents d WHERE ${sql.join(conditions(q, now, term), sql` AND `)} LIMIT ${TOTAL_CAP + 1}
  ) capped`;
}
