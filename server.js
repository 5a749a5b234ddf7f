// Entry point. Production: serves the built app. `--dev`: Vite middleware with HMR.
// The app itself (server/app.ts) runs migrations and seeding before it listens.
// WEB_CONCURRENCY > 1 (PostgreSQL only): a primary process forks that many workers that share the
// port (node:cluster) and each run the whole app (decision 047).
import cluster from "node:cluster";
import http from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import { clearTimeout, setTimeout } from "node:timers";
import compression from "compression";
import express from "express";
import { serveClusterMetrics } from "./server/cluster-metrics.js";
import { singleDrainListener } from "./server/drain-listeners.js";
import pino from "pino";

const DEV = process.argv.includes("--dev");
// Development logs are coloured text for a person at the terminal; JSON otherwise (decision 049).
if (DEV) process.env.LOG_FORMAT ||= "pretty";
const PORT = Number.parseInt(process.env.PORT || "3000", 10);
// Loopback unless told otherwise: a development server (demo accounts, dev pages) is not
// reachable from other machines by accident. Production sets HOST (e.g. 0.0.0.0 in a container).
const HOST = process.env.HOST || "127.0.0.1";
const ADDRESS = `http://${HOST.includes(":") ? `[${HOST}]` : HOST}:${PORT}`;

/**
 * This file's log lines (decision 049): until the app is loaded, and in a cluster's primary, which
 * never loads it, through a logger of its own with the app's format; once loaded, through the
 * app's logger (app/server/logger.server.ts), so a process writes through one logger. An invalid
 * LOG_LEVEL is logged at info here and refused by the app's configuration check.
 */
