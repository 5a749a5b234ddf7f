// Usage: npm run backup [-- <backup-folder>]
// Backs up the database and the uploaded files into a new folder (default: a timestamped folder
// under ./backups). PostgreSQL (DATABASE_URL) is backed up with pg_dump while the app runs; the
// embedded PGlite in DATA_DIR needs the app stopped for the seconds it takes (decision 052).
import path from "node:path";
import { parseArgs } from "node:util";
import { createBackup, defaultBackupPath } from "~/server/backup/backup.server";
import { BackupError } from "~/server/backup/manifest";
import { config } from "~/server/config.server";

const { positionals } = parseArgs({ allowPositionals: true, options: {} });
if (positionals.length > 1) {
  console.error("Usage: npm run backup [-- <backup-folder>]");
  process.exit(2);
}
const out = positionals[0] ? path.resolve(positionals[0]) : defaultBackupPath("backups", config.databaseUrl ? "postgres" : "pglite");

try {
  const started = Date.now();
  const backup = await createBackup({ out, databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, storageDir: config.storageDir });
  const bytes = backup.files.reduce((sum, f) => sum + f.bytes, backup.database.bytes);
  console.log(`Backup of the ${backup.engine === "postgres" ? "PostgreSQL" : "embedded (PGlite)"} database and ${backup.files.length} stored files written to`);
  console.log(`  ${backup.dir}`);
  console.log(`  ${(bytes / 1024 / 1024).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // Files in a bucket are not copied: the bucket's own versioning or replication keeps them (decision 056).
  if (config.s3) console.log(`Uploaded files live in the S3 bucket "${config.s3.bucket}" (S3_BUCKET) and are NOT in this backup: keep the bucket versioned or replicated.`);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
