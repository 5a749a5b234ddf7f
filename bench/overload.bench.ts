// Usage: npm run bench:overload [-- --clients 200 --seconds 15 --path "/de/suche?q=…" --port 3490 --retry-ms 0 --env KEY=VALUE … --url http://…]
// Overload behaviour (issue 22, decision 043): starts the production build (`npm run build` first;
// BUILD_DIR picks another build folder) on a fresh embedded database with the demo data, then keeps
// `--clients` requests to a heavy page open at all times for `--seconds`: every client sends a
// request on a new connection (so each one goes through the listen backlog and accept), and the
// moment it is answered sends the next one (after a 503 only once `--retry-ms` passed; 0, the
// default, = at once, a crowd that keeps hammering). Prints, for the
// answered (200) requests and for the refused (503) ones, the count and the latency from sending to
// the last byte (p50, p95, max), other statuses and errors, and the time to recover: from the end of
// the load until a single request to the same page is answered 200, and until one is answered as
// fast as before the load (within 2 × the median of five unloaded requests plus 100 ms). `--url`
// runs against a server that is already up (nothing is started). Not a timed test and not part of
// npm test: it saturates the machine for the run (bench/README.md). The anonymous page cache is off
// (PAGE_CACHE_TTL_MS=0, decision 045): every request is a render, the case the limit is for.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { startProductionServer } from "./support/production-server";

const { values } = parseArgs({
  options: {
    clients: { type: "string", default: "200" },
    seconds: { type: "string", default: "15" },
    path: { type: "string", default: "/de/suche?q=Dresden" },
    port: { type: "string", default: "3490" },
    "retry-ms": { type: "string", default: "0" },
    env: { type: "string", multiple: true, default: [] },
    url: { type: "string" },
  },
});
const CLIENTS = Number(values.clients);
const SECONDS = Number(values.seconds);
const PAGE = values.path;
const RETRY_MS = Number(values["retry-ms"]);
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const BASE = values.url?.replace(/\/$/, "") ?? `http://127.0.0.1:${values.port}`;
const target = new URL(BASE);
/** The limit the issue sets: no request waits longer. */
const MAX_WAIT_MS = 10_000;

interface Outcome {
  status: number | "error";
  ms: number;
  /** Milliseconds since the load started, when it was answered. */
  at: number;
  retryAfter?: string;
  error?: string;
}

/** One request on its own connection (no keep-alive): the whole answer read, its latency measured. */
function request(timeoutMs = 120_000): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request({ host: target.hostname, port: target.port, path: PAGE, agent: false, headers: { Connection: "close", "Accept-Language": "de" } }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, at: 0, retryAfter: res.headers["retry-after"] }));
      res.on("error", (error) => resolve({ status: "error", ms: performance.now() - started, at: 0, error: (error as NodeJS.ErrnoException).code ?? error.message }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error("client timeout")));
    req.on("error", (error) => resolve({ status: "error", ms: performance.now() - started, at: 0, error: (error as NodeJS.ErrnoException).code ?? error.message }));
    req.end();
  });
}

function startServer() {
  const extra = Object.fromEntries((values.env ?? []).map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]));
  // Every request renders (no page cache), and the backlog estimate is on (decision 043).
  return startProductionServer(Number(target.port), { PAGE_CACHE_TTL_MS: "0", REQUEST_BACKLOG_ESTIMATE: "1", ...extra }, "bench-overload");
}