function createProcessLogger() {
  const level = process.env.LOG_LEVEL?.trim() || "info";
  const options = {
    level: level in pino.levels.values || level === "silent" ? level : "info",
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  if (process.env.LOG_FORMAT === "pretty") {
    try {
      const pretty = createRequire(import.meta.url)("pino-pretty");
      return pino(options, pretty({ sync: true, colorize: true, singleLine: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" }));
    } catch {
      // pino-pretty is a development dependency: JSON without it.
    }
  }
  return pino(options);
}
let log = createProcessLogger();

/**
 * How many processes serve requests (decision 047). WEB_CONCURRENCY if set, else one per available
 * CPU on PostgreSQL. The embedded database (PGlite, no DATABASE_URL) is opened by one process per
 * data directory, so it always runs single-process; so does `--dev` (Vite's module graph is per process).
 */
function webConcurrency() {
  const raw = process.env.WEB_CONCURRENCY?.trim();
  let requested = null;
  if (raw) {
    requested = Number(raw);
    if (!Number.isInteger(requested) || requested < 1) {
      log.fatal(`PartnerNet cannot start: WEB_CONCURRENCY must be a whole number of at least 1 (it is "${raw}")`);
      process.exit(1);
    }
  }
  if (DEV) {
    if (requested && requested > 1) log.warn(`WEB_CONCURRENCY=${requested} is ignored with --dev: the development server runs as one process.`);
    return 1;
  }
  if (!process.env.DATABASE_URL) {
    if (requested && requested > 1) {
      log.warn(
        `WEB_CONCURRENCY=${requested} is ignored: the embedded database (PGlite, no DATABASE_URL) is opened by one process only, so PartnerNet runs as a single process. Set DATABASE_URL (PostgreSQL) to use several worker processes.`,
      );
    }
    return 1;
  }
  return requested ?? (typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length);
}

const WORKERS = cluster.isPrimary ? webConcurrency() : 1;
if (cluster.isPrimary && WORKERS > 1) runPrimary(WORKERS);
else await serve();

/**
 * The primary of a cluster serves nothing itself: it forks the workers (each listens on PORT; the
 * primary hands them the connections in turn), starts a new one when a worker dies (after 1 s,
 * doubling up to 30 s while replacements keep dying within a minute), passes the page-cache
 * "forget" of a worker that took a write on to the others, and on SIGTERM/SIGINT asks every worker
 * to shut down as a single process would (finish, stop the job queue, close the pool).
 */
function runPrimary(count) {
  log.info(`PartnerNet starting ${count} worker processes on ${ADDRESS} (WEB_CONCURRENCY; primary ${process.pid})`);
  // The workers' metrics, summed, on METRICS_PORT (decision 050); the workers do not listen on it.
  const metrics = serveClusterMetrics(process.env, log);
  const live = new Set();
  const restarts = new Set();
  let stopping = false;
  let exitCode = 0;
  let anyListened = false;
  let delayMs = 0;
  const MIN_DELAY_MS = 1_000;
  const MAX_DELAY_MS = 30_000;
  const STABLE_MS = 60_000;

  const fork = () => {
    const worker = cluster.fork();
    live.add(worker);
    worker.once("listening", () => {
      anyListened = true;
      worker.listenedAt = Date.now();
    });
  };

  cluster.on("exit", (worker, code, signal) => {
    live.delete(worker);
    if (stopping) {
      // A worker that had to cut its shutdown short (decision 051) makes the whole stop non-zero.
      if (code) exitCode ||= code;
      if (live.size === 0) process.exit(exitCode);
      return;
    }
    // A worker that could not start before any worker ever listened (unsafe production settings,
    // a bad environment) will not start the next time either: stop, as a single process does.
    if (!anyListened && !worker.listenedAt) {
      log.fatal(`PartnerNet worker ${worker.process.pid} could not start (exit ${signal ?? code}); stopping.`);
      stopping = true;
      exitCode = code || 1;
      for (const other of live) other.process.kill("SIGTERM");
      if (live.size === 0) process.exit(exitCode);
      return;
    }
    const lived = worker.listenedAt ? Date.now() - worker.listenedAt : 0;
    delayMs = lived > STABLE_MS ? MIN_DELAY_MS : Math.min(MAX_DELAY_MS, Math.max(MIN_DELAY_MS, delayMs * 2));
    log.error(`PartnerNet worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting a new one in ${delayMs / 1000} s`);
    const timer = setTimeout(() => {
      restarts.delete(timer);
      if (!stopping) fork();
    }, delayMs);
    restarts.add(timer);
  });

  const stop = () => {
    if (stopping) return;
    stopping = true;
    metrics?.close();
    for (const timer of restarts) clearTimeout(timer);
    if (live.size === 0) process.exit(0);
    for (const worker of live) worker.process.kill("SIGTERM");
    // A worker that does not finish in time is killed; its requests were given as long as a slow page.
    setTimeout(() => {
      for (const worker of live) worker.process.kill("SIGKILL");
    }, 30_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);

  // A worker that took a write emptied its page cache; the others forget theirs too (server/app.ts).
  cluster.on("message", (from, message) => {
    if (message?.partnernet !== "page-cache-forget") return;
    for (const worker of live) if (worker !== from && worker.isConnected()) worker.send(message);
  });

  for (let i = 0; i < count; i++) fork();
}

/** One process serving the app: the whole server when single-process, or one cluster worker. */
async function serve() {
  const server = express();
  server.disable("x-powered-by");
  server.use(compression());
  server.use(singleDrainListener);
  const httpServer = http.createServer(server);

  /**
   * A start-up failure the operator can act on (unsafe production settings, the embedded database
   * in use by another process) is printed as its message alone, without a stack trace.
   */
  async function startOrExit(start) {
    try {
      return await start();
    } catch (error) {
      const known = error instanceof Error && (error.name === "DataDirInUseError" || /^(Unsafe production configuration|Invalid environment)/.test(error.message));
      if (known) log.fatal(`PartnerNet cannot start:\n${error.message}`);
      else log.fatal({ err: error }, "PartnerNet cannot start");
      process.exit(1);
    }
  }

  let bootstrapped;
  if (DEV) {
    const vite = await import("vite");
    // Hot reload over this server's own port (and so its HOST), not a second port on all interfaces.
    const viteDevServer = await vite.createServer({ server: { middlewareMode: true, hmr: { server: httpServer } } });
    bootstrapped = await startOrExit(async () => {
      const loaded = await viteDevServer.ssrLoadModule("./server/app.ts");
      await loaded.bootstrap();
      return loaded;
    });
    log = bootstrapped.logger;
    // Every request gets its id and its log line, Vite's modules too (at debug level).
    server.use(bootstrapped.requestLog);
    server.use(viteDevServer.middlewares);
    server.use(async (req, res, next) => {
      try {
        const source = await viteDevServer.ssrLoadModule("./server/app.ts");
        return await source.app(req, res, next);
      } catch (error) {
        if (typeof error === "object" && error instanceof Error) viteDevServer.ssrFixStacktrace(error);
        next(error);
      }
    });
  } else {
    // The built app renders with React's production build: its development build (chosen by
    // NODE_ENV at load time) checks every element and took 2.2x the CPU per page (161 vs 72 ms, home).
    process.env.NODE_ENV ||= "production";
    const buildDir = process.env.BUILD_DIR || "build";
    bootstrapped = await startOrExit(async () => {
      const loaded = await import(new URL(`${buildDir}/server/index.js`, `file://${process.cwd()}/`).href);
      await loaded.bootstrap();
      return loaded;
    });
    log = bootstrapped.logger;
    // First the request id and log line (decision 049), then security headers (nosniff, CSP, HSTS)
    // and the method check, so static files get them too.
    server.use(bootstrapped.requestLog);
    server.use(bootstrapped.securityHeaders);
    server.use(bootstrapped.methodGuard);
    server.use("/assets", express.static(`${buildDir}/client/assets`, { immutable: true, maxAge: "1y" }));
    // The public folder holds only files with an extension (favicon.svg, og-image.png): pages skip its
    // file-system look-up (a stat per page request otherwise).
    const publicFiles = express.static(`${buildDir}/client`, { maxAge: "1h", index: false });
    server.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? publicFiles(req, res, next) : next()));
    server.use(bootstrapped.app);
    // Last: log and answer a generic page, never Express's default error page with a stack trace.
    server.use(bootstrapped.errorHandler);
  }

  // Stamps every accepted connection, so requests that waited too long (a saturated CPU keeps them
  // unread in the listen backlog) are refused before any work (server/guards.ts, decision 043).
  bootstrapped.watchArrivals?.(httpServer);
  // Request metrics and the shutdown's drain of requests in flight (decisions 050, 051).
  bootstrapped.watchRequests?.(httpServer);

  const listener = httpServer.listen(PORT, HOST, () => {
    log.info(cluster.isWorker ? `PartnerNet worker ${process.pid} listening on ${ADDRESS}` : `PartnerNet listening on ${ADDRESS}`);
    bootstrapped.announce?.(HOST, PORT);
  });

  // Once: Ctrl+C reaches a cluster's workers directly and through the primary's SIGTERM.
  // The app stops listening, finishes the requests and the job in hand, and closes its pools
  // (decision 051); what is not done by SHUTDOWN_TIMEOUT_MS is cut, and the exit code says so.
  let stopping;
  async function shutdown() {
    stopping ??= (async () => {
      const limitMs = bootstrapped?.shutdownTimeoutMs ?? 25_000;
      setTimeout(() => {
        log.error(`PartnerNet did not stop within ${limitMs} ms (SHUTDOWN_TIMEOUT_MS); exiting anyway`);
        process.exit(1);
      }, limitMs).unref();
      try {
        if (!bootstrapped?.shutdown) listener.close();
        else if ((await bootstrapped.shutdown()) === false) process.exit(1);
      } catch (error) {
        log.error({ err: error }, "Shutdown failed");
        process.exit(1);
      }
      process.exit(0);
    })();
    return stopping;
  }
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}
