import { promises as fs, existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { openPglite, rowsOf } from "~/server/db/client.server";
import { DataDirInUseError } from "~/server/db/data-dir-lock.server";
import { checksumOf, copyNewFiles } from "./file-copy.server";
import { BackupError, DATABASE_FILE, type Engine, FILES_FOLDER, FORMAT, FORMAT_VERSION, type FileEntry, type Manifest, writeManifest } from "./manifest";
import { dumpPostgres } from "./postgres-tools.server";

export interface BackupOptions {
  /** The backup folder to create; it must not exist yet. */
  out: string;
  /** PostgreSQL; unset means the embedded PGlite in `pgliteDir`. */
  databaseUrl: string | undefined;
  pgliteDir: string;
  /** The local file storage's root (config.storageDir). */
  storageDir: string;
  now?: Date;
}

const LAST_MIGRATION_SQL = "SELECT max(created_at)::text AS at FROM drizzle.__drizzle_migrations";

/** drizzle keeps a migration's journal time as epoch milliseconds. */
function migrationTime(millis: string | null | undefined): string | null {
  return millis ? new Date(Number(millis)).toISOString() : null;
}

/** A timestamped folder name under `root`, e.g. backups/partnernet-postgres-2026-11-26T17-05-00Z. */
export function defaultBackupPath(root: string, engine: Engine, now = new Date()): string {
  const stamp = now.toISOString().replace(/\.\d+Z$/, "Z").replaceAll(":", "-");
  return path.resolve(root, `partnernet-${engine}-${stamp}`);
}

/**
 * Writes a backup of the database and the uploaded files (decision 052). It is built in a
 * `.partial` folder and renamed when complete, and the manifest is written last, so a backup
 * that fails or is interrupted is never mistaken for a finished one.
 */
export async function createBackup(options: BackupOptions): Promise<Manifest & { dir: string }> {
  const out = path.resolve(options.out);
  if (existsSync(out)) throw new BackupError(`${out} exists already; a backup never overwrites anything. Name a new folder.`);
  for (const source of [options.storageDir, options.pgliteDir]) {
    // A backup inside what it copies would copy itself (and be restored as uploaded files).
    if (isInside(out, path.resolve(source))) throw new BackupError(`${out} is inside ${source}; put backups outside the data they copy.`);
  }
  const partial = `${out}.partial-${process.pid}`;
  await fs.rm(partial, { recursive: true, force: true });
  await fs.mkdir(partial, { recursive: true });
  const engine: Engine = options.databaseUrl ? "postgres" : "pglite";
  const filesDir = path.join(partial, FILES_FOLDER);
  const copied = new Map<string, FileEntry>();
  try {
    const dbFile = path.join(partial, DATABASE_FILE[engine]);
    const lastMigrationAt =
      engine === "postgres" ? await backupPostgres(options.databaseUrl!, dbFile, options.storageDir, filesDir, copied) : await backupPglite(options.pgliteDir, dbFile, options.storageDir, filesDir, copied);
    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: (options.now ?? new Date()).toISOString(),
      engine,
      database: { file: DATABASE_FILE[engine], ...(await checksumOf(dbFile)) },
      lastMigrationAt,
      files: [...copied.values()].sort((a, b) => a.path.localeCompare(b.path)),
    };
    await writeManifest(partial, manifest);
    await fs.mkdir(path.dirname(out), { recursive: true });
    await fs.rename(partial, out);
    return { ...manifest, dir: out };
  } catch (error) {
    await fs.rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/**
 * PostgreSQL while the app runs: pg_dump reads one snapshot, so the rows agree with each other.
 * Files are written before the row that references them commits and are never changed, only
 * deleted after their row is gone. So the files are copied before the snapshot (every file a
 * snapshot row can reference that was already there) and again after it (files added while
 * pg_dump ran). The only file a restored row could miss is one created and deleted again
 * while the backup ran.
 */
async function backupPostgres(url: string, dbFile: string, storageDir: string, filesDir: string, copied: Map<string, FileEntry>): Promise<string | null> {
  await copyNewFiles(storageDir, filesDir, copied);
  const lastMigrationAt = await queryPostgres(url, LAST_MIGRATION_SQL);
  await dumpPostgres(url, dbFile);
  await copyNewFiles(storageDir, filesDir, copied);
  return lastMigrationAt;
}

async function queryPostgres(url: string, sql: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ at: string | null }>(sql);
    return migrationTime(rows[0]?.at);
  } finally {
    await client.end();
  }
}

/**
 * PGlite: one process may open the data directory, so the app must be stopped. Taking the
 * directory's lock (by opening it) both proves that and keeps the app from starting until the
 * files are copied too; with the app stopped nothing changes, so one pass is consistent.
 */
async function backupPglite(pgliteDir: string, dbFile: string, storageDir: string, filesDir: string, copied: Map<string, FileEntry>): Promise<string | null> {
  // Opening a missing directory would create an empty database and back that up.
  if (!existsSync(path.join(pgliteDir, "PG_VERSION"))) throw new BackupError(`There is no embedded database in ${pgliteDir} (check DATA_DIR, or set DATABASE_URL for PostgreSQL).`);
  let handle;
  try {
    handle = await openPglite(pgliteDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new BackupError(appRunningMessage(error, "backup"));
    throw error;
  }
  try {
    const dump = await handle.client.dumpDataDir("gzip");
    await fs.writeFile(dbFile, Buffer.from(await dump.arrayBuffer()), { flag: "wx" });
    const at = migrationTime(rowsOf<{ at: string | null }>(await handle.client.query(LAST_MIGRATION_SQL))[0]?.at);
    await copyNewFiles(storageDir, filesDir, copied);
    return at;
  } finally {
    await handle.close();
  }
}

function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

/** Why a PGlite backup or restore refuses while the app runs, and what to do. */
export function appRunningMessage(error: DataDirInUseError, what: "backup" | "restore"): string {
  const who = error.owner ? `process ${error.owner.pid} on ${error.owner.hostname}, since ${error.owner.startedAt}` : "another process";
  return [
    `The embedded database in ${error.dataDir} is in use by ${who} (the running app or worker).`,
    `A ${what} of the embedded database (PGlite) needs the app stopped: only one process may open it, and a copy taken`,
    "beside a running app could mix old and new pages. Stop the app, run the command again, then start the app",
    `(the ${what} takes seconds for a typical agency). To back up without stopping, run the app on PostgreSQL (DATABASE_URL).`,
  ].join("\n");
}
