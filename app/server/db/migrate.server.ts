import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { Db } from "./client.server";

const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

/**
 * Runs pending migrations from code (drizzle-kit's CLI fails silently on PGlite once a
 * migration creates an extension). The driver is detected from the Drizzle session.
 */
export async function migrate(db: Db): Promise<void> {
  if ((db as unknown as { $client: unknown }).$client instanceof PGlite) await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder });
  else await migratePg(db as unknown as NodePgDatabase, { migrationsFolder });
}
