// Usage: npm run restore -- <backup-folder> [--to <folder | postgres://…>] [--force]
// Restores a backup made by `npm run backup`. The target is what the app would open: DATABASE_URL
// (an empty PostgreSQL database) or the embedded PGlite in DATA_DIR, with the files in
// STORAGE_DIR (default DATA_DIR/files); --to names another one (a folder for PGlite: its pglite/
// and files/ are filled; a postgres:// URL: that database, files in STORAGE_DIR). A target that
// holds data is refused unless --force, which replaces it. Stop the app first (decision 052).
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError } from "~/server/backup/manifest";
import { restoreBackup } from "~/server/backup/restore.server";
import { config } from "~/server/config.server";
import { describeDatabase } from "~/server/db/availability.server";

const USAGE = "Usage: npm run restore -- <backup-folder> [--to <folder | postgres://…>] [--force]";
let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { to: { type: "string" }, force: { type: "boolean", default: false } } });
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const { values, positionals } = parsed;
if (positionals.length !== 1) {
  console.error(USAGE);
  process.exit(2);
}

const to = values.to;
const toUrl = to && /^postgres(ql)?:\/\//.test(to) ? to : undefined;
const toDir = to && !toUrl ? path.resolve(to) : undefined;
const target = {
  databaseUrl: toDir ? undefined : (toUrl ?? config.databaseUrl),
  pgliteDir: toDir ? path.join(toDir, "pglite") : config.pgliteDir,
  storageDir: toDir ? path.join(toDir, "files") : config.storageDir,
};

try {
  const manifest = await restoreBackup({ from: positionals[0]!, ...target, force: values.force ?? false });
  const where = target.databaseUrl ? `PostgreSQL ${describeDatabase(target.databaseUrl)}` : `the embedded database in ${target.pgliteDir}`;
  console.log(`Restored the backup of ${manifest.createdAt} into ${where}, and ${manifest.files.length} stored files into ${target.storageDir}.`);
  if (config.s3) console.log(`S3_BUCKET is set: the app reads uploads from the bucket "${config.s3.bucket}", not from ${target.storageDir}; restore the bucket with its own tools.`);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
