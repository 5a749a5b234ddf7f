import { sql } from "drizzle-orm";
import { z } from "zod";
import { rowsOf } from "~/server/db/client.server";
import { defineJob } from "~/server/jobs/job";
import { deliverMail } from "~/server/mail/mailer.server";
import { getStorage } from "~/server/storage/storage.server";
import { deliverySettings, dueCount, runMailing } from "./mail-delivery.server";

/** A handler stops claiming after this long and queues its own continuation (jobs stay short). */
const SLICE_MS = 60_000;
/** More due recipients than this: ask one more worker (another instance, if idle) to join in. */
const HELP_THRESHOLD = 20;

/**
 * "Work on this mailing" (decision 021). The job carries only the mailing's id; what is to be
 * sent, and to whom, is in the recipient rows, so duplicates of this job are harmless: they find
 * nothing to claim. When the handler ends with rows still waiting (a retry's delay, another
 * worker's lease), it queues itself for the moment they are due.
 */
export const participantMailJob = defineJob({
  name: "participant-mail",
  schema: z.object({ mailingId: z.uuid() }),
  expireInSeconds: 300,
  async handle({ mailingId }, { db, enqueue, signal }) {
    if ((await dueCount(db, mailingId)) > HELP_THRESHOLD) await enqueue(participantMailJob, { mailingId });
    const result = await runMailing(db, mailingId, {
      settings: deliverySettings(),
      deliver: deliverMail,
      storage: getStorage(),
      signal,
      deadline: Date.now() + SLICE_MS,
    });
    if (result.nextDueAt) await enqueue(participantMailJob, { mailingId }, { startAfter: new Date(Math.max(result.nextDueAt.getTime(), Date.now() + 500)) });
  },
});

/**
 * The safety net, every minute: a mailing with due recipients and no job for it (the instance
 * that created it died between its commit and queueing the job; a job dropped after its retries)
 * gets one. Extra jobs for a mailing in progress only add a helper.
 */
export const participantMailSweepJob = defineJob({
  name: "participant-mail-sweep",
  schema: z.object({}).passthrough(),
  cron: "* * * * *",
  retryLimit: 0,
  async handle(_data, { db, enqueue }) {
    const result = await db.execute(sql`
      SELECT DISTINCT mailing_id FROM participant_mail_recipients
       WHERE (status = 'PENDING' AND (lease_until IS NULL OR lease_until <= now()))
          OR (status = 'SENDING' AND lease_until < now())`);
    for (const { mailing_id } of rowsOf<{ mailing_id: string }>(result)) await enqueue(participantMailJob, { mailingId: mailing_id });
  },
});
