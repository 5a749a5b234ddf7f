// A child process that runs one import from memory (tests/support/import-fixtures.ts resumeRow)
// and says "done <rows>" after each committed batch, slowly enough for the parent to kill it with
// SIGKILL in the middle (app/server/imports/run/crash-resume.test.ts). Env: CRASH_DB_URL (PostgreSQL)
// or CRASH_PGLITE_DIR, CRASH_IMPORT_ID, CRASH_ROWS, CRASH_BASE, CRASH_LEASE_MS.
import { openPglite, openPostgres } from "~/server/db/client.server";
import { runImport } from "~/server/imports/run/runner.server";
import { memoryReader, resumeRow } from "./import-fixtures";

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} missing`);
  return value;
};

const handle = process.env.CRASH_DB_URL ? await openPostgres(process.env.CRASH_DB_URL) : await openPglite(env("CRASH_PGLITE_DIR"));
const outcome = await runImport(handle.db, env("CRASH_IMPORT_ID"), {
  reader: memoryReader(Number(env("CRASH_ROWS")), resumeRow(Number(env("CRASH_BASE")))),
  batchSize: 100,
  leaseMs: Number(env("CRASH_LEASE_MS")),
  afterBatch: async (done) => {
    process.stdout.write(`done ${done}\n`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  },
});
process.stdout.write(`outcome ${outcome}\n`);
await handle.close();
