import { randomUUID } from "node:crypto";
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { sql } from "drizzle-orm";
import { config } from "~/server/config.server";
import { type Db, rowsOf, withTransaction } from "~/server/db/client.server";
import { AppError } from "~/server/errors";
import { storeImage } from "~/server/storage/images.server";
import type { FileStorage } from "~/server/storage/storage.server";
import { fetchLogo, type FetchLogoOptions, type LogoFetchFailure, LogoFetchError } from "./fetcher.server";
import { logger } from "~/server/logger.server";

/**
 * Logos named by imports (decision 042). The import's batch only inserts `company_logo_fetches`
 * rows (queueCreatedLogos / queueUpdatedLogos, in its own transaction); the drain job claims
 * QUEUED rows a few at a time (`FOR UPDATE SKIP LOCKED`, a lease), fetches each image through the
 * SSRF-safe fetcher with no transaction open, stores it the way an uploaded logo is stored
 * (re-encoded by sharp, `logos/` prefix, 600 px) and sets `companies.logo_key` — unless a person
 * set the logo meanwhile (`logo` in `curated_fields`) or the profile is deleted. A retryable
 * failure (timeout, connection, 5xx) waits and is tried again; the last attempt, or a failure of
 * the URL itself, marks the row FAILED with its code.
 */

export interface LogoFetchSettings {
  maxAttempts: number;
  /** First retry delay; doubles with each attempt. */
  retrySeconds: number;
  /** How long a claimed row is its worker's (fetch deadline + storing, with room). */
  leaseSeconds: number;
  /** Rows claimed (and fetched in parallel) at once. */
  batchSize: number;
  fetch: FetchLogoOptions;
}

export function logoFetchSettings(): LogoFetchSettings {
  const { allowLoopback, testHosts } = config.logoFetch;
  const fetch: FetchLogoOptions = { loopback: allowLoopback ? "allowed" : "refused" };
  // End-to-end tests only (never in production): names of the local logo server, resolved
  // without DNS; the addresses are checked like any answer.
  if (testHosts.size > 0) {
    fetch.resolve = async (hostname) => {
      const address = testHosts.get(hostname.toLowerCase());
      return address ? [{ address, family: isIP(address) }] : lookup(hostname, { all: true, verbatim: true });
    };
  }
  return { maxAttempts: 3, retrySeconds: 60, leaseSeconds: 60, batchSize: 4, fetch };
}

/** A row's outcome that set no logo although nothing failed: the logo is a person's, or the profile is gone. */
export type LogoSkipReason = "LOGO_CURATED" | "COMPANY_GONE";

/** Logo URLs of companies the batch created: one multi-row INSERT (the companies are new, nothing to compare). */
export async function queueCreatedLogos(tx: Db, importId: string, rows: ReadonlyArray<{ companyId: string; url: string }>): Promise<void> {
  if (rows.length === 0) return;
  const records = rows.map((r) => ({ company_id: r.companyId, import_id: importId, url: r.url }));
  await tx.execute(sql`INSERT INTO company_logo_fetches (company_id, import_id, url)
    SELECT company_id, import_id, url FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS x(company_id uuid, import_id uuid, url text)`);
}

/**
 * Logo URLs of companies the batch updated, in one statement: queued only where the logo is not
 * curated and the URL differs from the one the current logo came from (and from one already
 * waiting); a waiting fetch of another URL is replaced (its worker, if one has it, finds its
 * claim gone and discards its result). The caller holds the companies locked.
 */
export async function queueUpdatedLogos(tx: Db, importId: string, rows: ReadonlyArray<{ companyId: string; url: string }>): Promise<void> {
  if (rows.length === 0) return;
  const records = rows.map((r) => ({ company_id: r.companyId, import_id: importId, url: r.url }));
  await tx.execute(sql`INSERT INTO company_logo_fetches (company_id, import_id, url)
    SELECT x.company_id, x.import_id, x.url FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS x(company_id uuid, import_id uuid, url text)
      JOIN companies c ON c.id = x.company_id AND c.deleted_at IS NULL AND NOT ('logo' = ANY(c.curated_fields))
     WHERE NOT EXISTS (SELECT 1 FROM company_logo_fetches f WHERE f.company_id = x.company_id AND f.url = x.url
                         AND (f.state = 'QUEUED' OR (f.state = 'DONE' AND f.logo_key IS NOT NULL AND f.logo_key = c.logo_key)))
     ORDER BY x.company_id
    ON CONFLICT (company_id) WHERE state = 'QUEUED' DO UPDATE
      SET url = excluded.url, import_id = excluded.import_id, attempts = 0, error_code = NULL, lease_until = NULL, lease_owner = NULL, updated_at = now()`);
}

interface Claimed {
  id: string;
  companyId: string;
  url: string;
  attempts: number;
  owner: string;
}

const DUE = sql`state = 'QUEUED' AND (lease_until IS NULL OR lease_until <= now())`;

