import { PGlite } from "@electric-sql/pglite";
import { cube } from "@electric-sql/pglite/contrib/cube";
import { earthdistance } from "@electric-sql/pglite/contrib/earthdistance";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { config } from "~/server/config.server";
import { type PoolCounts, setPoolCountsSource } from "~/server/metrics/metrics.server";
import { lockDataDir } from "./data-dir-lock.server";
import * as schema from "./schema";
import { logger } from "~/server/logger.server";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  close(): Promise<void>;
  /** The embedded client, when the handle is PGlite: the job queue shares it (one client per process). */
  pglite?: PGlite;
  /** PostgreSQL: the pool's connections now (metrics, decision 050). */
  poolCounts?: () => PoolCounts;
}

/** The extensions search needs; every PGlite open (app, backup, restore) loads the same set. */
export const PGLITE_EXTENSIONS = { cube, earthdistance, pg_trgm, unaccent };

/**
 * Opens PGlite (a data directory, or in memory when `dataDir` is undefined) with the extensions
 * search needs. A data directory is locked for this process first: a second process fails at
 * once with DataDirInUseError instead of silently losing writes.
 */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<DbHandle & { client: PGlite }> {
  const unlock = dataDir ? await lockDataDir(dataDir) : async () => {};
  try {
    const client = await PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS, ...(loadDataDir ? { loadDataDir } : {}) });
    const close = async () => {
      await client.close();
      await unlock();
    };
    return { client, pglite: client, db: drizzlePglite(client, { schema }) as unknown as Db, close };
  } catch (error) {
    await unlock();
    throw error;
  }
}

export interface PostgresTimeouts {
  /** Give up connecting after this long (a server that accepts but never answers). */
  connectTimeoutMs: number;
  /** Cancel statements after this long on the server, and stop waiting for them a little later (0 = never). */
  statementTimeoutMs: number;
}

/**
 * A pool whose requests cannot hang forever: a dead or frozen server fails them with errors that
 * isDatabaseUnavailable() recognises, which pages answer with 503.
 */
export async function openPostgres(url: string, timeouts: PostgresTimeouts = { connectTimeoutMs: config.dbConnectTimeoutMs, statementTimeoutMs: config.dbStatementTimeoutMs }): Promise<DbHandle> {
  const statement = timeouts.statementTimeoutMs;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    ...(statement > 0 ? { statement_timeout: statement, query_timeout: statement + 5_000, idle_in_transaction_session_timeout: statement * 2 } : {}),
  });
  // An idle connection dropped by the server (restart, failover, DROP DATABASE) must not crash
  // the process; the pool replaces it on the next query.
  pool.on("error", (error) => logger.warn(`PostgreSQL idle connection closed: ${error.message}`));
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    close: () => pool.end(),
    poolCounts: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

// One handle per process, kept on globalThis so Vite's dev-mode module reloads reuse it
// (PGlite cannot open the same data directory twice).
const holder = globalThis as typeof globalThis & { __partnernetDb?: Promise<DbHandle> };

export function getDb(): Promise<Db> {
  holder.__partnernetDb ??= (config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.pgliteDir)).catch((error: unknown) => {
    // A failed open (data directory locked by another process) is not cached: the next call retries.
    holder.__partnernetDb = undefined;
    throw error;
  });
  return holder.__partnernetDb.then((h) => h.db);
}

/** The process's handle (see getDb); the job queue needs its PGlite client. */
export async function getDbHandle(): Promise<DbHandle> {
  await getDb();
  return holder.__partnernetDb!;
}

// The metrics' pool gauge (decision 050): the process's pool once open; PGlite has none.
setPoolCountsSource(async () => {
  const handle = holder.__partnernetDb;
  return handle ? ((await handle).poolCounts?.() ?? null) : null;
});

export async function closeDb(): Promise<void> {
  const handle = holder.__partnernetDb;
  holder.__partnernetDb = undefined;
  if (handle) await (await handle).close();
}

/** Runs `fn` in a transaction; the transaction handle is usable wherever a Db is expected. */
export function withTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db));
}

/** The rows of a raw `db.execute` result (the drivers disagree on its shape). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
