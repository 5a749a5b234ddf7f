import { type SQL, sql } from "drizzle-orm";
import type { Locale } from "~/i18n/locales";
import { COUNTRIES } from "~/schemas/enums";
import type { SearchQuery } from "~/schemas/search";
import { SEARCH_KINDS, SEARCH_PAGE_SIZE } from "~/schemas/search";
import { auditTrail } from "~/server/db/schema";
import { coverCells } from "./geo-cells";

/** Matches are counted up to this many; the UI says "more than …" beyond (a full count of a common term costs). */
export const TOTAL_CAP = 1000;

/**
 * Sorting by relevance looks at no more than this many matches (in index order); without a term
 * (newest first) TOTAL_CAP + 1 of them. A very common term ("gmbh") or a broad filter matches tens
 * of thousands of rows at 300k companies; visiting every one of them costs more than the p95
 * budget, and their ranks are nearly equal anyway. Below the cap, ordering is exact. Sorting by
 * distance is never capped (decision 008).
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
 * A word typed as a prefix matches the known words it begins, listed one by one when there are
 * at most this many: the GIN index then skips through their lists together with the filters',
 * where a prefix (:*) first collects every match into a bitmap (16.7 ms against 6.6 ms for
 * "cnc" at 300k companies, bench/README.md). More words than this keep the prefix operator.
 */
const PREFIX_WORDS = 16;

/** Characters that cannot appear in a quoted tsquery word as we build it. */
const TSQUERY_SPECIAL = sql.raw(`'[''\\\\:&|!()<>*]'`);
/** Known words not offered as expansions: tsquery syntax, and hyphens (see termQuerySql). */
const WORD_EXCLUDED = sql.raw(`'[''\\\\:&|!()<>*-]'`);

/**
 * Expands a search term inside the database, so normalisation is exactly the indexed one: each
 * word (lower case, no diacritics) matches the known words it begins ('dresd' → dresden,
 * dresdner). A word that begins no known word is taken for a typo and matches the most similar
 * known words instead (pg_trgm over search_words); a word that exists is not looked up, which
 * spares the trigram search (≈ 3 ms) for every correctly spelt word. Hyphenated compounds are
 * never listed: their parts are indexed too, and a compound would turn into a phrase query that
 * must be checked against every row. A separate statement on purpose: with the tsquery as a
 * constant, the planner can estimate it (decision 008).
 */
export function termQuerySql(term: string): SQL {
  return sql`
    WITH tokens AS (
      SELECT t.token FROM unnest(tsvector_to_array(pn_lexemes(${term}))) AS t(token)
      WHERE length(t.token) >= 2 AND t.token !~ ${TSQUERY_SPECIAL}
    ), prefixed AS (
      SELECT t.token, p.known, CASE WHEN p.known <= ${PREFIX_WORDS} THEN p.words END AS words
      FROM tokens t, LATERAL (
        SELECT count(*) AS known, array_agg(w.word ORDER BY w.word) AS words FROM (
          SELECT word FROM search_words
          WHERE length(t.token) >= 3 AND word ~>=~ t.token AND word ~<~ (t.token || chr(1114111)) AND word !~ ${WORD_EXCLUDED}
          LIMIT ${PREFIX_WORDS + 1}
        ) w
      ) p
    ), alternatives AS (
      SELECT token, known, words, ARRAY(
          SELECT w.word FROM (
            SELECT word FROM search_words WHERE known = 0 AND length(token) >= ${FUZZY_MIN_LENGTH}
            ORDER BY word <-> token LIMIT ${FUZZY_ALTERNATIVES}
          ) w
          WHERE similarity(w.word, token) >= ${FUZZY_MIN_SIMILARITY} AND w.word !~ ${WORD_EXCLUDED}
          ORDER BY w.word
        ) AS alike
      FROM prefixed
    ), parts AS (
      SELECT
        '(' || concat_ws(' | ', CASE WHEN words IS NULL THEN '''' || token || ''':*' END,
          (SELECT string_agg('''' || w || '''', ' | ' ORDER BY w) FROM unnest(coalesce(words, '{}') || alike) w)) || ')' AS fuzzy,
        '(' || concat_ws(' | ', CASE WHEN words IS NULL THEN '''' || token || ''':*' END,
          (SELECT string_agg('''' || w || '''', ' | ' ORDER BY w) FROM unnest(words) w)) || ')' AS exact
      FROM alternatives
    )
    SELECT coalesce(to_tsquery('simple', string_agg(fuzzy, ' & '))::text, '') AS query,
           coalesce(to_tsquery('simple', string_agg(exact, ' & '))::text, '') AS exact
    FROM parts`;
}

