import * as clock from "~/server/clock.server";
import { type Db, getDb } from "~/server/db/client.server";
import { duplicateDetectionRuns } from "~/server/db/schema";
import { enqueueJob } from "~/server/jobs/runtime.server";
import { duplicateDetectionJob } from "./detection.server";

// A module of its own: detection.server.ts is in the job registry, which the runtime imports.
/**
 * Asks for a detection run (the page's "run now", and after every import: the import runner calls
 * this when an import is READY). Records the request, so the page shows it as running at once.
 */
export async function queueDuplicateDetection(db?: Db): Promise<boolean> {
  db ??= await getDb();
  const requestedAt = clock.now();
  await db.insert(duplicateDetectionRuns).values({ id: 1, requestedAt }).onConflictDoUpdate({ target: duplicateDetectionRuns.id, set: { requestedAt } });
  // No pg-boss singleton: a throttled request in the same time slot as a run that had already
  // finished was dropped, and the page showed "running" with nothing queued. Each job knows its
  // request instead, and one that a later run covers ends at once (runRequestedDetection).
  return enqueueJob(duplicateDetectionJob, { requestedAt: requestedAt.toISOString() });
}
