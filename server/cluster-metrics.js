// The primary of a cluster (server.js, decision 047) serves the aggregated Prometheus metrics of
// all its workers on METRICS_PORT (decision 050); the workers do not listen on it. Plain
// JavaScript: the primary loads no app code. The workers validate METRICS_PORT/METRICS_HOST
// (app/server/config.server.ts) and refuse to start with a bad value, which stops the cluster;
// so here a value that is not a port simply leaves the metrics off.
import cluster from "node:cluster";
import http from "node:http";
import { clearTimeout, setTimeout } from "node:timers";
import client from "prom-client";

// prom-client's cluster messages (lib/cluster.js), which every worker answers (server/metrics.ts).
const REQUEST = "prom-client:getMetricsReq";
const RESPONSE = "prom-client:getMetricsRes";
const WORKER_TIMEOUT_MS = 3_000;

/**
 * Starts the metrics port when METRICS_PORT asks for it; call before forking. Only workers that
 * listen are asked: one still starting (or replacing a dead one) has served nothing and would not
 * answer yet. prom-client's own AggregatorRegistry.clusterMetrics() asks every forked worker and so
 * failed every scrape for 5 s while one was starting. A worker that does not answer in time fails
 * the scrape (503) rather than giving a partial sum, which Prometheus would read as counter resets.
 */
export function serveClusterMetrics(env, log) {
  const port = Number(env.METRICS_PORT || 0);
  if (!Number.isInteger(port) || port <= 0 || port > 65_535) return null;
  const host = env.METRICS_HOST?.trim() || "127.0.0.1";

  const listening = new Set();
  cluster.on("listening", (worker) => listening.add(worker));
  cluster.on("exit", (worker) => listening.delete(worker));
  const pending = new Map();
  let nextId = 0;
  cluster.on("message", (worker, message) => {
    if (message?.type !== RESPONSE) return;
    pending.get(message.requestId)?.(worker, message);
  });

  function collect() {
    const asked = [...listening].filter((worker) => worker.isConnected());
    const requestId = `partnernet-${nextId++}`;
    return new Promise((resolve, reject) => {
      const answers = new Map();
      const timer = setTimeout(() => finish(new Error("a worker did not answer")), WORKER_TIMEOUT_MS);
      function finish(error) {
        clearTimeout(timer);
        pending.delete(requestId);
        if (error) reject(error);
        else resolve(client.AggregatorRegistry.aggregate([...answers.values()].flat()).metrics());
      }
      pending.set(requestId, (worker, message) => {
        if (!asked.includes(worker)) return;
        if (message.error) return finish(new Error(message.error));
        answers.set(worker, message.metrics);
        if (answers.size === asked.length) finish();
      });
      if (asked.length === 0) return finish();
      for (const worker of asked) worker.send({ type: REQUEST, requestId });
    });
  }

  const server = http.createServer((req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found: the metrics are at /metrics\n");
      return;
    }
    // Counters and histograms are summed; gauges say how (the job queue's counts: max).
    collect().then(
      (body) => res.writeHead(200, { "Content-Type": client.register.contentType, "Cache-Control": "no-store" }).end(body),
      () => res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8" }).end("metrics unavailable: a worker did not answer\n"),
    );
  });
  server.on("error", (error) => log.error(`PartnerNet metrics cannot listen on ${host}:${port}: ${error.message}`));
  server.listen(port, host, () => log.info(`PartnerNet metrics of all workers on http://${host.includes(":") ? `[${host}]` : host}:${port}/metrics`));
  return server;
}