/** Claims up to `limit` due rows for one worker: a lease, one attempt more; SKIP LOCKED hands each row to one worker only. */
export async function claimLogoFetches(db: Db, limit: number, leaseSeconds: number): Promise<Claimed[]> {
  const owner = randomUUID();
  const result = await db.execute(sql`
    UPDATE company_logo_fetches SET attempts = attempts + 1, lease_until = now() + make_interval(secs => ${leaseSeconds}), lease_owner = ${owner}, updated_at = now()
     WHERE id IN (SELECT id FROM company_logo_fetches WHERE ${DUE} ORDER BY created_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, company_id, url, attempts`);
  return rowsOf<{ id: string; company_id: string; url: string; attempts: number | string }>(result).map((r) => ({
    id: r.id,
    companyId: r.company_id,
    url: r.url,
    attempts: Number(r.attempts),
    owner,
  }));
}

export type LogoFetchOutcome = "done" | "skipped" | "retry" | "failed" | "superseded";

const mine = (row: Claimed) => sql`id = ${row.id} AND state = 'QUEUED' AND lease_owner = ${row.owner}`;

async function markFailed(db: Db, row: Claimed, code: LogoFetchFailure): Promise<LogoFetchOutcome> {
  const result = await db.execute(sql`UPDATE company_logo_fetches SET state = 'FAILED', error_code = ${code}, lease_until = NULL, lease_owner = NULL, finished_at = now(), updated_at = now()
    WHERE ${mine(row)} RETURNING id`);
  return rowsOf(result).length > 0 ? "failed" : "superseded";
}

async function markSkipped(db: Db, row: Claimed, reason: LogoSkipReason): Promise<LogoFetchOutcome> {
  const result = await db.execute(sql`UPDATE company_logo_fetches SET state = 'DONE', error_code = ${reason}, lease_until = NULL, lease_owner = NULL, finished_at = now(), updated_at = now()
    WHERE ${mine(row)} RETURNING id`);
  return rowsOf(result).length > 0 ? "skipped" : "superseded";
}

/** Why the profile would not take the logo now (a person set one, or it is deleted); null when it would. */
async function skipReason(db: Db, companyId: string): Promise<LogoSkipReason | null> {
  const [company] = rowsOf<{ deleted: boolean; curated: boolean }>(
    await db.execute(sql`SELECT deleted_at IS NOT NULL AS deleted, 'logo' = ANY(curated_fields) AS curated FROM companies WHERE id = ${companyId}`),
  );
  if (!company || company.deleted) return "COMPANY_GONE";
  return company.curated ? "LOGO_CURATED" : null;
}

function imageFailure(error: unknown): LogoFetchFailure {
  if (error instanceof AppError) return error.code === "FILE_TOO_LARGE" ? "LOGO_TOO_LARGE" : error.code === "FILE_TYPE_NOT_ALLOWED" ? "LOGO_NOT_IMAGE" : "LOGO_IMAGE_INVALID";
  return "LOGO_IMAGE_INVALID";
}

/**
 * Works on one claimed row: fetch (no transaction open), store, then — in one transaction that
 * locks the company first, then the row (the order of a merge and of the import's batch) — set
 * the logo if this claim still holds the row and no person curated the logo meanwhile.
 */
export async function runLogoFetch(db: Db, storage: FileStorage, row: Claimed, settings: LogoFetchSettings): Promise<LogoFetchOutcome> {
  if (row.attempts > settings.maxAttempts) return markFailed(db, row, "LOGO_INTERRUPTED");
  const before = await skipReason(db, row.companyId);
  if (before) return markSkipped(db, row, before);

  let key: string;
  try {
    const logo = await fetchLogo(row.url, settings.fetch);
    key = await storeImage(storage, new Blob([new Uint8Array(logo.bytes)], { type: logo.type }), { prefix: "logos", maxWidth: 600 });
  } catch (error) {
    const failure = error instanceof LogoFetchError ? error : new LogoFetchError(imageFailure(error), false, error instanceof Error ? error.message : String(error));
    if (failure.retryable && row.attempts < settings.maxAttempts) {
      const delay = settings.retrySeconds * 2 ** (row.attempts - 1);
      const result = await db.execute(sql`UPDATE company_logo_fetches SET error_code = ${failure.code}, lease_until = now() + make_interval(secs => ${delay}), lease_owner = NULL, updated_at = now()
        WHERE ${mine(row)} RETURNING id`);
      return rowsOf(result).length > 0 ? "retry" : "superseded";
    }
    return markFailed(db, row, failure.code);
  }

  const outcome = await withTransaction(db, async (tx): Promise<{ outcome: LogoFetchOutcome; old: string | null }> => {
    // The row may have moved to another company (a merge) since it was claimed: follow it once.
    let companyId = row.companyId;
    for (let i = 0; i < 2; i++) {
      const [company] = rowsOf<{ id: string; logo_key: string | null; deleted: boolean; curated: boolean }>(
        await tx.execute(sql`SELECT id, logo_key, deleted_at IS NOT NULL AS deleted, 'logo' = ANY(curated_fields) AS curated FROM companies WHERE id = ${companyId} FOR NO KEY UPDATE`),
      );
      const [fetch] = rowsOf<{ company_id: string }>(await tx.execute(sql`SELECT company_id FROM company_logo_fetches WHERE ${mine(row)} FOR UPDATE`));
      if (!fetch) return { outcome: "superseded", old: null };
      if (fetch.company_id !== companyId) {
        companyId = fetch.company_id;
        continue;
      }
      if (!company || company.deleted || company.curated) {
        await tx.execute(sql`UPDATE company_logo_fetches SET state = 'DONE', error_code = ${!company || company.deleted ? "COMPANY_GONE" : "LOGO_CURATED"},
          lease_until = NULL, lease_owner = NULL, finished_at = now(), updated_at = now() WHERE id = ${row.id}`);
        return { outcome: "skipped", old: null };
      }
      await tx.execute(sql`UPDATE companies SET logo_key = ${key}, updated_at = now() WHERE id = ${companyId}`);
      await tx.execute(sql`UPDATE company_logo_fetches SET state = 'DONE', error_code = NULL, logo_key = ${key},
        lease_until = NULL, lease_owner = NULL, finished_at = now(), updated_at = now() WHERE id = ${row.id}`);
      // The replaced logo goes after the commit — unless an issued invoice prints it.
      const old = company.logo_key;
      if (!old) return { outcome: "done", old: null };
      const [used] = rowsOf(await tx.execute(sql`SELECT 1 AS one FROM invoices WHERE logo_key = ${old} LIMIT 1`));
      return { outcome: "done", old: used ? null : old };
    }
    return { outcome: "superseded", old: null };
  }).catch(async (error: unknown) => {
    await storage.delete(key).catch(() => undefined);
    throw error;
  });
  const unused = outcome.outcome === "done" ? outcome.old : key;
  if (unused) await storage.delete(unused).catch((error: unknown) => logger.error({ err: error }, `Logo fetch ${row.id}: file ${unused} not removed`));
  return outcome.outcome;
}

