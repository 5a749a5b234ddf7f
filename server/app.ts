import "react-router";
import cluster from "node:cluster";
import type http from "node:http";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import { createOrPromoteAdmin } from "~/server/admin/admin-accounts.server";
import { config } from "~/server/config.server";
import { bootstrapDatabase } from "~/server/boot.server";
import { closeDb, getDb } from "~/server/db/client.server";
import { requestInfoContext } from "~/server/http/context";
import { enqueueJob, startJobs, stopJobs } from "~/server/jobs/runtime.server";
import { testSlowJob } from "~/server/jobs/test-jobs.server";
import { isLocalRequest } from "~/server/http/local-request";
import { announceLocalControl, controlToken, localControlRouter, withdrawLocalControl } from "~/server/local-control/local-control.server";
import { serveSqlOverIpc } from "~/server/testing/sql-over-ipc.server";
import { removeStaleTemporaryFiles } from "~/server/storage/temp-files.server";
import { getStorage } from "~/server/storage/storage.server";
import { logger } from "~/server/logger.server";
import { bodyLimitFor } from "~/server/http/body-limits";
import { blockEventLoop, bodyLimit, concurrencyLimit, errorHandler, forwardedHeaders, methodGuard, unlessRefused, watchArrivals as watchArrivalsOf } from "./guards";
import * as serverBuild from "virtual:react-router/server-build";
import { createHttpDrain } from "./graceful";
import { healthRouter, markStopping } from "./health";
import { observeRequests, startMetricsServer } from "./metrics";
import { createPageCache } from "./page-cache";
import { createRequestLog, noteUser } from "./request-log";
import { createSecurityHeaders } from "./security-headers";

/** Everything before the server listens (server.js): leftovers of a killed process, then the database. */
export async function bootstrap(): Promise<void> {
  for (const warning of config.warnings) logger.warn(warning);
  await removeStaleTemporaryFiles([config.storageDir, config.outboxDir]);
  await bootstrapDatabase({
    databaseUrl: config.databaseUrl,
    connectTimeoutMs: config.dbConnectTimeoutMs,
    seedDemoData: config.seedDemoData,
    storage: getStorage(),
  });
  await getDb();
  // HTTP tests on PGlite query their server's data through it (decision 072); off unless a test started it.
  serveSqlOverIpc();
  // The job queue runs in every instance (decision 021): nothing extra to start.
  await startJobs();
  metricsServer = await startMetricsServer(config.metrics);
}

let metricsServer: http.Server | null = null;
const httpDrain = createHttpDrain();

/** Called by server.js with its HTTP server: request metrics (decision 050) and the shutdown's drain (decision 051). */
export function watchRequests(server: http.Server): void {
  if (config.metrics.port !== 0) observeRequests(server);
  httpDrain.watch(server);
}

/** server.js exits non-zero when shutdown() has not finished within this long (SHUTDOWN_TIMEOUT_MS). */
export const shutdownTimeoutMs = config.shutdownTimeoutMs;
/** Kept from the budget for closing the queue's and the app's pools after the waiting. */
const CLOSE_RESERVE_MS = 2_000;

/** Called once the server listens (server.js): lets `npm run admin:create` reach this app. */
export function announce(host: string, port: number): void {
  if (!config.databaseUrl) announceLocalControl(config.pgliteDir, host, port);
}

/**
 * Graceful shutdown (decision 051), within SHUTDOWN_TIMEOUT_MS: readiness answers 503 at once; the
 * listener closes and the requests in flight finish; then the job queue stops taking jobs and
 * the job in hand finishes (pg-boss gives back what is still running at the deadline, to be
 * retried); last the pools close. Requests first: one in flight may still queue a job.
 * False when requests had to be cut (server.js then exits non-zero).
 */
export async function shutdown(): Promise<boolean> {
  markStopping();
  const deadline = Date.now() + config.shutdownTimeoutMs - CLOSE_RESERVE_MS;
  if (!config.databaseUrl) withdrawLocalControl(config.pgliteDir);
  const drained = await httpDrain.drain(deadline);
  if (!drained) logger.error("Shutdown: requests still in flight at the deadline were cut");
  metricsServer?.close();
  metricsServer?.closeAllConnections();
  // Before the database: running jobs finish the mail in hand, then the queue lets go of it.
  await stopJobs({ timeoutMs: Math.max(1_000, deadline - Date.now()) }).catch((error: unknown) => logger.error({ err: error }, "Job queue stop failed"));
  await closeDb();
  return drained;
}

/**
 * Express's `trust proxy` from TRUST_PROXY: only those proxies' X-Forwarded-For/-Proto/-Host are
 * believed, so `req.ip` (rate limits) cannot be forged by clients and `req.protocol`/`req.hostname`
 * (the request URL React Router compares with the Origin of form posts) say https behind a TLS proxy.
 */
export function applyTrustProxy(target: express.Express): void {
  target.set("trust proxy", config.trustProxy);
}

