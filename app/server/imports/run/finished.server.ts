import { eq } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { companyImports } from "~/server/db/schema";
import { queueDuplicateDetection } from "~/server/duplicates/queue.server";
import { logoFetchDrainJob } from "~/server/imports/logos/job.server";
import { importHasQueuedLogos } from "~/server/imports/logos/logos.server";
import type { JobContext } from "~/server/jobs/job";
import { queueImportTranslations } from "~/server/translation/jobs.server";

/**
 * The one place where work that follows a finished import starts (READY, or ERROR after part of
 * the file was written): the import's companies are committed when this runs. Called once per run
 * that ended the import; every step is idempotent (a crash right after the end may repeat it):
 * - profiles created with a description in the file's language only get a translation job
 *   (decision 041; nothing without a configured service);
 * - duplicate detection runs over the whole directory (decision 040; a repeated request that a
 *   run already covers ends at once);
 * - logos the import named are fetched by a drain (decision 042; the sweep covers a lost one).
 */
export async function afterImportFinished(context: Pick<JobContext, "db" | "enqueue">, importId: string): Promise<void> {
  const db = context.db as Db;
  const [record] = await db.select({ language: companyImports.language }).from(companyImports).where(eq(companyImports.id, importId));
  if (!record) return;
  await queueImportTranslations(db, importId, record.language, { enqueue: context.enqueue });
  await queueDuplicateDetection(db);
  if (await importHasQueuedLogos(db, importId)) await context.enqueue(logoFetchDrainJob, {});
}
