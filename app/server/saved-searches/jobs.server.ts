import { z } from "zod";
import { defineJob } from "~/server/jobs/job";
import { logger } from "~/server/logger.server";
import { deliverMail } from "~/server/mail/mailer.server";
import { runDigest, sendPendingDigests } from "./digest.server";

/** A send handler stops after this long and queues its continuation (jobs stay short). */
const SEND_SLICE_MS = 60_000;

/**
 * Mails the pending saved-search digests (decision 061). Queued by the nightly run; its own
 * schedule every 15 minutes is the safety net for a digest whose job was lost (the instance died
 * between the run's commit and queueing). Duplicates of this job only share the work.
 */
export const savedSearchDigestSendJob = defineJob({
  name: "saved-search-digest-send",
  schema: z.object({}).passthrough(),
  cron: "*/15 * * * *",
  expireInSeconds: 300,
  async handle(_data, { db, enqueue, signal }) {
    const deadline = Date.now() + SEND_SLICE_MS;
    await sendPendingDigests(db, deliverMail, { deadline, signal });
    if (Date.now() >= deadline && !signal.aborted) await enqueue(savedSearchDigestSendJob, {});
  },
});

/**
 * The nightly digest run (04:00 UTC, early morning in both countries): every due saved search
 * once; then the mails go out through the send job. Two instances running it at once split the
 * users between them (digest.server.ts).
 */
export const savedSearchDigestJob = defineJob({
  name: "saved-search-digest",
  schema: z.object({}).passthrough(),
  cron: "0 4 * * *",
  retryLimit: 2,
  expireInSeconds: 1800,
  async handle(_data, { db, enqueue, signal }) {
    const result = await runDigest(db, { signal, concurrency: 4 });
    logger.info({ ...result }, "saved-search digest run");
    if (result.digests > 0) await enqueue(savedSearchDigestSendJob, {});
  },
});
