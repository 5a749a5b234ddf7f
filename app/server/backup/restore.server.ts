import { promises as fs, openAsBlob } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { PGLITE_EXTENSIONS } from "~/server/db/client.server";
import { DataDirInUseError, lockDataDir } from "~/server/db/data-dir-lock.server";
import { appRunningMessage } from "./backup.server";
import { copyWithChecksum, listStoredFiles, verifyFile } from "./file-copy.server";
import { BackupError, FILES_FOLDER, type Manifest, readManifest } from "./manifest";
import { restorePostgres } from "./postgres-tools.server";

export interface RestoreOptions {
  /** A finished backup folder (with manifest.json). */
  from: string;
  /** Target PostgreSQL database (for a PostgreSQL backup); unset means PGlite in `pgliteDir`. */
  databaseUrl: string | undefined;
  pgliteDir: string;
  storageDir: string;
  /** Replace a target that already holds a database or files; without it such a target is refused. */
  force: boolean;
}

/**
 * Restores a backup into an empty target (decision 052): first every checksum is verified, then
 * the target is checked to be empty (or cleared with `force`), then the files are put in place
 * and the database last — once the database is there, every file it references is too.
 */
export async function restoreBackup(options: RestoreOptions): Promise<Manifest> {
  const from = path.resolve(options.from);
  const manifest = await readManifest(from);
  if (manifest.engine === "postgres" && !options.databaseUrl) {
    throw new BackupError("This is a backup of a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into.");
  }
  if (manifest.engine === "pglite" && options.databaseUrl) {
    throw new BackupError("This is a backup of the embedded database (PGlite): unset DATABASE_URL and set DATA_DIR to the folder to restore it into.");
  }
  await verifyFile(path.join(from, manifest.database.file), manifest.database, manifest.database.file);
  for (const file of manifest.files) await verifyFile(path.join(from, FILES_FOLDER, file.path), file, `file ${file.path}`);

  if (manifest.engine === "postgres") {
    const url = options.databaseUrl!;
    await ensureEmptyPostgres(url, options.force);
    await ensureEmptyFolder(options.storageDir, "file storage", options.force);
    await restoreFiles(from, manifest, options.storageDir);
    await restorePostgres(path.join(from, manifest.database.file), url);
    return manifest;
  }

  let unlock: () => Promise<void>;
  try {
    unlock = await lockDataDir(options.pgliteDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new BackupError(appRunningMessage(error, "restore"));
    throw error;
  }
  try {
    await ensureEmptyFolder(options.pgliteDir, "embedded database", options.force);
    await ensureEmptyFolder(options.storageDir, "file storage", options.force);
    await restoreFiles(from, manifest, options.storageDir);
    const tarball = await openAsBlob(path.join(from, manifest.database.file));
    const client = await PGlite.create(options.pgliteDir, { extensions: PGLITE_EXTENSIONS, loadDataDir: tarball });
    await client.query("SELECT 1");
    await client.close();
  } finally {
    await unlock();
  }
  return manifest;
}

async function restoreFiles(from: string, manifest: Manifest, storageDir: string): Promise<void> {
  for (const file of manifest.files) {
    const copied = await copyWithChecksum(path.join(from, FILES_FOLDER, file.path), path.join(storageDir, file.path));
    if (copied.sha256 !== file.sha256) throw new BackupError(`The backup changed while it was restored: ${file.path}.`);
  }
}

/** A folder is empty when it is missing or has no entries at all; `force` empties it. */
async function ensureEmptyFolder(dir: string, what: string, force: boolean): Promise<void> {
  const entries = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  if (entries.length === 0) return;
  if (!force) throw new BackupError(`The ${what} folder ${dir} is not empty. Restore into a fresh folder, or pass --force to replace what is there.`);
  for (const entry of entries) await fs.rm(path.join(dir, entry), { recursive: true, force: true });
  // The listing of a storage folder must be empty now; a left-over file would look restored.
  if ((await listStoredFiles(dir)).length > 0) throw new BackupError(`Could not empty ${dir}.`);
}

/** Schemas that are the server's own, never the app's. */
const SYSTEM_SCHEMAS = "n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'";

/**
 * An empty database has no tables, views or sequences outside the system schemas. `force` drops
 * every other schema (with its tables and the extensions in it) and creates an empty `public`,
 * so the restored database has exactly the backup's objects.
 */
async function ensureEmptyPostgres(url: string, force: boolean): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${SYSTEM_SCHEMAS} AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')`,
    );
    if ((rows[0]?.n ?? 0) === 0) return;
    const db = client.database ?? "the database";
    if (!force) throw new BackupError(`The database ${db} is not empty. Restore into a new, empty database (createdb), or pass --force to replace its contents.`);
    const schemas = await client.query<{ name: string }>(`SELECT n.nspname AS name FROM pg_namespace n WHERE ${SYSTEM_SCHEMAS}`);
    await client.query("BEGIN");
    for (const { name } of schemas.rows) await client.query(`DROP SCHEMA ${pg.escapeIdentifier(name)} CASCADE`);
    await client.query("CREATE SCHEMA public");
    await client.query("COMMIT");
  } finally {
    await client.end();
  }
}
