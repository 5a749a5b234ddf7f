import { z } from "zod";
import { defineJob } from "~/server/jobs/job";
import { getStorage } from "~/server/storage/storage.server";
import { drainLogoFetches, hasDueLogoFetches } from "./logos.server";

/** A drain stops after this long and queues its continuation (jobs stay short; decision 021). */
const SLICE_MS = 60_000;

/**
 * "Fetch the due imported logos" (decision 042): after an import, from the sweep, or its own
 * continuation. The truth is `company_logo_fetches`; two drains at once share the rows (SKIP
 * LOCKED), a duplicate one finds nothing.
 */
export const logoFetchDrainJob = defineJob({
  name: "logo-fetch-drain",
  schema: z.object({}).passthrough(),
  expireInSeconds: 300,
  async handle(_data, { db, enqueue, signal }) {
    await drainLogoFetches(db, getStorage(), { signal, deadline: Date.now() + SLICE_MS });
    if (!signal.aborted && (await hasDueLogoFetches(db))) await enqueue(logoFetchDrainJob, {});
  },
});

/**
 * The safety net, every minute: due fetches without a drain (the instance died between the
 * import's end and queueing, a worker died holding a lease that has run out, a retry whose
 * moment came) get one.
 */
export const logoFetchSweepJob = defineJob({
  name: "logo-fetch-sweep",
  schema: z.object({}).passthrough(),
  cron: "* * * * *",
  retryLimit: 0,
  async handle(_data, { db, enqueue }) {
    if (await hasDueLogoFetches(db)) await enqueue(logoFetchDrainJob, {});
  },
});
