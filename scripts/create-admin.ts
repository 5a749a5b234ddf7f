// Usage: npm run admin:create -- --email someone@example.org [--name "Full Name"]
// Uses DATABASE_URL (production PostgreSQL) or the embedded PGlite in DATA_DIR (stop the app first:
// PGlite allows one process per data directory).
import { parseArgs } from "node:util";
import { createOrPromoteAdmin } from "~/server/admin/admin-accounts.server";
import { closeDb, getDb } from "~/server/db/client.server";
import { migrate } from "~/server/db/migrate.server";

const { values } = parseArgs({ options: { email: { type: "string" }, name: { type: "string" } } });
if (!values.email) {
  console.error('Usage: npm run admin:create -- --email someone@example.org [--name "Full Name"]');
  process.exit(2);
}
try {
  const db = await getDb();
  await migrate(db);
  const result = await createOrPromoteAdmin(db, values.email, values.name);
  console.log(`${result === "created" ? "Created" : "Promoted"} admin ${values.email.toLowerCase()}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDb();
}
