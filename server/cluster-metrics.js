// The primary of a cluster (server.js, decision 047) serves the aggregated Prometheus metrics of
// all its workers on METRICS_PORT (decision 050); the workers do not listen on it. Plain
// JavaScript: the primary loads no app code. The workers validate METRICS_PORT/METRICS_HOST
// (app/server/config.server.ts) and refuse to start with a bad value, which stops the cluster;
// so here a value that is not a port simply leaves the metrics off.
import http from "node:http";
import client from "prom-client";

export function serveClusterMetrics(env) {
  const port = Number(env.METRICS_PORT || 0);
  if (!Number.isInteger(port) || port <= 0 || port > 65_535) return null;
  const host = env.METRICS_HOST?.trim() || "127.0.0.1";
  const registry = new client.AggregatorRegistry();
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found: the metrics are at /metrics\n");
      return;
    }
    // Asks every worker (prom-client's messages; it gives up after 5 s) and sums counters and
    // histograms; gauges declare their own aggregation (e.g. the job queue's counts: max).
    registry.clusterMetrics().then(
      (body) => res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" }).end(body),
      () => res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8" }).end("metrics unavailable: a worker did not answer\n"),
    );
  });
  server.on("error", (error) => console.error(`PartnerNet metrics cannot listen on ${host}:${port}: ${error.message}`));
  server.listen(port, host, () => console.log(`PartnerNet metrics of all workers on http://${host.includes(":") ? `[${host}]` : host}:${port}/metrics`));
  return server;
}
