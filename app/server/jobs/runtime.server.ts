import type { z } from "zod";
import { config } from "~/server/config.server";
import { getDbHandle } from "~/server/db/client.server";
import type { EnqueueOptions, JobDefinition } from "./job";
import { type JobQueue, startQueue } from "./queue.server";
import { setQueueCountsSource } from "~/server/metrics/metrics.server";
import { ALL_JOBS } from "./registry.server";

// One queue per process, kept on globalThis so Vite's dev-mode module reloads reuse it.
const holder = globalThis as typeof globalThis & { __partnernetJobs?: Promise<JobQueue> };

/** Starts the process's queue (boot, `npm run worker`). */
export function startJobs(options: { work?: boolean } = {}): Promise<JobQueue> {
  holder.__partnernetJobs ??= getDbHandle()
    .then((handle) =>
      startQueue({ handle, databaseUrl: config.databaseUrl, jobs: ALL_JOBS, work: options.work ?? config.jobs.worker, pollSeconds: config.jobs.pollSeconds }),
    )
    .catch((error: unknown) => {
      holder.__partnernetJobs = undefined;
      throw error;
    });
  return holder.__partnernetJobs;
}

/** Whether this process's queue is up (readiness, server/health.ts). */
export async function jobQueueState(): Promise<"running" | "stopped"> {
  const queue = holder.__partnernetJobs;
  if (!queue) return "stopped";
  try {
    await queue;
    return "running";
  } catch {
    return "stopped";
  }
}

/** Stops the queue gracefully: jobs in hand get up to `timeoutMs` to finish (decision 051). */
export async function stopJobs(options: { timeoutMs?: number } = {}): Promise<void> {
  const queue = holder.__partnernetJobs;
  holder.__partnernetJobs = undefined;
  if (queue) await (await queue).stop(options);
}

// The metrics' job gauge (decision 050) asks the running queue; none running: no counts.
setQueueCountsSource(async () => {
  const queue = holder.__partnernetJobs;
  return queue ? (await queue).counts() : null;
});

/**
 * Queues a job on the process's queue; false when nothing was queued (a singleton's duplicate, or
 * no queue). Without a started queue (unit tests, a script) nothing is
 * queued: work whose state lives in its own tables (participant mails) is picked up by the
 * recurring sweep of a running instance instead.
 */
export async function enqueueJob<S extends z.ZodType>(job: JobDefinition<S>, data: z.input<S>, options?: EnqueueOptions): Promise<boolean> {
  const queue = holder.__partnernetJobs;
  if (!queue) return false;
  return (await queue).enqueue(job, data, options);
}
