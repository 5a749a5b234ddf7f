import type { z } from "zod";
import type { Db } from "~/server/db/client.server";

/** What a handler gets besides its payload: the process's database and a way to queue more work. */
export interface JobContext {
  db: Db;
  enqueue: Enqueue;
  /** Aborted when the instance stops (or pg-boss gives the job up): finish the current step, then return. */
  signal: AbortSignal;
}

export interface EnqueueOptions {
  /** Not before this moment (a retry after a backoff, a lease that runs out). */
  startAfter?: Date;
  /**
   * At most one job with this key per `singletonSeconds` time slot (pg-boss throttling; slots
   * are aligned to the epoch): a second one in the same slot is not queued. Both or neither.
   */
  singletonKey?: string;
  singletonSeconds?: number;
}

/** Queues a job; false when pg-boss refused it as a duplicate of a singleton (or no queue runs). */
export type Enqueue = <S extends z.ZodType>(job: JobDefinition<S>, data: z.input<S>, options?: EnqueueOptions) => Promise<boolean>;

/**
 * A kind of background job (decision 021): a queue name, the payload's schema (checked when
 * queued and again when worked on, since a payload outlives deployments), the handler, and how
 * pg-boss treats a handler that throws. `cron` makes it a recurring job (every instance
 * declares it; pg-boss runs each occurrence once).
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  schema: S;
  handle(data: z.output<S>, context: JobContext): Promise<void>;
  /** pg-boss retries of a handler that throws (the database was away …), with doubling delays. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A job active longer than this counts as lost (its instance died) and runs again. */
  expireInSeconds?: number;
  cron?: string;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}
