import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { DuplicateReason } from "~/schemas/duplicates";
import * as clock from "~/server/clock.server";
import { type Db, rowsOf, withTransaction } from "~/server/db/client.server";
import { duplicateDetectionRuns } from "~/server/db/schema";
import { defineJob } from "~/server/jobs/job";
import { logger } from "~/server/logger.server";

/**
 * Duplicate detection (issue 21, decision 040): set-based SQL over all live (not deleted)
 * companies, run as a job. Each reason is one statement filling a temporary table of (a, b,
 * reason, name similarity); the pairs are then upserted into company_duplicate_pairs in one
 * statement: OPEN pairs get their new score and reasons, KEPT_BOTH pairs stay as they are (never
 * shown again), OPEN pairs not found any more are dropped.
 */

/** Free-mail providers: a shared address there says nothing about the company. */
export const FREE_MAIL_DOMAINS = [
  "gmail.com", "googlemail.com", "seznam.cz", "email.cz", "centrum.cz", "post.cz", "volny.cz", "atlas.cz", "tiscali.cz", "quick.cz",
  "web.de", "gmx.de", "gmx.net", "gmx.at", "gmx.com", "t-online.de", "freenet.de", "arcor.de", "posteo.de", "mail.de", "online.de", "aol.de",
  "outlook.com", "outlook.de", "hotmail.com", "hotmail.de", "live.com", "live.de", "msn.com", "yahoo.com", "yahoo.de", "ymail.com",
  "icloud.com", "me.com", "mac.com", "aol.com", "protonmail.com", "proton.me", "mail.com", "zoho.com", "yandex.com", "mail.ru",
] as const;

/** Hosts many unrelated profiles link to (a social-media page as "website"). */
export const SHARED_WEB_DOMAINS = ["facebook.com", "instagram.com", "linkedin.com", "xing.com", "twitter.com", "x.com", "youtube.com", "google.com", "maps.google.com", "firmy.cz"] as const;

/** An identifier, domain or e-mail domain shared by more profiles than this is not a duplicate signal (a portal, a chamber). */
export const MAX_GROUP = 10;
/** Trigram similarity of the names without legal form, for "similar name nearby" and with a shared e-mail domain. */
export const NEAR_NAME_SIMILARITY = 0.6;
export const EMAIL_NAME_SIMILARITY = 0.45;
/** A name word carried by more names than this in one grid cell is not a blocking key there. */
export const NEAR_BLOCK_MAX = 25;
/** Headquarters at most this far apart count as "nearby". */
export const NEAR_DISTANCE_M = 25_000;
/** Grid cells (degrees) larger than NEAR_DISTANCE_M in both directions at these latitudes: neighbours lie in the 3 × 3 cells around. */
const CELL_LAT = 0.25;
const CELL_LON = 0.4;

const BASE_SCORE: Record<DuplicateReason, number> = {
  SAME_ICO: 85,
  SAME_COMMERCIAL_REGISTER: 80,
  SAME_WEBSITE_DOMAIN: 55,
  SAME_EMAIL_DOMAIN_SIMILAR_NAME: 50,
  SIMILAR_NAME_NEARBY: 35,
};

