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
