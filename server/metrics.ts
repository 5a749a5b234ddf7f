import cluster from "node:cluster";
import http from "node:http";
import { AggregatorRegistry } from "prom-client";
import { logger } from "~/server/logger.server";
import { metricsText, observeRequest } from "~/server/metrics/metrics.server";
import { routeLabel } from "~/server/metrics/route-label";

/**
 * Prometheus metrics over HTTP (decision 050). Requests are observed on the HTTP server itself
 * (server.js hands it over), before Express: built assets and public files, which server.js
 * serves before the app, count too. The metrics have their own port, never the app's: they need
 * no sign-in, so they are reachable only where METRICS_HOST binds (loopback by default).
 */
export function observeRequests(server: http.Server): void {
  // First listener: the clock starts before Express does any work.
  server.prependListener("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const started = process.hrtime.bigint();
    // The path as it arrived; Express rewrites req.url while routing (mounted routers).
    const pathname = (req.url ?? "/").split("?")[0] ?? "/";
    res.once("close", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      observeRequest(req.method ?? "GET", routeLabel(pathname), res.writableFinished ? res.statusCode : 0, seconds);
    });
  });
}

/**
 * Serves GET /metrics on METRICS_PORT — in a single process, its own metrics. A cluster worker
 * does not listen: it answers its primary's requests (prom-client's cluster messages), and the
 * primary serves the aggregate of all workers (server/cluster-metrics.js).
 */
export function startMetricsServer(settings: { port: number; host: string }): Promise<http.Server | null> {
  if (settings.port === 0) return Promise.resolve(null);
  if (cluster.isWorker) {
    // Constructing it adds the worker's listener for the primary's requests; nothing else to do.
    new AggregatorRegistry();
    return Promise.resolve(null);
  }
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found: the metrics are at /metrics\n");
      return;
    }
    metricsText().then(
      ({ contentType, body }) => res.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" }).end(body),
      () => res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("metrics unavailable\n"),
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(settings.port, settings.host, () => {
      server.off("error", reject);
      logger.info(`PartnerNet metrics on http://${settings.host.includes(":") ? `[${settings.host}]` : settings.host}:${settings.port}/metrics`);
      resolve(server);
    });
  });
}
