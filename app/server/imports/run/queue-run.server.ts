import { enqueueJob } from "~/server/jobs/runtime.server";
import { importRunJob } from "./job.server";
import { logger } from "~/server/logger.server";

/**
 * Queues the run of an import just set to FILE_UPLOADED (call after the commit). A lost enqueue
 * costs at most a minute: the sweep queues every waiting import.
 */
export async function queueImportRun(importId: string): Promise<void> {
  await enqueueJob(importRunJob, { importId }).catch((error: unknown) => logger.warn({ err: error }, `Import ${importId}: not queued now; the sweep will`));
}
