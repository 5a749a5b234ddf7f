import client, { type Counter, type Gauge, type Histogram } from "prom-client";

/**
 * The process's Prometheus metrics (decision 050), in prom-client's global registry: what the
 * metrics port serves, and what a cluster worker hands its primary for the aggregate. Modules
 * count through the small functions below; nothing here reads the database by itself — the
 * sources of the gauges (job queue, database pool) are registered by their owners.
 */
const registry = client.register;

/**
 * Vite's development server evaluates modules again after an edit; prom-client refuses a second
 * metric of the same name, so an existing one is reused.
 */
function once<T>(name: string, create: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? create();
}

const holder = globalThis as typeof globalThis & { __partnernetDefaultMetrics?: boolean };
if (!holder.__partnernetDefaultMetrics) {
  holder.__partnernetDefaultMetrics = true;
  // CPU, memory, event-loop lag, handles, GC: prom-client's standard process metrics.
  client.collectDefaultMetrics({ register: registry });
}

const httpRequests = once(
  "partnernet_http_requests_total",
  () =>
    new client.Counter({
      name: "partnernet_http_requests_total",
      help: "HTTP requests answered, by method, route (catalogue page id or a fixed name, never the raw path) and status class",
      labelNames: ["method", "route", "status"] as const,
    }),
) as Counter<"method" | "route" | "status">;

const httpDuration = once(
  "partnernet_http_request_duration_seconds",
  () =>
    new client.Histogram({
      name: "partnernet_http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by method, route and status class",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    }),
) as Histogram<"method" | "route" | "status">;

const mails = once(
  "partnernet_mails_total",
  () =>
    new client.Counter({
      name: "partnernet_mails_total",
      help: "Mails handed to the mail server (transport smtp) or written to the outbox folder (transport outbox), by outcome sent or failed",
      labelNames: ["transport", "outcome"] as const,
    }),
) as Counter<"transport" | "outcome">;

const jobRuns = once(
  "partnernet_jobs_processed_total",
  () =>
    new client.Counter({
      name: "partnernet_jobs_processed_total",
      help: "Jobs this process worked on, by queue and outcome completed or failed (a failed job is retried by the queue until its retry limit)",
      labelNames: ["queue", "outcome"] as const,
    }),
) as Counter<"queue" | "outcome">;

/** The queue's own counts, per queue and state; read from pg-boss when scraped. */
export interface QueueCounts {
  name: string;
  queuedCount: number;
  readyCount: number;
  deferredCount: number;
  activeCount: number;
  failedCount: number;
}

export interface PoolCounts {
  total: number;
  idle: number;
  waiting: number;
}

const sources: { queues?: () => Promise<QueueCounts[] | null>; pool?: () => Promise<PoolCounts | null> } = {};

/** A scrape must answer quickly even when the database does not: a source that is slower is left out of that scrape. */
const SOURCE_TIMEOUT_MS = 1_000;

function within<T>(work: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([work.catch(() => null), timeout]).finally(() => clearTimeout(timer));
}

once(
  "partnernet_job_queue_jobs",
  () =>
    new client.Gauge({
      name: "partnernet_job_queue_jobs",
      help: "Jobs in the queue's table by queue and state (queued = ready + deferred; failed = failed jobs still retained), as pg-boss's monitor last counted them",
      labelNames: ["queue", "state"] as const,
      // Every worker of a cluster reads the same database: the aggregate is one worker's view, not the sum.
      aggregator: "max",
      async collect(this: Gauge<"queue" | "state">) {
        this.reset();
        const queues = sources.queues ? await within(sources.queues(), SOURCE_TIMEOUT_MS) : null;
        for (const queue of queues ?? []) {
          this.set({ queue: queue.name, state: "queued" }, queue.queuedCount);
          this.set({ queue: queue.name, state: "ready" }, queue.readyCount);
          this.set({ queue: queue.name, state: "deferred" }, queue.deferredCount);
          this.set({ queue: queue.name, state: "active" }, queue.activeCount);
          this.set({ queue: queue.name, state: "failed" }, queue.failedCount);
        }
      },
    }),
);

once(
  "partnernet_db_pool_connections",
  () =>
    new client.Gauge({
      name: "partnernet_db_pool_connections",
      help: "The PostgreSQL pool of this process (summed over a cluster's workers): state total, idle, or waiting (queries waiting for a connection). Absent with the embedded database (PGlite), which has no pool",
      labelNames: ["state"] as const,
      async collect(this: Gauge<"state">) {
        this.reset();
        const pool = sources.pool ? await within(sources.pool(), SOURCE_TIMEOUT_MS) : null;
        if (!pool) return;
        this.set({ state: "total" }, pool.total);
        this.set({ state: "idle" }, pool.idle);
        this.set({ state: "waiting" }, pool.waiting);
      },
    }),
);

/** Where the job-queue gauge reads its counts (app/server/jobs/runtime.server.ts). */
export function setQueueCountsSource(source: () => Promise<QueueCounts[] | null>): void {
  sources.queues = source;
}

/** Where the pool gauge reads its counts (app/server/db/client.server.ts). */
export function setPoolCountsSource(source: () => Promise<PoolCounts | null>): void {
  sources.pool = source;
}

const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "OPTIONS", "PUT", "PATCH", "DELETE"]);

/** One answered request. `status` is 0 when the client went away before the answer ended. */
export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  const labels = {
    // Any other token a client sends is one label, not a new series each.
    method: KNOWN_METHODS.has(method) ? method : "OTHER",
    route,
    status: status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "aborted",
  };
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
}

/** `by` 0 makes the series exist before the first mail, so a dashboard shows 0 rather than nothing. */
export function countMail(transport: "smtp" | "outbox", outcome: "sent" | "failed", by = 1): void {
  mails.inc({ transport, outcome }, by);
}

/** `by` 0 makes the series exist before the first job (the queue declares its queues at start). */
export function countJob(queue: string, outcome: "completed" | "failed", by = 1): void {
  jobRuns.inc({ queue, outcome }, by);
}

/** The text Prometheus scrapes, with its content type. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}