export interface DrainResult {
  done: number;
  skipped: number;
  failed: number;
  retry: number;
  superseded: number;
}

/**
 * Claims and works on due rows, a few at a time (fetched in parallel), until none is due, the
 * deadline passed or the signal stopped it. Returns what happened.
 */
export async function drainLogoFetches(
  db: Db,
  storage: FileStorage,
  { settings = logoFetchSettings(), signal, deadline = Number.POSITIVE_INFINITY }: { settings?: LogoFetchSettings; signal?: AbortSignal; deadline?: number } = {},
): Promise<DrainResult> {
  const result: DrainResult = { done: 0, skipped: 0, failed: 0, retry: 0, superseded: 0 };
  while (!signal?.aborted && Date.now() < deadline) {
    const claimed = await claimLogoFetches(db, settings.batchSize, settings.leaseSeconds);
    if (claimed.length === 0) break;
    const fetchSettings = { ...settings, fetch: { ...settings.fetch, ...(signal ? { signal } : {}) } };
    const outcomes = await Promise.all(
      claimed.map((row) =>
        runLogoFetch(db, storage, row, fetchSettings).catch((error: unknown) => {
          // A database or storage error: the row stays claimed until its lease ends, then the sweep retries it.
          logger.error({ err: error }, `Logo fetch ${row.id} failed`);
          return "retry" as const;
        }),
      ),
    );
    for (const outcome of outcomes) result[outcome]++;
  }
  return result;
}

/** Whether rows are due now (the sweep queues a drain; a drain queues its continuation). */
export async function hasDueLogoFetches(db: Db): Promise<boolean> {
  return rowsOf(await db.execute(sql`SELECT 1 FROM company_logo_fetches WHERE ${DUE} LIMIT 1`)).length > 0;
}

/** Whether an import left logos to fetch (the finished hook queues a drain). */
export async function importHasQueuedLogos(db: Db, importId: string): Promise<boolean> {
  return rowsOf(await db.execute(sql`SELECT 1 FROM company_logo_fetches WHERE import_id = ${importId} AND state = 'QUEUED' LIMIT 1`)).length > 0;
}

export interface ImportLogoCounts {
  queued: number;
  fetched: number;
  failed: number;
}

/** Per import: logos waiting, fetched (a logo set) and failed — for the import list. */
export async function importLogoCounts(db: Db, importIds: readonly string[]): Promise<Map<string, ImportLogoCounts>> {
  const counts = new Map<string, ImportLogoCounts>();
  if (importIds.length === 0) return counts;
  const rows = rowsOf<{ import_id: string; queued: number | string; fetched: number | string; failed: number | string }>(
    await db.execute(sql`SELECT import_id,
        count(*) FILTER (WHERE state = 'QUEUED') AS queued,
        count(*) FILTER (WHERE state = 'DONE' AND logo_key IS NOT NULL) AS fetched,
        count(*) FILTER (WHERE state = 'FAILED') AS failed
      FROM company_logo_fetches
     WHERE import_id IN (SELECT x::uuid FROM jsonb_array_elements_text(${JSON.stringify(importIds)}::jsonb) AS x)
     GROUP BY import_id`),
  );
  for (const r of rows) counts.set(r.import_id, { queued: Number(r.queued), fetched: Number(r.fetched), failed: Number(r.failed) });
  return counts;
}
