// Usage: npm run admin:create -- --email someone@example.org [--name "Full Name"]
// Uses DATABASE_URL (PostgreSQL) or the embedded PGlite in DATA_DIR. PGlite allows one process per
// data directory: while the app runs, this asks the running app to do it (decision 013).
import { parseArgs } from "node:util";
import { createOrPromoteAdmin } from "~/server/admin/admin-accounts.server";
import { config } from "~/server/config.server";
import { closeDb, getDb } from "~/server/db/client.server";
import { DataDirInUseError } from "~/server/db/data-dir-lock.server";
import { migrate } from "~/server/db/migrate.server";
import { createAdminThroughRunningApp } from "~/server/local-control/local-control.server";

const { values } = parseArgs({ options: { email: { type: "string" }, name: { type: "string" } } });
if (!values.email) {
  console.error('Usage: npm run admin:create -- --email someone@example.org [--name "Full Name"]');
  process.exit(2);
}
const email = values.email;

async function run(): Promise<"created" | "promoted"> {
  try {
    const db = await getDb();
    await migrate(db);
    return await createOrPromoteAdmin(db, email, values.name);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    const viaApp = await createAdminThroughRunningApp(config.pgliteDir, email, values.name);
    if (!viaApp) throw error;
    console.log("(done by the running app, which holds the embedded database)");
    return viaApp;
  }
}

try {
  const result = await run();
  console.log(`${result === "created" ? "Created" : "Promoted"} admin ${email.toLowerCase()}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDb();
}
