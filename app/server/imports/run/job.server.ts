import { z } from "zod";
import { defineJob } from "~/server/jobs/job";
import { getStorage } from "~/server/storage/storage.server";
import { fileRowReader } from "./file-reader.server";
import { afterImportFinished } from "./finished.server";
import { dueImports, runImport } from "./runner.server";

/**
 * "Run this import" (decision 039). The job carries only the import's id; what is done is in
 * `company_imports` (rows_done, counters, the lease), so a duplicate job finds the import claimed
 * and ends at once, and a job whose worker died is replaced by the sweep once the lease ran out.
 */
export const importRunJob = defineJob({
  name: "import-run",
  schema: z.object({ importId: z.uuid() }),
  // A long file runs for minutes; a dead worker is noticed by its lease, not by pg-boss's expiry.
  expireInSeconds: 3_600,
  retryLimit: 3,
  async handle({ importId }, { db, enqueue, signal }) {
    const outcome = await runImport(db, importId, { reader: fileRowReader(getStorage()), signal });
    if (outcome === "READY" || outcome === "ERROR") await afterImportFinished({ db, enqueue }, importId);
  },
});

/**
 * The safety net, every minute: an import queued without a job (the instance died between its
 * commit and queueing) or processing under a lease that ran out (its worker died) gets one, so
 * every started import is picked up within two minutes (spec §4).
 */
export const importSweepJob = defineJob({
  name: "import-sweep",
  schema: z.object({}).passthrough(),
  cron: "* * * * *",
  retryLimit: 0,
  async handle(_data, { db, enqueue }) {
    for (const importId of await dueImports(db)) await enqueue(importRunJob, { importId });
  },
});