const textArray = (values: readonly string[]) => sql`ARRAY[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;

export interface DetectionResult {
  pairs: number;
  byReason: Record<DuplicateReason, number>;
  durationMs: number;
}

/** One full detection run in one transaction (each statement well under the statement timeout at 300,000 companies). */
export async function detectDuplicates(db: Db, now = clock.now()): Promise<DetectionResult> {
  const started = Date.now();
  return withTransaction(db, async (tx) => {
    // Two runs never write at once: the second waits for the first and then works on fresh data.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('partnernet:duplicate-detection'))`);
    // The joins below hash a few hundred thousand rows: in memory, not in temporary files.
    await tx.execute(sql`SELECT set_config('work_mem', '128MB', true)`);
    await tx.execute(sql`CREATE TEMP TABLE dup_live ON COMMIT DROP AS
      SELECT c.id, pn_company_core(c.name) AS core, hq.lat, hq.lon,
             floor(hq.lat / ${CELL_LAT}::float8)::int AS cx, floor(hq.lon / ${CELL_LON}::float8)::int AS cy
        FROM companies c
        LEFT JOIN company_addresses hq ON hq.company_id = c.id AND hq.kind = 'HEADQUARTERS'
       WHERE c.deleted_at IS NULL`);
    await tx.execute(sql`CREATE UNIQUE INDEX ON dup_live (id)`);
    await tx.execute(sql`ANALYZE dup_live`);
    await tx.execute(sql`CREATE TEMP TABLE dup_found (a uuid NOT NULL, b uuid NOT NULL, reason text NOT NULL, sim real NOT NULL) ON COMMIT DROP`);

    // Same IČO / commercial register number (company_identifiers.normalized).
    await tx.execute(sql`INSERT INTO dup_found
      WITH ids AS (
        SELECT DISTINCT i.kind, i.normalized, i.company_id FROM company_identifiers i JOIN dup_live l ON l.id = i.company_id
         WHERE i.kind IN ('ICO', 'COMMERCIAL_REGISTER') AND i.normalized <> ''),
      groups AS (SELECT kind, normalized FROM ids GROUP BY kind, normalized HAVING count(*) BETWEEN 2 AND ${MAX_GROUP})
      SELECT x.company_id, y.company_id, CASE x.kind WHEN 'ICO' THEN 'SAME_ICO' ELSE 'SAME_COMMERCIAL_REGISTER' END, 0
        FROM groups g
        JOIN ids x ON x.kind = g.kind AND x.normalized = g.normalized
        JOIN ids y ON y.kind = g.kind AND y.normalized = g.normalized AND x.company_id < y.company_id`);

    // Same website domain.
    await tx.execute(sql`INSERT INTO dup_found
      WITH doms AS (
        SELECT c.id, pn_web_domain(c.website) AS domain FROM companies c
         WHERE c.deleted_at IS NULL AND c.website <> '' AND pn_web_domain(c.website) IS NOT NULL
           AND pn_web_domain(c.website) <> ALL (${textArray(SHARED_WEB_DOMAINS)})),
      groups AS (SELECT domain FROM doms GROUP BY domain HAVING count(*) BETWEEN 2 AND ${MAX_GROUP})
      SELECT x.id, y.id, 'SAME_WEBSITE_DOMAIN', 0
        FROM groups g JOIN doms x ON x.domain = g.domain JOIN doms y ON y.domain = g.domain AND x.id < y.id`);

    // Same e-mail domain of a contact (not a free-mail provider) and a similar name.
    await tx.execute(sql`INSERT INTO dup_found
      WITH doms AS (
        SELECT DISTINCT cc.company_id AS id, lower(split_part(cc.email, '@', 2)) AS domain, l.core
          FROM company_contacts cc JOIN dup_live l ON l.id = cc.company_id
         WHERE lower(split_part(cc.email, '@', 2)) <> '' AND lower(split_part(cc.email, '@', 2)) <> ALL (${textArray(FREE_MAIL_DOMAINS)})),
      groups AS (SELECT domain FROM doms GROUP BY domain HAVING count(*) BETWEEN 2 AND ${MAX_GROUP})
      SELECT x.id, y.id, 'SAME_EMAIL_DOMAIN_SIMILAR_NAME', max(similarity(x.core, y.core))
        FROM groups g JOIN doms x ON x.domain = g.domain JOIN doms y ON y.domain = g.domain AND x.id < y.id
       WHERE x.core <> '' AND y.core <> '' AND similarity(x.core, y.core) >= ${EMAIL_NAME_SIMILARITY}
       GROUP BY x.id, y.id`);

    // Similar names, headquarters nearby. Blocking: each name's two rarest words (by how many
    // names carry them) are its keys; two names are compared when they share a key and their
    // headquarters lie in the same or neighbouring grid cells. A word that more than NEAR_BLOCK_MAX
    // names of one cell carry ("bau", "service", a common surname) is no key there: it says
    // nothing, and comparing all of them would be quadratic. Then similarity and distance decide.
    await tx.execute(sql`CREATE TEMP TABLE dup_words ON COMMIT DROP AS
      SELECT DISTINCT l.id, l.cx, l.cy, w FROM dup_live l, LATERAL unnest(string_to_array(l.core, ' ')) AS w
       WHERE l.lat IS NOT NULL AND l.lon IS NOT NULL AND length(w) >= 2`);
    await tx.execute(sql`CREATE TEMP TABLE dup_prefix ON COMMIT DROP AS
      WITH f AS (SELECT w, count(*) AS n FROM dup_words GROUP BY w),
      r AS (SELECT d.id, d.cx, d.cy, d.w, row_number() OVER (PARTITION BY d.id ORDER BY f.n, d.w) AS pos FROM dup_words d JOIN f ON f.w = d.w),
      k AS (SELECT id, cx, cy, w AS g FROM r WHERE pos <= 2),
      big AS (SELECT g, cx, cy FROM k GROUP BY g, cx, cy HAVING count(*) > ${NEAR_BLOCK_MAX})
      SELECT k.* FROM k WHERE NOT EXISTS (SELECT 1 FROM big WHERE big.g = k.g AND big.cx = k.cx AND big.cy = k.cy)`);
    await tx.execute(sql`ANALYZE dup_prefix`);
    await tx.execute(sql`INSERT INTO dup_found
      WITH near AS (
        SELECT p.id, p.g, p.cx + dx AS nx, p.cy + dy AS ny FROM dup_prefix p, (VALUES (-1), (0), (1)) AS dxs(dx), (VALUES (-1), (0), (1)) AS dys(dy)),
      cand AS (SELECT DISTINCT x.id AS a, n.id AS b FROM dup_prefix x JOIN near n ON n.g = x.g AND n.nx = x.cx AND n.ny = x.cy AND x.id < n.id)
      SELECT cand.a, cand.b, 'SIMILAR_NAME_NEARBY', similarity(x.core, y.core)
        FROM cand JOIN dup_live x ON x.id = cand.a JOIN dup_live y ON y.id = cand.b
       WHERE similarity(x.core, y.core) >= ${NEAR_NAME_SIMILARITY}
         AND pn_distance_m(x.lat, x.lon, y.lat, y.lon) <= ${NEAR_DISTANCE_M}`);

    const scoreCase = sql.raw(
      `CASE f.reason ${Object.entries(BASE_SCORE)
        .map(([reason, score]) => `WHEN '${reason}' THEN ${score}`)
        .join(" ")} ELSE 0 END`,
    );
    // One statement: a company deleted (merged) meanwhile is not in its snapshot's join.
    await tx.execute(sql`INSERT INTO company_duplicate_pairs (company_a, company_b, score, reasons, status, detected_at)
      SELECT f.a, f.b,
             least(100, max(${scoreCase}) + 5 * (count(DISTINCT f.reason) - 1) + round(10 * max(f.sim))::int),
             array_agg(DISTINCT f.reason ORDER BY f.reason), 'OPEN', ${now}
        FROM dup_found f
        JOIN companies ca ON ca.id = f.a AND ca.deleted_at IS NULL
        JOIN companies cb ON cb.id = f.b AND cb.deleted_at IS NULL
       GROUP BY f.a, f.b
      ON CONFLICT (company_a, company_b) DO UPDATE
         SET score = excluded.score, reasons = excluded.reasons, detected_at = excluded.detected_at
       WHERE company_duplicate_pairs.status = 'OPEN'`);
    await tx.execute(sql`DELETE FROM company_duplicate_pairs WHERE status = 'OPEN' AND detected_at < ${now}`);

    const counts = rowsOf<{ reason: DuplicateReason; n: number | string }>(
      await tx.execute(sql`SELECT reason, count(DISTINCT (a, b)) AS n FROM dup_found GROUP BY reason`),
    );
    const [total] = rowsOf<{ n: number | string }>(await tx.execute(sql`SELECT count(*) AS n FROM company_duplicate_pairs WHERE status = 'OPEN'`));
    const byReason = Object.fromEntries(Object.keys(BASE_SCORE).map((r) => [r, 0])) as Record<DuplicateReason, number>;
    for (const row of counts) byReason[row.reason] = Number(row.n);
    return { pairs: Number(total?.n ?? 0), byReason, durationMs: Date.now() - started };
  });
}

