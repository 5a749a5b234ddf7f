// Usage: npm run worker
// Works on the job queue (participant mails, later imports and translations) without serving
// pages: for a deployment that wants its sending apart from the web instances. Every app instance
// works on jobs too (JOBS_WORKER=false turns that off), so this is never required. Uses
// DATABASE_URL, or the embedded PGlite in DATA_DIR when the app is not running (one process per
// data directory). Stops gracefully on SIGTERM/SIGINT; what is left stays queued (decision 021).
import { config } from "~/server/config.server";
import { waitForPostgres } from "~/server/db/availability.server";
import { closeDb, getDb } from "~/server/db/client.server";
import { migrate } from "~/server/db/migrate.server";
import { startJobs, stopJobs } from "~/server/jobs/runtime.server";
import { logger } from "~/server/logger.server";

async function main(): Promise<void> {
  for (const warning of config.warnings) logger.warn(warning);
  if (config.databaseUrl) await waitForPostgres(config.databaseUrl, { connectTimeoutMs: config.dbConnectTimeoutMs });
  // The schema must be this version's (migrations are idempotent and serialised by drizzle).
  await migrate(await getDb());
  await startJobs({ work: true });
  logger.info(`PartnerNet worker ${process.pid} ready`);
}

let stopping = false;
/** As the app's (decision 051): the job in hand finishes within SHUTDOWN_TIMEOUT_MS, or the exit is non-zero. */
async function shutdown(): Promise<void> {
  if (stopping) return;
  stopping = true;
  setTimeout(() => {
    console.error(`PartnerNet worker did not stop within ${config.shutdownTimeoutMs} ms (SHUTDOWN_TIMEOUT_MS); exiting anyway`);
    process.exit(1);
  }, config.shutdownTimeoutMs).unref();
  try {
    await stopJobs({ timeoutMs: Math.max(1_000, config.shutdownTimeoutMs - 2_000) });
    await closeDb();
  } catch (error) {
    logger.error({ err: error }, "Worker shutdown failed");
  }
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown());
process.on("SIGINT", () => void shutdown());

try {
  await main();
} catch (error) {
  if (error instanceof Error && error.name === "DataDirInUseError") logger.fatal(error.message);
  else logger.fatal({ err: error }, "Worker cannot start");
  process.exit(1);
}
