import { promises as fs } from "node:fs";
import path from "node:path";

/**
 * A backup is a folder (decision 052):
 *   manifest.json        written last: a folder without it is an unfinished backup
 *   database.pgdump      PostgreSQL: pg_dump's custom format (-Fc)
 *   database.pglite.tgz  PGlite: the data directory as PGlite's own tarball (dumpDataDir)
 *   files/<key>          the uploaded files and their `.meta.json` sidecars, as stored
 * Every file is listed with its size and SHA-256, so a restore can refuse a damaged copy before
 * it writes anything.
 */
export const MANIFEST_NAME = "manifest.json";
export const FILES_FOLDER = "files";
export const FORMAT = "partnernet-backup";
export const FORMAT_VERSION = 1;

export type Engine = "postgres" | "pglite";

export interface FileEntry {
  /** Path relative to the backup's files/ folder (the storage key, or its sidecar), with "/". */
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  version: typeof FORMAT_VERSION;
  createdAt: string;
  engine: Engine;
  /** The database file in the backup folder, with its checksum. */
  database: { file: string; bytes: number; sha256: string };
  /** The newest migration applied in the database (drizzle's created_at), for the operator. */
  lastMigrationAt: string | null;
  files: FileEntry[];
}

export const DATABASE_FILE: Record<Engine, string> = {
  postgres: "database.pgdump",
  pglite: "database.pglite.tgz",
};

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  await fs.writeFile(path.join(dir, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`, { flag: "wx" });
}

/** The manifest of a finished backup, checked for shape; throws BackupError with a sentence otherwise. */
export async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await fs.readFile(path.join(dir, MANIFEST_NAME), "utf8");
  } catch {
    throw new BackupError(`${dir} is not a finished PartnerNet backup: it has no ${MANIFEST_NAME} (an interrupted backup leaves none).`);
  }
  const m = JSON.parse(text) as Partial<Manifest>;
  if (m.format !== FORMAT || m.version !== FORMAT_VERSION) throw new BackupError(`${dir}: unknown backup format ${String(m.format)} version ${String(m.version)}.`);
  if ((m.engine !== "postgres" && m.engine !== "pglite") || !m.database || !Array.isArray(m.files)) throw new BackupError(`${dir}: the manifest is incomplete.`);
  for (const entry of [m.database.file, ...m.files.map((f) => f.path)]) {
    if (typeof entry !== "string" || !isSafeRelativePath(entry)) throw new BackupError(`${dir}: the manifest names an unsafe path ${JSON.stringify(entry)}.`);
  }
  return m as Manifest;
}

/** Relative, "/"-separated, no "..", no absolute path: a manifest cannot make a restore write elsewhere. */
export function isSafeRelativePath(p: string): boolean {
  if (!p || p.startsWith("/") || p.includes("\\") || p.includes("\0")) return false;
  return p.split("/").every((part) => part !== "" && part !== "." && part !== "..");
}