/** The detection's state for the page: last run, whether one is queued or running. */
export interface DetectionState {
  requestedAt: Date | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  pairsFound: number | null;
  durationMs: number | null;
  failed: boolean;
  running: boolean;
}

/** A run not finished after this long counts as lost (its instance died). */
const RUN_LOST_MS = 15 * 60_000;

export async function detectionState(db: Db, now = clock.now()): Promise<DetectionState> {
  const [row] = await db.select().from(duplicateDetectionRuns).where(eq(duplicateDetectionRuns.id, 1));
  const requestedAt = row?.requestedAt ?? null;
  const startedAt = row?.startedAt ?? null;
  const finishedAt = row?.finishedAt ?? null;
  const pending = !!requestedAt && (!startedAt || requestedAt > startedAt) && now.getTime() - requestedAt.getTime() < RUN_LOST_MS;
  const active = !!startedAt && (!finishedAt || finishedAt < startedAt) && now.getTime() - startedAt.getTime() < RUN_LOST_MS;
  return {
    requestedAt,
    startedAt,
    finishedAt,
    pairsFound: row?.pairsFound ?? null,
    durationMs: row?.durationMs ?? null,
    failed: !!row?.error,
    running: pending || active,
  };
}

/** Runs the detection and records it in the state row (the job's body; tests call it directly). */
export async function runDetection(db: Db): Promise<DetectionResult> {
  await db.insert(duplicateDetectionRuns).values({ id: 1 }).onConflictDoNothing();
  await db.update(duplicateDetectionRuns).set({ startedAt: clock.now(), error: null }).where(eq(duplicateDetectionRuns.id, 1));
  try {
    const result = await detectDuplicates(db);
    await db
      .update(duplicateDetectionRuns)
      .set({ finishedAt: clock.now(), pairsFound: result.pairs, durationMs: result.durationMs, error: null })
      .where(eq(duplicateDetectionRuns.id, 1));
    return result;
  } catch (error) {
    await db
      .update(duplicateDetectionRuns)
      .set({ finishedAt: clock.now(), error: error instanceof Error ? error.message.slice(0, 500) : "failed" })
      .where(eq(duplicateDetectionRuns.id, 1));
    throw error;
  }
}

/**
 * "Find the duplicates" (decision 021's queue). Every request queues a job carrying its moment;
 * a job whose request is older than the start of the last run has nothing to add (that run saw
 * every company the request was about) and ends at once. So a request that comes while a run is
 * working — an import finishing meanwhile — always gets a run after it, and a burst of requests
 * costs one or two runs. The run itself takes an advisory lock, so two runs never overlap (a
 * second waits and then works on the newer data).
 */
export const duplicateDetectionJob = defineJob({
  name: "duplicate-detection",
  schema: z.object({ requestedAt: z.iso.datetime().optional() }).passthrough(),
  retryLimit: 2,
  expireInSeconds: 600,
  async handle(data, { db }) {
    await runRequestedDetection(db, data.requestedAt ? new Date(data.requestedAt) : null);
  },
});

/** The job's body: runs unless a run started after the request (then false). */
export async function runRequestedDetection(db: Db, requestedAt: Date | null): Promise<boolean> {
  const state = await detectionState(db);
  if (requestedAt && state.startedAt && state.startedAt >= requestedAt) return false;
  const result = await runDetection(db);
  logger.info(`Duplicate detection: ${result.pairs} open pair(s) in ${result.durationMs} ms`);
  return true;
}