/**
 * A PostgreSQL array literal as one parameter (Drizzle would spread a JS array into a tuple).
 * Values are quoted and escaped; they are validated codes and ids anyway.
 */
function arrayParam(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
}

/** Metres from the search's location to a row (pn_distance_m, migration 0004); NULL without coordinates. */
const distanceTo = (q: SearchQuery) => sql`pn_distance_m(${q.location!.lat}::float8, ${q.location!.lon}::float8, d.lat, d.lon)`;

/** Facet keys as stored by pn_facets() (migration 0004). */
const facetKeys = (prefix: string, values: readonly string[]) => arrayParam(values.map((v) => `${prefix}:${v}`));

/**
 * Every condition goes to the kind's GIN index on (tsv, facets), which intersects them in a
 * single scan (decision 010): a single country must be present, tags, industries and the cells
 * covering the radius need any one. Both countries selected is no filter at all (every visible
 * company has a headquarters in one of them). The kind is a literal (from a closed list), so the
 * planner can match the partial index.
 */
function conditions(q: SearchQuery, now: Date, term: TermQuery | null): SQL[] {
  const where: SQL[] = [sql.raw(`d.kind = '${SEARCH_KINDS.includes(q.type) ? q.type : "COMPANY"}'`)];
  if (q.countries.length < COUNTRIES.length) where.push(sql`d.facets @> ${facetKeys("c", q.countries)}::text[]`);
  if (term) where.push(sql`d.tsv @@ ${term.query}::tsquery`);
  if (q.tagIds.length > 0) where.push(sql`d.facets && ${facetKeys("t", q.tagIds)}::text[]`);
  if (q.nace.length > 0) where.push(sql`d.facets && ${facetKeys("n", q.nace)}::text[]`);
  if (q.location && q.radiusKm) {
    const meters = q.radiusKm * 1000;
    const cells = coverCells(q.location.lat, q.location.lon, meters);
    if (cells) where.push(sql`d.facets && ${arrayParam(cells)}::text[]`);
    // The cells narrow by index; the exact great-circle distance then trims their corners.
    where.push(sql`${distanceTo(q)} <= ${meters}::float8`);
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

/** The page's order over the columns of searchPageSql's matches, qualified by `alias`. */
function orderBy(q: SearchQuery, term: TermQuery | null, alias: string): SQL {
  const c = (column: string) => sql.raw(`${alias}.${column}`);
  // Sorted by distance, relevance is not computed at all: every match is visited for the sort,
  // and ranking each of them would cost more than the search (bench/README.md).
  if (byDistance(q, term)) return sql`${c("distance_m")} ASC NULLS LAST, ${c("title")}, ${c('"docId"')}`;
  if (term) return sql`${c("rank")} DESC, ${c("title")}, ${c('"docId"')}`;
  return sql`${c("created_at")} DESC, ${c('"docId"')}`;
}

/**
 * The page of matches with everything the result list shows, in one statement: the matches
 * (ids, distance, rank), their count, then names, texts, images, headquarters town and tags in
 * the reader's language for just the page's rows; and the SEARCHED audit entry. Every row
 * carries `total`: the number of candidates, or of all matches when sorted by distance (those
 * are all visited for the sort anyway), so no second counting statement is needed.
 */
export function searchPageSql(q: SearchQuery, now: Date, term: TermQuery | null, locale: Locale, audit: SearchAudit): SQL {
  const distance = q.location ? distanceTo(q) : sql`NULL::float8`;
  const select = sql`SELECT ${MATCH_COLUMNS}, ${distance} AS distance_m, ${rankOf(q, term)} AS rank
    FROM search_documents d
    WHERE ${sql.join(conditions(q, now, term), sql` AND `)}`;
  // Without a term there is no relevance to choose by: the candidates only need to show that
  // more than TOTAL_CAP match, and to give the newest among them.
  const candidates = term ? RANK_CANDIDATES : TOTAL_CAP + 1;
  const source = usesCandidates(q, term) ? sql`${select} LIMIT ${candidates}` : select;
  const page = sql`SELECT *, count(*) OVER ()::int AS total FROM matches m
    ORDER BY ${orderBy(q, term, "m")}
    LIMIT ${SEARCH_PAGE_SIZE} OFFSET ${(q.page - 1) * SEARCH_PAGE_SIZE}`;
  // The SEARCHED entry is written by the same statement (a data-modifying CTE runs exactly once):
  // a round trip of its own cost as much as a rare term's whole search.
  const auditRow = sql`INSERT INTO ${auditTrail} (action, user_id, details)
    SELECT 'SEARCHED', ${audit.userId}::uuid, ${JSON.stringify(audit.details)}::jsonb || jsonb_build_object('results', least(count(*), ${TOTAL_CAP}))
    FROM matches`;
  return withDisplay(sql`matches AS MATERIALIZED (${source}), page AS (${page}), audit AS (${auditRow})`, orderBy(q, term, "p"), locale);
}

/** Who searched (null for anonymous visitors) and with which filters; the statement adds the result count. */
export interface SearchAudit {
  userId: string | null;
  details: Record<string, unknown>;
}

/**
 * Relevance: cover density of the words as typed (weighted double, so correctly spelt hits come
 * first) plus that of the typo alternatives; one call when there are none (≈ 1.5 µs a row).
 */
function rankOf(q: SearchQuery, term: TermQuery | null): SQL {
  if (!term || byDistance(q, term)) return sql`0::float4`;
  if (term.exact === term.query) return sql`3 * ts_rank_cd(d.tsv, ${term.exact}::tsquery)`;
  return sql`(2 * ts_rank_cd(d.tsv, ${term.exact}::tsquery) + ts_rank_cd(d.tsv, ${term.query}::tsquery))`;
}

const MATCH_COLUMNS = sql`d.doc_id AS "docId", d.kind, d.company_id AS "companyId", d.title, d.created_at, d.lat, d.lon,
  d.valid_until AS "validUntil"`;

/** The newest unexpired offers and inquiries (home page), with what the list shows. */
export function latestAdsSql(now: Date, limit: number, locale: Locale): SQL {
  const page = sql`SELECT ${MATCH_COLUMNS}, NULL::float8 AS distance_m, 0::float4 AS rank, NULL::int AS total
    FROM search_documents d
    WHERE d.kind IN ('OFFER', 'INQUIRY') AND d.valid_until > ${now.toISOString()}::timestamptz
    ORDER BY d.created_at DESC, d.doc_id LIMIT ${limit}`;
  return withDisplay(sql`page AS (${page})`, sql`p.created_at DESC, p."docId"`, locale);
}

/** Adds the displayed fields to the rows of the CTE `page` (declared in `ctes`), in `order`. */
function withDisplay(ctes: SQL, order: SQL, locale: Locale): SQL {
  // Column names from a fixed pair, never from input.
  const description = sql.raw(locale === "cs" ? "c.description_cs" : "c.description_de");
  const label = sql.raw(locale === "cs" ? "t.label_cs" : "t.label_de");
  return sql`WITH ${ctes}
    SELECT p."docId", p.kind, p."companyId", p.title, p.lat, p.lon, p."validUntil", p.distance_m, p.total,
      c.name AS "companyName", c.logo_key AS "logoKey", s.image_key AS "imageKey",
      CASE WHEN p.kind = 'COMPANY' THEN ${description} ELSE s.description END AS description,
      hq.city, hq.country,
      -- A company shows its tags; an offer or inquiry its own keywords (the keyword is its id).
      CASE WHEN p.kind = 'COMPANY' THEN
        coalesce((SELECT json_agg(json_build_object('id', t.id, 'label', ${label}))
          FROM company_tags ct JOIN tags t ON t.id = ct.tag_id WHERE ct.company_id = p."companyId"), '[]'::json)
      ELSE
        coalesce((SELECT json_agg(json_build_object('id', k.word, 'label', k.word)) FROM unnest(s.keywords) AS k(word)), '[]'::json)
      END AS tags
    FROM page p
    JOIN companies c ON c.id = p."companyId"
    LEFT JOIN company_services s ON p.kind <> 'COMPANY' AND s.id = p."docId"
    LEFT JOIN LATERAL (
      SELECT a.city, a.country FROM company_addresses a WHERE a.company_id = p."companyId"
      ORDER BY (a.kind = 'HEADQUARTERS') DESC, a.created_at LIMIT 1
    ) hq ON true
    WHERE p.kind = 'COMPANY' OR s.id IS NOT NULL
    ORDER BY ${order}`;
}

/** How many match, counted up to TOTAL_CAP + 1 (only needed for a page past the last one). */
export function searchCountSql(q: SearchQuery, now: Date, term: TermQuery | null): SQL {
  return sql`SELECT count(*)::int AS total FROM (
    SELECT 1 FROM search_documents d WHERE ${sql.join(conditions(q, now, term), sql` AND `)} LIMIT ${TOTAL_CAP + 1}
  ) capped`;
}

/**
 * How many match in each of `kinds` (the other tabs of the page), each counted up to
 * TOTAL_CAP + 1 like searchCountSql: one statement, one bounded index scan per kind.
 */
export function kindCountsSql(q: SearchQuery, now: Date, term: TermQuery | null, kinds: readonly SearchQuery["type"][]): SQL {
  const counts = kinds.map((kind) => sql`(${searchCountSql({ ...q, type: kind }, now, term)}) AS ${sql.identifier(kind)}`);
  return sql`SELECT ${sql.join(counts, sql`, `)}`;
}

/** One saved search's part of newMatchesSql. */
export interface NewMatchesPart {
  query: SearchQuery;
  term: TermQuery | null;
  /** Search rows first indexed in [since, until) are new. */
  since: Date;
  until: Date;
}

/**
 * Saved-search digests (decision 061): per part, the matches that entered the search table in
 * its window, newest first, at most `limit` each, with the company name — the search page's own
 * conditions (same filters, same index), plus the window on first_indexed_at. One statement for
 * all of a user's searches; `part` numbers the rows by their search.
 */
export function newMatchesSql(parts: readonly NewMatchesPart[], now: Date, limit: number): SQL {
  const selects = parts.map(
    (p, i) => sql`(SELECT ${i}::int AS part, d.doc_id AS "docId", d.kind, d.company_id AS "companyId", d.title, c.name AS "companyName"
      FROM search_documents d JOIN companies c ON c.id = d.company_id
      WHERE ${sql.join(conditions(p.query, now, p.term), sql` AND `)}
        AND d.first_indexed_at >= ${p.since.toISOString()}::timestamptz AND d.first_indexed_at < ${p.until.toISOString()}::timestamptz
      ORDER BY d.first_indexed_at DESC, d.doc_id LIMIT ${limit})`,
  );
  return sql.join(selects, sql` UNION ALL `);
}
