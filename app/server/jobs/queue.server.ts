import { performance } from "node:perf_hooks";
import { fromPglite, PgBoss } from "pg-boss";
import type { z } from "zod";
import type { DbHandle } from "~/server/db/client.server";
import { countJob, type QueueCounts } from "~/server/metrics/metrics.server";
import { type Logger, logger as processLogger } from "~/server/logger.server";
import type { Enqueue, EnqueueOptions, JobDefinition } from "./job";

/**
 * The durable job queue (decision 021): pg-boss in the application's database, on PostgreSQL
 * through its own small pool, on PGlite through the process's one client (fromPglite). Every app
 * instance starts it at boot and works on jobs (JOBS_WORKER=false only queues); `npm run worker`
 * runs it alone. Nothing is started by importing this module: unit tests never get a queue
 * unless they start one.
 */
export interface QueueSettings {
  handle: DbHandle;
  /** PostgreSQL URL; unset means the handle's PGlite client. */
  databaseUrl: string | undefined;
  jobs: readonly JobDefinition[];
  /** Work on jobs here (false: only queue them for other instances). */
  work: boolean;
  pollSeconds: number;
  /** The start message (tests silence it); default: the logger at info. */
  log?: (message: string) => void;
  /** Where each job run's line goes (decision 049); default: the process's logger. */
  logger?: Logger;
}

export interface JobQueue {
  enqueue: Enqueue;
  /** Stops taking jobs, lets the ones in hand finish for up to `timeoutMs`, then gives them back (decision 051). */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  /** The queues' counts as pg-boss's monitor last stored them (metrics, decision 050). */
  counts(): Promise<QueueCounts[]>;
}

const SCHEMA = "pgboss";
/** pg-boss retries of a throwing handler unless the job says otherwise. */
const DEFAULT_RETRY_LIMIT = 5;

export async function startQueue(settings: QueueSettings): Promise<JobQueue> {
  const { handle, databaseUrl, jobs, pollSeconds } = settings;
  const logger = settings.logger ?? processLogger;
  const log = settings.log ?? ((message: string) => logger.info(message));
  const boss = databaseUrl
    ? new PgBoss({ connectionString: databaseUrl, schema: SCHEMA, max: 3, application_name: "partnernet-jobs" })
    : new PgBoss({ db: fromPglite(pgliteOf(handle)), backend: "pglite", schema: SCHEMA });
  // pg-boss reports trouble (a lost connection, a slow query) as events; without a listener an
  // "error" event would crash the process.
  boss.on("error", (error) => logger.error({ err: error }, "Job queue error"));
  await boss.start();

  const workerIds = new Map<string, string>();
  const enqueue: Enqueue = async (job, data, options?: EnqueueOptions) => {
    const payload = job.schema.parse(data) as object;
    const id = await boss.send(job.name, payload, {
      ...(options?.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options?.singletonKey ? { singletonKey: options.singletonKey, singletonSeconds: options.singletonSeconds ?? 60 } : {}),
    });
    // A worker of this instance starts at once instead of at its next poll.
    const workerId = workerIds.get(job.name);
    if (id && workerId && !options?.startAfter) boss.notifyWorker(workerId);
    return id !== null;
  };

  for (const job of jobs) {
    await boss.createQueue(job.name, {
      retryLimit: job.retryLimit ?? DEFAULT_RETRY_LIMIT,
      retryDelay: job.retryDelaySeconds ?? 10,
      retryBackoff: true,
      expireInSeconds: job.expireInSeconds ?? 900,
    });
    if (job.cron) await boss.schedule(job.name, job.cron, {});
  }

  if (settings.work) {
    for (const job of jobs) {
      countJob(job.name, "completed", 0);
      countJob(job.name, "failed", 0);
      const id = await boss.work<object>(job.name, { pollingIntervalSeconds: pollSeconds, batchSize: 1 }, async ([found]) => {
        if (!found) return;
        // One line per run (decision 049): which job, which attempt, how it ended, how long it took;
        // never its payload (mailing ids are harmless, but a payload may carry anything).
        const started = performance.now();
        const run = { job: job.name, jobId: found.id, queue: found.name, attempt: found.retryCount + 1 };
        const durationMs = () => Math.round(performance.now() - started);
        const parsed = (job.schema as z.ZodType).safeParse(found.data);
        if (!parsed.success) {
          // A payload this version cannot read is dropped loudly, not retried forever.
          logger.error({ ...run, outcome: "dropped", durationMs: durationMs() }, "job payload unreadable, dropped");
          return;
        }
        try {
          await job.handle(parsed.data, { db: handle.db, enqueue, signal: found.signal });
        } catch (error) {
          countJob(job.name, "failed");
          logger.error({ ...run, outcome: "failed", willRetry: found.retryCount < (job.retryLimit ?? DEFAULT_RETRY_LIMIT), durationMs: durationMs(), err: error }, "job failed");
          throw error;
        }
        countJob(job.name, "completed");
        logger.info({ ...run, outcome: "completed", durationMs: durationMs() }, "job");
      });
      workerIds.set(job.name, id);
    }
    log(`Job queue started (${jobs.map((j) => j.name).join(", ")})`);
  }

  return {
    enqueue,
    // Graceful: no new jobs are taken; handlers in hand get up to `timeoutMs` to finish. Then
    // pg-boss fails what is still running (retried later, by this or another instance) and
    // aborts the handlers' signal; nothing is lost, at worst done again.
    stop: (options) => boss.stop({ graceful: true, timeout: options?.timeoutMs ?? 10_000, close: true }),
    counts: async () =>
      (await boss.getQueues()).map((queue) => ({
        name: queue.name,
        queuedCount: queue.queuedCount,
        readyCount: queue.readyCount,
        deferredCount: queue.deferredCount,
        activeCount: queue.activeCount,
        failedCount: queue.failedCount,
      })),
  };
}

function pgliteOf(handle: DbHandle) {
  if (!handle.pglite) throw new Error("Job queue: no DATABASE_URL and no PGlite client");
  return handle.pglite;
}
