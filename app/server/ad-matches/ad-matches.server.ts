import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Country, ServiceType } from "~/schemas/enums";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { rowsOf, withTransaction } from "~/server/db/client.server";
import { AppError } from "~/server/errors";
import { defineJob } from "~/server/jobs/job";
import { logger } from "~/server/logger.server";
import { companyPolicy } from "~/server/policy/company-policy";
import type { Actor } from "~/server/policy/policy";
import { loadRelation } from "~/server/companies/membership.server";
import { serviceState } from "~/server/companies/service-state";

/**
 * Offers meet requests (issue 25, decision 060). For one ad, the complementary ads of other
 * companies: an offer finds inquiries, an inquiry finds offers. Candidates come from ad_match_docs,
 * the narrow copy of the search table's ad rows (migration 0028), which holds exactly the active
 * ads of publicly visible, not deleted companies with their company's tag ids, NACE codes (with
 * ancestors), headquarters and the ad's keywords — so nothing hidden can be suggested, and tags and NACE codes, being language-neutral ids, match a
 * German ad with a Czech one. The ad's own keywords join in through the tag catalogue: a keyword
 * equal to a tag's German or Czech label (case and diacritics ignored) counts as that tag.
 *
 * Score (decision 060): overlap × distance factor × freshness factor, where
 *   overlap   = Σ shared keys: tag 1.0, NACE class 1.0, group 0.75, division 0.5 (a class match
 *               therefore counts 2.25 with its group and division, a division alone 0.5),
 *               + 1.0 once when the other ad's keywords name one of this ad's tags (de or cs);
 *   distance  = 1 / (1 + km / 100)   (0.5 when either headquarters has no coordinates);
 *   freshness = 1 / (1 + age in days / 60).
 * A candidate must share at least one tag or NACE group (a class implies its group), or name one
 * of the tags among its keywords: a shared division or section alone is too broad to be a match.
 * Keywords count on both sides (this ad's keywords become tags; the other ad's keywords are
 * searched for this ad's tag labels), so if A finds B, B finds A.
 */

export const TAG_WEIGHT = 1;
/** Once, when the other ad's keywords name one of this ad's tags (in either language). */
export const KEYWORD_WEIGHT = 1;
export const NACE_WEIGHTS: Record<number, number> = { 4: 1, 3: 0.75, 2: 0.5 };
export const DISTANCE_HALF_KM = 100;
export const FRESHNESS_HALF_DAYS = 60;
/** Distance factor when a headquarters has no coordinates. */
export const UNKNOWN_DISTANCE_FACTOR = 0.5;
/** The ad's page lists this many matches. */
export const AD_MATCHES_LIMIT = 20;
/** The account summarises at most this many of a company's current ads (the newest). */
export const ACCOUNT_SUMMARY_ADS = 10;

export interface MatchProfile {
  serviceId: string;
  companyId: string;
  type: ServiceType;
  keys: string[];
  weights: number[];
  /** tsquery text: any of the ad's tags named among another ad's keywords (ad_match_docs.keywords). */
  tagQuery: string | null;
  lat: number | null;
  lon: number | null;
}

export interface AdMatch {
  serviceId: string;
  companyId: string;
  companyName: string;
  title: string;
  country: Country | null;
  city: string | null;
  distanceKm: number | null;
  createdAt: string;
  validUntil: string;
  score: number;
}

export interface AdMatchResult {
  matches: AdMatch[];
  /** Distinct matching companies per country of their headquarters (all matches, not only the listed ones). */
  companiesByCountry: Array<{ country: Country; count: number }>;
  total: number;
}

/** A PostgreSQL array literal as one parameter (Drizzle would spread a JS array into a tuple). */
function arrayParam(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
}

const complementOf = (type: ServiceType): ServiceType => (type === "OFFER" ? "INQUIRY" : "OFFER");

/**
 * The ad's match keys: its company's tags and NACE codes (class, group, division — sections are
 * too broad) and the tags its keywords name, each with its weight; and its headquarters.
 */
