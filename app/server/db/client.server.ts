import fs from "node:fs";
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
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  close(): Promise<void>;
}

/** Opens PGlite (a data directory, or in memory when `dataDir` is undefined) with the extensions search needs. */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<DbHandle & { client: PGlite }> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { cube, earthdistance, pg_trgm, unaccent }, ...(loadDataDir ? { loadDataDir } : {}) });
  return { client, db: drizzlePglite(client, { schema }) as unknown as Db, close: () => client.close() };
}

export async function openPostgres(url: string): Promise<DbHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection dropped by the server (restart, failover, DROP DATABASE) must not crash
  // the process; the pool replaces it on the next query.
  pool.on("error", (error) => console.warn(`PostgreSQL idle connection closed: ${error.message}`));
  return { db: drizzlePg(pool, { schema }) as unknown as Db, close: () => pool.end() };
}

// One handle per process, kept on globalThis so Vite's dev-mode module reloads reuse it
// (PGlite cannot open the same data directory twice).
const holder = globalThis as typeof globalThis & { __partnernetDb?: Promise<DbHandle> };

export function getDb(): Promise<Db> {
  holder.__partnernetDb ??= config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.pgliteDir);
  return holder.__partnernetDb.then((h) => h.db);
}

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
