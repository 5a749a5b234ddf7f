import net from "node:net";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ENGINE } from "../tests/support/db";
import { freePort, rawRequest, signIn, startServer, type TestServer } from "../tests/support/server";

/**
 * Prometheus metrics (decision 050) against the production build: a scrape of METRICS_PORT after
 * some requests has the request counter under the catalogue's page id (never the raw path), the
 * latency histogram's buckets, the job, mail and (PostgreSQL) pool metrics and the process
 * metrics; the port is bound to loopback only. On PostgreSQL with two workers the primary serves
 * the sum of both workers' counts.
 */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (no escapes in our label values). */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="([^"]*)"/g)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
const sum = (samples: Sample[]) => samples.reduce((total, s) => total + s.value, 0);

async function scrape(port: number, path = "/metrics"): Promise<{ status: number; contentType: string | null; text: string }> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(10_000) });
  return { status: response.status, contentType: response.headers.get("content-type"), text: await response.text() };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Scrapes until `done` holds (an answer's metrics are recorded when its connection lets go, a moment after the client has it). */
async function scrapeUntil(port: number, done: (samples: Sample[]) => boolean, withinMs = 5_000): Promise<Sample[]> {
  const deadline = Date.now() + withinMs;
  let samples = parse((await scrape(port)).text);
  while (!done(samples) && Date.now() < deadline) {
    await sleep(100);
    samples = parse((await scrape(port)).text);
  }
  return samples;
}

/** This machine's first non-loopback IPv4 address, if it has one. */
function outsideAddress(): string | null {
  for (const entries of Object.values(os.networkInterfaces())) {
    for (const entry of entries ?? []) if (entry.family === "IPv4" && !entry.internal) return entry.address;
  }
  return null;
}

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(2_000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const IMPRINT = { method: "GET", route: "imprint", status: "2xx" };

describe("metrics of a single process", () => {
  let server: TestServer;
  let metricsPort: number;

  beforeAll(async () => {
    metricsPort = await freePort();
    server = await startServer({ METRICS_PORT: String(metricsPort) });
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  it("counts requests by catalogue route and status class, with latency buckets", async () => {
    const before = parse((await scrape(metricsPort)).text);
    const imprintBefore = sum(find(before, "partnernet_http_requests_total", IMPRINT));
    for (let i = 0; i < 3; i++) expect((await rawRequest(server, { path: "/de/impressum" })).status).toBe(200);
    // A detail page with an id that does not exist: its route is the page, not the path.
    const missing = await rawRequest(server, { path: "/de/veranstaltungen/987654321" });
    expect(missing.status).toBe(404);
    expect((await rawRequest(server, { path: "/de/gibt-es-nicht/42" })).status).toBe(404);
    const home = await rawRequest(server, { path: "/de" });
    const asset = /\/assets\/[\w.-]+\.js(?![a-z])/.exec(home.body)?.[0];
    expect(asset).toBeDefined();
    expect((await rawRequest(server, { path: asset! })).status, asset).toBe(200);

    const after = await scrapeUntil(metricsPort, (samples) => sum(find(samples, "partnernet_http_requests_total", IMPRINT)) >= imprintBefore + 3);
    expect(sum(find(after, "partnernet_http_requests_total", IMPRINT))).toBe(imprintBefore + 3);
    expect(sum(find(after, "partnernet_http_requests_total", { route: "eventDetail", status: "4xx" }))).toBeGreaterThanOrEqual(1);
    expect(sum(find(after, "partnernet_http_requests_total", { route: "notFound", status: "4xx" }))).toBeGreaterThanOrEqual(1);
    expect(sum(find(after, "partnernet_http_requests_total", { route: "static", status: "2xx" }))).toBeGreaterThanOrEqual(1);
    expect(sum(find(after, "partnernet_http_requests_total", { route: "home", status: "2xx" }))).toBeGreaterThanOrEqual(1);
    // Bounded labels: names, never a path with ids.
    for (const sample of find(after, "partnernet_http_requests_total")) expect(sample.labels.route).toMatch(/^[A-Za-z]+$/);

    const buckets = find(after, "partnernet_http_request_duration_seconds_bucket", IMPRINT);
    expect(buckets.map((b) => b.labels.le)).toEqual(["0.005", "0.01", "0.025", "0.05", "0.1", "0.25", "0.5", "1", "2.5", "5", "10", "30", "+Inf"]);
    expect(buckets.at(-1)!.value).toBe(imprintBefore + 3);
    expect(find(after, "partnernet_http_request_duration_seconds_count", IMPRINT)[0]!.value).toBe(imprintBefore + 3);
    expect(find(after, "partnernet_http_request_duration_seconds_sum", IMPRINT)[0]!.value).toBeGreaterThan(0);
  }, 60_000);

  it("has the job, mail, pool and process metrics", async () => {
    // A sign-in sends a login code: one mail to the outbox.
    await signIn(server, "admin@partnernet.example");
    const samples = await scrapeUntil(metricsPort, (s) => sum(find(s, "partnernet_mails_total", { transport: "outbox", outcome: "sent" })) >= 1);
    expect(sum(find(samples, "partnernet_mails_total", { transport: "outbox", outcome: "sent" }))).toBeGreaterThanOrEqual(1);
    expect(find(samples, "partnernet_mails_total", { transport: "outbox", outcome: "failed" })).toHaveLength(1);
    // Every queue this instance works on has its completed/failed counters, and the queue table's counts.
    for (const outcome of ["completed", "failed"]) expect(find(samples, "partnernet_jobs_processed_total", { queue: "participant-mail", outcome })).toHaveLength(1);
    const queued = find(samples, "partnernet_job_queue_jobs", { queue: "participant-mail" });
    expect(queued.map((s) => s.labels.state).sort()).toEqual(["active", "deferred", "failed", "queued", "ready"]);
    // PostgreSQL: the app's pool; the embedded database has none.
    const pool = find(samples, "partnernet_db_pool_connections");
    if (TEST_ENGINE === "postgres") {
      expect(pool.map((s) => s.labels.state).sort()).toEqual(["idle", "total", "waiting"]);
      expect(find(pool, "partnernet_db_pool_connections", { state: "total" })[0]!.value).toBeGreaterThanOrEqual(1);
    } else {
      expect(pool).toEqual([]);
    }
    expect(find(samples, "process_cpu_user_seconds_total")).toHaveLength(1);
    expect(find(samples, "nodejs_eventloop_lag_seconds")).toHaveLength(1);
  }, 60_000);

  it("answers only /metrics, uncached, in Prometheus's text format — and not on the app's port", async () => {
    const answer = await scrape(metricsPort);
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect((await scrape(metricsPort, "/")).status).toBe(404);
    const onApp = await rawRequest(server, { path: "/metrics" });
    expect(onApp.body).not.toContain("partnernet_http_requests_total");
  });

  it("listens on loopback only by default", async () => {
    expect(server.output()).toContain(`PartnerNet metrics on http://127.0.0.1:${metricsPort}/metrics`);
    expect(await connects("127.0.0.1", metricsPort)).toBe(true);
    const outside = outsideAddress();
    // A machine without a non-loopback address has nothing more to show.
    if (outside) expect(await connects(outside, metricsPort)).toBe(false);
  });
});

describe.skipIf(TEST_ENGINE !== "postgres")("metrics of a cluster (PostgreSQL, WEB_CONCURRENCY=2)", () => {
  let server: TestServer;
  let metricsPort: number;

  beforeAll(async () => {
    metricsPort = await freePort();
    server = await startServer({ WEB_CONCURRENCY: "2", METRICS_PORT: String(metricsPort) });
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  it("the primary serves the sum of both workers' counts; the workers do not listen", async () => {
    const before = sum(find(parse((await scrape(metricsPort)).text), "partnernet_http_requests_total", IMPRINT));
    // New connections until both workers have answered (the primary hands them out in turn).
    const pids = new Map<number, number>();
    let sent = 0;
    const deadline = Date.now() + 90_000;
    while ((pids.size < 2 || sent < 6) && Date.now() < deadline) {
      const response = await rawRequest(server, { path: "/de/impressum" });
      expect(response.status).toBe(200);
      sent += 1;
      const pid = Number(response.headers["x-worker-pid"]);
      pids.set(pid, (pids.get(pid) ?? 0) + 1);
      if (pids.size < 2) await sleep(100);
    }
    expect(pids.size).toBe(2);
    expect(pids.has(server.pid)).toBe(false);
    const after = await scrapeUntil(metricsPort, (s) => sum(find(s, "partnernet_http_requests_total", IMPRINT)) >= before + sent);
    expect(sum(find(after, "partnernet_http_requests_total", IMPRINT))).toBe(before + sent);
    // Pools are per worker (summed); the queue's counts are the database's (one worker's view, not doubled).
    expect(find(after, "partnernet_db_pool_connections", { state: "total" })[0]!.value).toBeGreaterThanOrEqual(2);
    expect(find(after, "partnernet_job_queue_jobs", { queue: "participant-mail", state: "queued" })).toHaveLength(1);
    expect(server.output()).toContain(`PartnerNet metrics of all workers on http://127.0.0.1:${metricsPort}/metrics`);
    expect(server.output()).not.toContain("PartnerNet metrics on");
  }, 150_000);
});