export async function loadMatchProfile(db: Db, serviceId: string): Promise<MatchProfile | null> {
  const rows = rowsOf<{ id: string; company_id: string; type: ServiceType; keys: string[] | null; weights: number[] | null; tag_query: string | null; lat: number | null; lon: number | null }>(
    await db.execute(sql`
      WITH s AS (SELECT id, company_id, type, keywords FROM company_services WHERE id = ${serviceId} AND active),
      k AS (
        SELECT 't:' || ct.tag_id AS key, ${TAG_WEIGHT}::float8 AS w FROM s JOIN company_tags ct ON ct.company_id = s.company_id
        UNION
        SELECT 't:' || t.id, ${TAG_WEIGHT}::float8 FROM s, tags t
          WHERE pn_norm(t.label_de) IN (SELECT pn_norm(kw) FROM unnest(s.keywords) kw)
             OR pn_norm(t.label_cs) IN (SELECT pn_norm(kw) FROM unnest(s.keywords) kw)
        UNION
        SELECT 'n:' || n.code, CASE n.level WHEN 4 THEN ${NACE_WEIGHTS[4]!}::float8 WHEN 3 THEN ${NACE_WEIGHTS[3]!}::float8 ELSE ${NACE_WEIGHTS[2]!}::float8 END
          FROM s, unnest(pn_nace_path(ARRAY(SELECT cn.nace_code FROM company_nace cn WHERE cn.company_id = s.company_id))) p(code)
          JOIN nace_codes n ON n.code = p.code
          WHERE n.level >= 2
      )
      SELECT s.id, s.company_id, s.type,
        (SELECT array_agg(key ORDER BY key) FROM k) AS keys,
        (SELECT array_agg(w ORDER BY key) FROM k) AS weights,
        -- Every label of the ad's tags, each as "all its words" (ad_match_docs.keywords holds only
        -- the keywords, without weights: no recheck of the GIN hits).
        (SELECT string_agg('(' || q || ')', ' | ') FROM (
          SELECT array_to_string(ARRAY(SELECT quote_literal(l) FROM unnest(tsvector_to_array(pn_lexemes(label))) l), ' & ') AS q
          FROM k JOIN tags t ON k.key = 't:' || t.id, unnest(ARRAY[t.label_de, t.label_cs]) label
          WHERE label <> ''
        ) x WHERE q <> '') AS tag_query,
        hq.lat, hq.lon
      FROM s
      LEFT JOIN LATERAL (
        SELECT a.lat, a.lon FROM company_addresses a WHERE a.company_id = s.company_id
        ORDER BY (a.kind = 'HEADQUARTERS') DESC, a.created_at LIMIT 1
      ) hq ON true`),
  );
  const row = rows[0];
  if (!row) return null;
  return {
    serviceId: row.id,
    companyId: row.company_id,
    type: row.type,
    keys: row.keys ?? [],
    weights: (row.weights ?? []).map(Number),
    tagQuery: row.tag_query,
    lat: row.lat,
    lon: row.lon,
  };
}

/**
 * The complementary ads of a profile, best first, and the number of distinct matching companies
 * per country. `limit` 0 only counts. The target kind is a literal so the planner picks the
 * kind's partial GIN index over keywords and keys (migration 0028).
 */
