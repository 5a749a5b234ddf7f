import { z } from "zod";
import { defineJob } from "~/server/jobs/job";
import { configuredTranslator, hasDueJobs, JOB_TABLES, runTranslationJob, tablesWithDueJobs, translationJobSettings } from "./jobs.server";

/** A drain stops after this long and queues its continuation (jobs stay short; decision 021). */
const SLICE_MS = 60_000;

/**
 * "Work on translation row X" (an editor's request, a retry). The truth is the job tables
 * (decision 041): a duplicate job finds nothing to claim. A retry's delay queues the job again
 * for its moment. Its own queue, so an editor's request never waits behind a bulk drain.
 */
export const translationJob = defineJob({
  name: "translation",
  schema: z.object({ table: z.enum(JOB_TABLES), id: z.uuid() }),
  expireInSeconds: 300,
  async handle({ table, id }, { db, enqueue, signal }) {
    const translator = configuredTranslator();
    // No service configured (any more): the rows wait; the admin list shows what is missing.
    if (!translator) return;
    const outcome = await runTranslationJob(db, table, id, { translator, settings: translationJobSettings(), signal });
    if (outcome.retryAt) await enqueue(translationJob, { table, id }, { startAfter: new Date(Math.max(outcome.retryAt.getTime(), Date.now() + 500)) });
  },
});

/**
 * "Work on the due rows of this table" (imports, "translate all missing", the sweep): claims row
 * after row for up to a minute, then queues its continuation while rows are due.
 */
export const translationDrainJob = defineJob({
  name: "translation-drain",
  schema: z.object({ table: z.enum(JOB_TABLES) }),
  expireInSeconds: 300,
  async handle({ table }, { db, enqueue, signal }) {
    const translator = configuredTranslator();
    if (!translator) return;
    const settings = translationJobSettings();
    const deadline = Date.now() + SLICE_MS;
    while (!signal.aborted && Date.now() < deadline) {
      const outcome = await runTranslationJob(db, table, null, { translator, settings, signal });
      if (outcome.outcome === "nothing") return;
      if (outcome.retryAt && outcome.id) await enqueue(translationJob, { table, id: outcome.id }, { startAfter: outcome.retryAt });
    }
    if (await hasDueJobs(db, table)) await enqueue(translationDrainJob, { table });
  },
});

/**
 * The safety net, every minute: due rows without a job (queued by a script or test without a
 * queue, an instance that died between its commit and queueing, a retry whose job was lost) get a drain.
 */
export const translationSweepJob = defineJob({
  name: "translation-sweep",
  schema: z.object({}).passthrough(),
  cron: "* * * * *",
  retryLimit: 0,
  async handle(_data, { db, enqueue }) {
    if (!configuredTranslator()) return;
    for (const table of await tablesWithDueJobs(db)) await enqueue(translationDrainJob, { table });
  },
});
