import { waitForPostgres, withPostgresBootLock } from "~/server/db/availability.server";
import { type Db, getDb, openPostgres } from "~/server/db/client.server";
import { migrate } from "~/server/db/migrate.server";
import { seedDemoData } from "~/server/db/seed.server";
import { seedDemoCompanies } from "~/server/demo/seed-companies.server";
import { seedDemoEvents } from "~/server/demo/seed-events.server";
import { seedDemoNews } from "~/server/demo/seed-news.server";
import { loadReferenceData } from "~/server/reference/load-reference-data.server";
import type { FileStorage } from "~/server/storage/storage.server";

export interface BootSettings {
  /** PostgreSQL; unset means the embedded PGlite of getDb(). */
  databaseUrl: string | undefined;
  connectTimeoutMs: number;
  seedDemoData: boolean;
  storage: FileStorage;
  log?: (message: string) => void;
}

/** Schema, reference data and (outside production) demo data: idempotent, run on every start. */
export async function prepareDatabase(db: Db, settings: Pick<BootSettings, "seedDemoData" | "storage">): Promise<void> {
  await migrate(db);
  await loadReferenceData(db);
  if (settings.seedDemoData) {
    await seedDemoData(db);
    await seedDemoCompanies(db, settings.storage);
    await seedDemoEvents(db, settings.storage);
    await seedDemoNews(db, settings.storage);
  }
}

/**
 * Everything the database needs before the server listens. On PostgreSQL: waits for the server
 * (growing delays and a clear line each time, not a crash loop), then prepares the database
 * under an advisory lock so that instances starting together take turns and the later ones find
 * the work done. That work runs on its own pool without the statement timeout that guards
 * requests, since a migration may take minutes on a large directory. PGlite is locked to this
 * process when getDb() opens it.
 */
export async function bootstrapDatabase(settings: BootSettings): Promise<void> {
  const url = settings.databaseUrl;
  if (!url) {
    await prepareDatabase(await getDb(), settings);
    return;
  }
  await waitForPostgres(url, { connectTimeoutMs: settings.connectTimeoutMs, ...(settings.log ? { log: settings.log } : {}) });
  await withPostgresBootLock(url, settings.connectTimeoutMs, async () => {
    const maintenance = await openPostgres(url, { connectTimeoutMs: settings.connectTimeoutMs, statementTimeoutMs: 0 });
    try {
      await prepareDatabase(maintenance.db, settings);
    } finally {
      await maintenance.close();
    }
  });
}