export async function findMatches(db: Db, profile: MatchProfile, now: Date, limit: number): Promise<AdMatchResult> {
  // A match shares a tag or a NACE group (a class implies its group); a shared division alone is too broad.
  const filterKeys = profile.keys.filter((key, i) => key.startsWith("t:") || profile.weights[i]! >= NACE_WEIGHTS[3]!);
  if (filterKeys.length === 0 && !profile.tagQuery) return { matches: [], companiesByCountry: [], total: 0 };
  const keywordMatch = profile.tagQuery ? sql`m.keywords @@ ${profile.tagQuery}::tsquery` : sql`false`;
  const target = sql.raw(`'${complementOf(profile.type)}'`);
  const lat = profile.lat;
  const lon = profile.lon;
  const distance =
    lat === null || lon === null
      ? sql`NULL::float8`
      : sql`CASE WHEN m.lat IS NULL OR m.lon IS NULL THEN NULL ELSE pn_distance_m(${lat}::float8, ${lon}::float8, m.lat, m.lon) / 1000 END`;
  // One term per key, inline: a plain comparison scan of the row's short array (≈ 0.1 µs a key),
  // where an unnest-and-aggregate per row cost ≈ 4 µs.
  const overlapTerms = profile.keys.map((key, i) => sql`CASE WHEN ${key}::text = ANY(m.keys) THEN ${profile.weights[i]!}::float8 ELSE 0 END`);
  const overlap = overlapTerms.length > 0 ? sql.join(overlapTerms, sql` + `) : sql`0`;
  const nowIso = now.toISOString();
  const rows = rowsOf<{
    kind: "row" | "count";
    doc_id: string | null;
    company_id: string | null;
    country: Country | null;
    title: string | null;
    city: string | null;
    name: string | null;
    distance_km: number | null;
    created_at: string | Date | null;
    valid_until: string | Date | null;
    score: number | null;
    n: number | string | null;
  }>(
    await withTransaction(db, async (tx) => {
      // Like search (search.server.ts): the planner underrates testing a row's keywords and keys
      // and picks a (parallel) scan of the whole table; the kind's GIN bitmap is cheaper, and one
      // process per request keeps the cost where the bench measures it (decision 060).
      await tx.execute(sql`SELECT set_config('enable_seqscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`);
      return tx.execute(sql`
      WITH hit AS MATERIALIZED (
        SELECT m.doc_id, m.company_id, m.country, m.created_at, m.valid_until, x.distance_km,
          (${overlap} + CASE WHEN ${keywordMatch} THEN ${KEYWORD_WEIGHT}::float8 ELSE 0 END)
          * CASE WHEN x.distance_km IS NULL THEN ${UNKNOWN_DISTANCE_FACTOR}::float8 ELSE 1 / (1 + x.distance_km / ${DISTANCE_HALF_KM}::float8) END
          * (1 / (1 + greatest(0::float8, date_part('epoch', ${nowIso}::timestamptz - m.created_at) / 86400) / ${FRESHNESS_HALF_DAYS}::float8)) AS score
        FROM ad_match_docs m
        CROSS JOIN LATERAL (SELECT ${distance} AS distance_km) x
        WHERE m.kind = ${target}
          AND (m.keys && ${arrayParam(filterKeys)}::text[] OR ${keywordMatch})
          AND m.valid_until > ${nowIso}::timestamptz
          AND m.company_id <> ${profile.companyId}::uuid
      ),
      top AS (SELECT * FROM hit ORDER BY score DESC, created_at DESC, doc_id LIMIT ${limit})
      SELECT 'row' AS kind, t.doc_id, t.company_id, t.country, s.title, hq.city, c.name, t.distance_km, t.created_at, t.valid_until, t.score, NULL::bigint AS n
        FROM top t
        JOIN company_services s ON s.id = t.doc_id
        JOIN companies c ON c.id = t.company_id
        LEFT JOIN LATERAL (
          SELECT a.city FROM company_addresses a WHERE a.company_id = t.company_id
          ORDER BY (a.kind = 'HEADQUARTERS') DESC, a.created_at LIMIT 1
        ) hq ON true
      UNION ALL
      SELECT 'count', NULL, NULL, country, NULL, NULL, NULL, NULL, NULL, NULL, NULL, count(DISTINCT company_id)
        FROM hit GROUP BY country`);
    }),
  );
  const matches = rows
    .filter((r) => r.kind === "row")
    .map((r) => ({
      serviceId: r.doc_id!,
      companyId: r.company_id!,
      companyName: r.name!,
      title: r.title!,
      country: r.country,
      city: r.city,
      distanceKm: r.distance_km === null ? null : Math.round(Number(r.distance_km)),
      createdAt: new Date(r.created_at!).toISOString(),
      validUntil: new Date(r.valid_until!).toISOString(),
      score: Number(r.score),
    }))
    .sort((a, b) => b.score - a.score || b.createdAt.localeCompare(a.createdAt) || a.serviceId.localeCompare(b.serviceId));
  const companiesByCountry = rows
    .filter((r) => r.kind === "count" && r.country !== null)
    .map((r) => ({ country: r.country!, count: Number(r.n) }))
    .sort((a, b) => b.count - a.count || a.country.localeCompare(b.country));
  return { matches, companiesByCountry, total: companiesByCountry.reduce((sum, c) => sum + c.count, 0) };
}

