import { and, count, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { withTransaction } from "~/server/db/client.server";
import { rateLimitHits } from "~/server/db/schema";
import { AppError } from "~/server/errors";

const HOUR_MS = 60 * 60 * 1000;

/** First key of the two-key advisory locks taken here, so they never meet other advisory locks. */
const RATE_LIMIT_LOCK_SPACE = 7301;

/**
 * Serialises everyone checking and counting `key` until the surrounding transaction ends
 * (a transaction-scoped advisory lock on the key's hash; a collision only serialises two keys).
 * Without it, concurrent requests all count the same hits and all pass: 31 of 30 got through.
 */
export async function lockRateLimitKey(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${RATE_LIMIT_LOCK_SPACE}, hashtext(${key}))`);
}

/**
 * Counts a hit for `key` and throws TOO_MANY_REQUESTS once `limit` hits fall in the last hour.
 * The check and the count are one atomic step, also across app instances.
 */
export async function hitRateLimit(db: Db, key: string, limit: number, now: Date): Promise<void> {
  const since = new Date(now.getTime() - HOUR_MS);
  await withTransaction(db, async (tx) => {
    await lockRateLimitKey(tx, key);
    const [row] = await tx
      .select({ n: count() })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.createdAt, since)));
    if ((row?.n ?? 0) >= limit) throw new AppError("TOO_MANY_REQUESTS");
    await tx.insert(rateLimitHits).values({ key, createdAt: now });
  });
}

/** Seconds since the newest hit for `key`, or null when there was none in the last hour. */
export async function secondsSinceLastHit(db: Db, key: string, now: Date): Promise<number | null> {
  const since = new Date(now.getTime() - HOUR_MS);
  const rows = await db
    .select({ createdAt: rateLimitHits.createdAt })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.createdAt, since)));
  if (rows.length === 0) return null;
  const newest = Math.max(...rows.map((r) => r.createdAt.getTime()));
  return Math.floor((now.getTime() - newest) / 1000);
}

/** Takes back the hit counted for `key` at `at` (the request it counted did not happen after all). */
export async function forgetHit(db: Db, key: string, at: Date): Promise<void> {
  await db.delete(rateLimitHits).where(and(eq(rateLimitHits.key, key), eq(rateLimitHits.createdAt, at)));
}

/** Housekeeping: hits older than a day are no longer needed. */
export async function pruneRateLimitHits(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, new Date(now.getTime() - 24 * HOUR_MS)));
}

export interface WindowLimitResult {
  allowed: boolean;
  limit: number;
  /** Requests left in the window after this one. */
  remaining: number;
  /** Seconds until the oldest counted hit leaves the window (a place frees up). */
  resetSeconds: number;
}

/**
 * A sliding-window limit (public API, decision 064): `limit` hits of `key` per `windowSeconds`.
 * Like hitRateLimit one atomic step across app instances (the advisory lock, the shared table);
 * a refused request is not counted. Answers the numbers for the RateLimit headers.
 */
export async function hitWindowLimit(db: Db, key: string, limit: number, windowSeconds: number, now: Date): Promise<WindowLimitResult> {
  const windowMs = windowSeconds * 1000;
  const since = new Date(now.getTime() - windowMs);
  return withTransaction(db, async (tx) => {
    await lockRateLimitKey(tx, key);
    const [row] = await tx
      .select({ n: count(), oldest: sql<string | null>`min(${rateLimitHits.createdAt})` })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.createdAt, since)));
    const n = row?.n ?? 0;
    const oldest = row?.oldest ? new Date(row.oldest).getTime() : now.getTime();
    const resetSeconds = Math.max(1, Math.ceil((oldest + windowMs - now.getTime()) / 1000));
    if (n >= limit) return { allowed: false, limit, remaining: 0, resetSeconds };
    await tx.insert(rateLimitHits).values({ key, createdAt: now });
    return { allowed: true, limit, remaining: limit - n - 1, resetSeconds: n === 0 ? windowSeconds : resetSeconds };
  });
}