/** Whether the server answers its home page within four minutes (a first start seeds the demo data). */
async function waitUntilUp(alive: () => boolean = () => true): Promise<boolean> {
  for (let i = 0; i < 480 && alive(); i++) {
    const up = await fetch(`${BASE}/de`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

const quantile = (xs: number[], q: number) => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
};
const ms = (x: number) => (Number.isNaN(x) ? "–" : x >= 10_000 ? `${(x / 1000).toFixed(1)} s` : `${Math.round(x)} ms`);
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(" ");
const cpuSeconds = (pid: number) => {
  // utime + stime of the server process (Linux), in seconds.
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

async function main() {
  const server = values.url ? null : await startServer();
  if (!server && !(await waitUntilUp())) throw new Error(`No server answers at ${BASE}`);
  try {
    // Warm up (first renders compile code paths), then the unloaded latency.
    for (let i = 0; i < 3; i++) await request();
    const unloaded: number[] = [];
    for (let i = 0; i < 5; i++) unloaded.push((await request()).ms);
    const baseline = quantile(unloaded, 0.5);
    console.log(`# Overload — ${CLIENTS} clients, ${SECONDS} s, GET ${PAGE}, after a 503 the client waits ${RETRY_MS} ms`);
    console.log(`${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}, ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}, build ${values.url ? BASE : BUILD_DIR}${values.env?.length ? `, env ${values.env.join(" ")}` : ""}`);
    console.log(`unloaded: median ${ms(baseline)} of ${unloaded.map((x) => Math.round(x)).join(", ")} ms; load average before: ${load()}`);

    const outcomes: Outcome[] = [];
    const loadStart = performance.now();
    const cpuBefore = server?.child.pid ? cpuSeconds(server.child.pid) : 0;
    const loadEnd = loadStart + SECONDS * 1000;
    let loadAtPeak = "";
    const peak = setTimeout(() => (loadAtPeak = load()), SECONDS * 1000 - 500);
    const clients = Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < loadEnd) {
        const outcome = await request();
        outcome.at = performance.now() - loadStart;
        outcomes.push(outcome);
        if (outcome.status === 503 && RETRY_MS > 0) await new Promise((r) => setTimeout(r, RETRY_MS));
      }
    });

    // Recovery: from the end of the load (no new requests), one probe after another.
    const recovery = (async () => {
      await new Promise((r) => setTimeout(r, Math.max(0, loadEnd - performance.now())));
      let first200: number | null = null;
      let firstNormal: number | null = null;
      const probes: string[] = [];
      while (performance.now() - loadEnd < 60_000) {
        const probe = await request();
        const since = performance.now() - loadEnd;
        probes.push(`${probe.status} ${Math.round(probe.ms)} ms`);
        if (probe.status === 200 && first200 === null) first200 = since;
        if (probe.status === 200 && probe.ms <= 2 * baseline + 100) {
          firstNormal = since;
          break;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      return { first200, firstNormal, probes };
    })();
    await Promise.all(clients);
    const drained = performance.now() - loadEnd;
    const cpu = server?.child.pid ? cpuSeconds(server.child.pid) - cpuBefore : Number.NaN;
    clearTimeout(peak);
    const { first200, firstNormal, probes } = await recovery;

    const ok = outcomes.filter((o) => o.status === 200).map((o) => o.ms);
    const busy = outcomes.filter((o) => o.status === 503);
    const other = outcomes.filter((o) => o.status !== 200 && o.status !== 503);
    const wallSeconds = (Math.max(...outcomes.map((o) => o.at)) || 1) / 1000;
    console.log(`load average at the end of the load: ${loadAtPeak || load()}; server CPU during the load: ${cpu.toFixed(1)} s in ${wallSeconds.toFixed(1)} s\n`);
    console.log("| answers | count | per second | p50 | p95 | max |");
    console.log("|---|---:|---:|---:|---:|---:|");
    const row = (label: string, xs: number[]) => console.log(`| ${label} | ${xs.length} | ${(xs.length / wallSeconds).toFixed(1)} | ${ms(quantile(xs, 0.5))} | ${ms(quantile(xs, 0.95))} | ${ms(xs.length ? Math.max(...xs) : Number.NaN)} |`);
    row("200", ok);
    row("503", busy.map((o) => o.ms));
    const statuses = new Map<string, number[]>();
    for (const o of other) statuses.set(o.status === "error" ? `error ${o.error}` : String(o.status), [...(statuses.get(o.status === "error" ? `error ${o.error}` : String(o.status)) ?? []), o.ms]);
    for (const [label, xs] of statuses) row(label, xs);
    const retryAfter = [...new Set(busy.map((o) => o.retryAfter ?? "none"))];
    if (busy.length) console.log(`\nRetry-After on the 503s: ${retryAfter.join(", ")}`);
    const over = outcomes.filter((o) => o.ms > MAX_WAIT_MS).length;
    console.log(`answers after more than ${MAX_WAIT_MS / 1000} s: ${over} of ${outcomes.length}`);
    console.log(`all load requests answered ${ms(drained)} after the load ended`);
    console.log(`recovery: first 200 ${first200 === null ? "none within 60 s" : `${ms(first200)} after the load ended`}, first answer at unloaded speed ${firstNormal === null ? "none within 60 s" : `${ms(firstNormal)} after`} (probes: ${probes.join("; ")})`);
    console.log(`load average after: ${load()}`);
    if (over > 0 || ok.length === 0 || firstNormal === null) process.exitCode = 1;
  } finally {
    await server?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