/**
 * The ad's page: the ad (as the company page shows it to this actor: hidden companies and
 * unknown ads are NOT_FOUND, expired ads only for members and admins) and its matches. An
 * expired ad has no matches: it is no longer on offer.
 */
export async function getAdMatches(db: Db, actor: Actor, companyId: string, serviceId: string, now = clock.now()) {
  const relation = await loadRelation(db, actor, companyId);
  if (!companyPolicy.canView(actor, relation)) throw new AppError("NOT_FOUND");
  const [ad] = rowsOf<{ id: string; type: ServiceType; title: string; keywords: string[]; valid_until: string | Date; name: string }>(
    await db.execute(sql`
      SELECT s.id, s.type, s.title, s.keywords, s.valid_until, c.name
      FROM company_services s JOIN companies c ON c.id = s.company_id
      WHERE s.id = ${serviceId} AND s.company_id = ${companyId} AND s.active`),
  );
  if (!ad) throw new AppError("NOT_FOUND");
  const canEdit = companyPolicy.canEdit(actor, relation);
  const state = serviceState(ad.valid_until, now);
  if (state === "expired" && !canEdit) throw new AppError("NOT_FOUND");
  const profile = state === "expired" ? null : await loadMatchProfile(db, serviceId);
  const result = profile ? await findMatches(db, profile, now, AD_MATCHES_LIMIT) : { matches: [], companiesByCountry: [], total: 0 };
  return {
    company: { id: companyId, name: ad.name },
    ad: { id: ad.id, type: ad.type, title: ad.title, keywords: ad.keywords, validUntil: new Date(ad.valid_until).toISOString(), state },
    ...result,
    isOwner: canEdit,
  };
}
export type AdMatchesPage = Awaited<ReturnType<typeof getAdMatches>>;

export interface AdMatchSummary {
  serviceId: string;
  type: ServiceType;
  title: string;
  companiesByCountry: Array<{ country: Country; count: number }>;
}

/**
 * For the account: per company the actor is a member of (or manages as admin), its newest
 * current ads with the number of matching companies per country. Only ads with matches.
 */
export async function companyMatchSummary(db: Db, actor: Actor, companyId: string, now = clock.now()): Promise<AdMatchSummary[]> {
  const relation = await loadRelation(db, actor, companyId);
  if (!companyPolicy.canEdit(actor, relation)) throw new AppError(companyPolicy.canView(actor, relation) ? "FORBIDDEN" : "NOT_FOUND");
  const ads = rowsOf<{ id: string; type: ServiceType; title: string }>(
    await db.execute(sql`
      SELECT id, type, title FROM company_services
      WHERE company_id = ${companyId} AND active AND valid_until > ${now.toISOString()}::timestamptz
      ORDER BY created_at DESC, id LIMIT ${ACCOUNT_SUMMARY_ADS}`),
  );
  const out: AdMatchSummary[] = [];
  for (const ad of ads) {
    const profile = await loadMatchProfile(db, ad.id);
    if (!profile) continue;
    const result = await findMatches(db, profile, now, 0);
    if (result.total > 0) out.push({ serviceId: ad.id, type: ad.type, title: ad.title, companiesByCountry: result.companiesByCountry });
  }
  return out;
}

/**
 * Removes expired ads from the match table (daily job): an expired ad never becomes current again
 * (prolonging is only allowed before it expires, spec §4), and the query skips them anyway — but
 * without this they would pile up under the GIN keys of every search (decision 060).
 */
export async function pruneExpiredAdMatches(db: Db, now = clock.now()): Promise<number> {
  const rows = rowsOf<{ n: number | string }>(
    await db.execute(sql`WITH gone AS (DELETE FROM ad_match_docs WHERE valid_until <= ${now.toISOString()}::timestamptz RETURNING 1) SELECT count(*) AS n FROM gone`),
  );
  return Number(rows[0]?.n ?? 0);
}

export const adMatchPruneJob = defineJob({
  name: "ad-match-prune",
  schema: z.object({}).passthrough(),
  cron: "41 3 * * *",
  retryLimit: 2,
  async handle(_data, { db }) {
    const pruned = await pruneExpiredAdMatches(db);
    if (pruned > 0) logger.info(`Ad matches: ${pruned} expired ad(s) removed from the match table`);
  },
});