export const securityHeaders = createSecurityHeaders({ csp: !import.meta.env.DEV, hsts: config.isProduction, analyticsOrigin: config.analytics.plausible?.origin ?? null });
/** The process's logger (one per process): server.js writes its own lines through it once the app is loaded. */
export { logger };
/** One line per request, and its id (server/request-log.ts); server.js puts it in front of the static files too. */
export const requestLog = createRequestLog(logger);
export { errorHandler, methodGuard };
/** Called by server.js with its HTTP server: stamps connections when accepted (decision 043). */
export const watchArrivals = (server: Parameters<typeof watchArrivalsOf>[0]) => watchArrivalsOf(server, { estimateBacklog: config.concurrency.estimateBacklog });

export const app = express();
app.disable("x-powered-by");
applyTrustProxy(app);
app.use(requestLog);
// Decided from the socket and the headers as they arrived, before forwardedHeaders removes the
// ones an untrusted proxy added: a proxy on this machine must not make remote visitors "local".
app.use((req, res, next) => {
  res.locals.localRequest = isLocalRequest(req.socket.remoteAddress, req.headers);
  next();
});
app.use(securityHeaders);
app.use(methodGuard);
// Test servers only: which process answered, so tests can see a cluster's workers (decision 047).
if (config.appEnv === "test") {
  app.use((_req, res, next) => {
    res.setHeader("X-Worker-Pid", String(process.pid));
    next();
  });
}
app.use(
  "/_local",
  localControlRouter(controlToken, { createAdmin: async (email, name) => createOrPromoteAdmin(await getDb(), email, name) }),
);
app.use(forwardedHeaders);
app.use(bodyLimit((pathname) => bodyLimitFor(pathname)));
if (config.testBlockEventLoopFile) app.get("/_test/block-event-loop", blockEventLoop(config.testBlockEventLoopFile));
// Test servers only (decision 051): a request and a job that take a while, for the graceful-shutdown test.
if (config.appEnv === "test") {
  const duration = (value: unknown) => Math.min(20_000, Math.max(0, Number(value) || 0));
  app.get("/_test/slow", (req, res) => {
    setTimeout(() => res.set("Cache-Control", "no-store").type("text/plain").send("slow done\n"), duration(req.query.ms));
  });
  app.get("/_test/slow-job", async (req, res) => {
    const tag = String(req.query.tag ?? "");
    const queued = await enqueueJob(testSlowJob, { tag, ms: duration(req.query.ms) }).catch(() => false);
    res.status(queued ? 202 : 503).set("Cache-Control", "no-store").type("text/plain").send(queued ? "queued\n" : "not queued\n");
  });
}
// Probes answer before the page cache and the in-flight limit: a busy instance is still alive and ready.
app.use(healthRouter());
/** The message between cluster workers and their primary (server.js) after a write. */
const PAGE_CACHE_FORGET = { partnernet: "page-cache-forget" } as const;
// Before the in-flight limit: a stored anonymous page costs next to nothing, so it never waits.
export const pageCache = createPageCache({
  ttlMs: config.pageCacheTtlMs,
  maxEntries: 1_000,
  maxBodyBytes: 1024 * 1024,
  bypass: (req) => /^\/(files|assets|api|dev|_local|auth)(\/|$)/.test(req.path),
  // A cluster worker that took a write tells the others through the primary (server.js), so they
  // forget their stored pages too (decision 047); separate instances rely on the TTL.
  ...(cluster.isWorker ? { onWrite: () => process.connected && process.send?.(PAGE_CACHE_FORGET) } : {}),
});
if (cluster.isWorker) {
  process.on("message", (message: unknown) => {
    if (typeof message === "object" && message !== null && (message as { partnernet?: unknown }).partnernet === PAGE_CACHE_FORGET.partnernet) pageCache.forget();
  });
}
app.use(pageCache.middleware);
app.use(
  concurrencyLimit({
    ...config.concurrency,
    // Stored files, built assets and robots.txt are cheap: they never wait behind page renders.
    bypass: (req) => req.path.startsWith("/files/") || req.path.startsWith("/assets/") || req.path === "/robots.txt",
    exposeStats: config.appEnv === "test",
  }),
);
app.use(
  unlessRefused(
    createRequestHandler({
      // The built app as an object, not a function: given a function, React Router derives its route
      // tables again on every request (flattening, ranking and compiling ~180 route patterns), which
      // was about a tenth of an anonymous page's server CPU (decision 045). Development keeps the
      // function so edits are picked up.
      build: import.meta.env.DEV ? () => import("virtual:react-router/server-build") : serverBuild,
      // Stack traces and error messages reach the browser only in development (decision 012).
      mode: import.meta.env.DEV ? "development" : "production",
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        const nonce = typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : undefined;
        context.set(requestInfoContext, {
          ip: req.ip ?? req.socket.remoteAddress ?? "unknown",
          local: res.locals.localRequest === true,
          nonce,
          requestId: typeof req.id === "string" ? req.id : undefined,
          log: req.log,
          noteUser: (userId) => noteUser(res, userId),
        });
        return context;
      },
    }),
  ),
);
app.use(errorHandler);
