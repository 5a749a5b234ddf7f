import "react-router";
import cluster from "node:cluster";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import { createOrPromoteAdmin } from "~/server/admin/admin-accounts.server";
import { config } from "~/server/config.server";
import { bootstrapDatabase } from "~/server/boot.server";
import { closeDb, getDb } from "~/server/db/client.server";
import { requestInfoContext } from "~/server/http/context";
import { startJobs, stopJobs } from "~/server/jobs/runtime.server";
import { isLocalRequest } from "~/server/http/local-request";
import { announceLocalControl, controlToken, localControlRouter, withdrawLocalControl } from "~/server/local-control/local-control.server";
import { removeStaleTemporaryFiles } from "~/server/storage/temp-files.server";
import { getStorage } from "~/server/storage/storage.server";
import { logger } from "~/server/logger.server";
import { bodyLimitFor } from "~/server/http/body-limits";
import { blockEventLoop, bodyLimit, concurrencyLimit, errorHandler, forwardedHeaders, methodGuard, unlessRefused, watchArrivals as watchArrivalsOf } from "./guards";
import * as serverBuild from "virtual:react-router/server-build";
import { healthRouter } from "./health";
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
  // The job queue runs in every instance (decision 021): nothing extra to start.
  await startJobs();
}

/** Called once the server listens (server.js): lets `npm run admin:create` reach this app. */
export function announce(host: string, port: number): void {
  if (!config.databaseUrl) announceLocalControl(config.pgliteDir, host, port);
}

export async function shutdown(): Promise<void> {
  if (!config.databaseUrl) withdrawLocalControl(config.pgliteDir);
  // Before the database: running jobs finish the mail in hand, then the queue lets go of it.
  await stopJobs().catch((error: unknown) => logger.error({ err: error }, "Job queue stop failed"));
  await closeDb();
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
