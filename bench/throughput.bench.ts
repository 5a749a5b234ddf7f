// Usage: npm run bench:throughput [-- --seconds 10 --connections 16 --renders 30 --port 3495]
//          [--database-url postgres://… --workers 2 --throughput-only | --render-only]
// Issue 22, decision 045: what an anonymous page costs the server, and how many it serves.
// Starts the production build (`npm run build` first) on a fresh embedded database with the demo
// data, twice:
//   1. with the page cache off (PAGE_CACHE_TTL_MS=0): `--renders` sequential requests per page, no
//      concurrency — median wall time per request and the server process's CPU time per request
//      (from /proc, so other load on the machine inflates wall time more than CPU time);
//   2. as configured by default (2 s page cache): `--connections` keep-alive connections for
//      `--seconds` per page, beside a static asset and /robots.txt in the same run —
//      requests per second, p50/p95 latency, and the ratio to the static file.
// Pages: home, event list, an event, a company, a news item (taken from the sitemap), search with
// a term. Not a timed test and not part of npm test.
// `--database-url` runs on that PostgreSQL database instead (an empty one is migrated and seeded
// with the demo data by the first start) and `--workers` sets WEB_CONCURRENCY there (decision 047);
// CPU time then counts the primary and its workers. `--throughput-only` skips part 1, `--render-only` part 2.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startProductionServer } from "./support/production-server";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "16" },
    renders: { type: "string", default: "30" },
    port: { type: "string", default: "3495" },
    "database-url": { type: "string" },
    workers: { type: "string", default: "1" },
    "throughput-only": { type: "boolean", default: false },
    "render-only": { type: "boolean", default: false },
  },
});
const DATABASE_URL = values["database-url"];
const WORKERS = Number(values.workers);
if (!DATABASE_URL && WORKERS > 1) throw new Error("--workers > 1 needs --database-url: the embedded database runs single-process (decision 047)");
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const RENDERS = Number(values.renders);
const PORT = Number(values.port);
const BASE = `http://127.0.0.1:${PORT}`;
const ROOT = path.resolve(import.meta.dirname, "..");
const TICKS_PER_SECOND = 100; // Linux USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s

const startServer = (env: Record<string, string>) =>
  startProductionServer(PORT, { ...env, WEB_CONCURRENCY: String(WORKERS), ...(DATABASE_URL ? { DATABASE_URL } : {}) }, "bench-throughput");

/** utime + stime of a process and its children (a cluster's workers), from /proc. */
function cpuSeconds(pid: number): number {
  const fieldsOf = (p: string) => fs.readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1]!.split(" ");
  let ticks = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let fields: string[];
    try {
      fields = fieldsOf(entry);
    } catch {
      continue; // gone meanwhile
    }
    if (entry === String(pid) || fields[1] === String(pid)) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS_PER_SECOND;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

function request(pathname: string): Promise<{ status: number; ms: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    http
      .get(`${BASE}${pathname}`, { agent, headers: { "Accept-Encoding": "gzip" } }, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      })
      .on("error", () => resolve({ status: 0, ms: performance.now() - started }));
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? NaN;

async function pages(): Promise<Array<[string, string]>> {
  const sitemap = await (await fetch(`${BASE}/de/sitemap.xml`)).text();
  const first = (re: RegExp) => {
    const match = re.exec(sitemap);
    if (!match) throw new Error(`Nothing public in the sitemap for ${re}`);
    return new URL(match[1]!).pathname;
  };
  const asset = fs.readdirSync(path.join(ROOT, process.env.BUILD_DIR ?? "build", "client/assets")).find((name) => name.endsWith(".js"))!;
  return [
    ["home", "/de"],
    ["event list", "/de/veranstaltungen/anzeigen"],
    ["event", first(/<loc>([^<]*\/de\/veranstaltungen\/[0-9a-f-]{36})<\/loc>/)],
    ["company", first(/<loc>([^<]*\/de\/firmen\/[0-9a-f-]{36})<\/loc>/)],
    ["news item", first(/<loc>([^<]*\/de\/neuigkeiten\/[0-9a-f-]{36})<\/loc>/)],
    ["search", "/de/suche?q=metall"],
    ["imprint", "/de/impressum"],
    ["/robots.txt", "/robots.txt"],
    ["static asset", `/assets/${asset}`],
  ];
}

async function renderCost(): Promise<void> {
  const server = await startServer({ PAGE_CACHE_TTL_MS: "0" });
  try {
    console.log(`\n1. Server cost per request, page cache off, ${RENDERS} sequential requests each (after 5 to warm up)`);
    console.log("| page | median wall (ms) | CPU per request (ms) |\n|---|---:|---:|");
    for (const [name, pathname] of await pages()) {
      for (let i = 0; i < 5; i++) await request(pathname);
      const cpuBefore = cpuSeconds(server.pid);
      const times: number[] = [];
      for (let i = 0; i < RENDERS; i++) {
        const { status, ms } = await request(pathname);
        if (status !== 200) throw new Error(`${pathname}: ${status}`);
        times.push(ms);
      }
      const cpu = ((cpuSeconds(server.pid) - cpuBefore) * 1000) / RENDERS;
      console.log(`| ${name} | ${median(times).toFixed(1)} | ${cpu.toFixed(1)} |`);
    }
  } finally {
    await server.stop();
  }
}

/** A cluster counts as up once one worker answers: wait until every worker answers (X-Worker-Pid, test servers), so no bootstrap runs during the measurement. */
async function allWorkersUp(): Promise<void> {
  const pids = new Set<string>();
  const deadline = Date.now() + 120_000;
  while (pids.size < WORKERS && Date.now() < deadline) {
    const response = await fetch(`${BASE}/de/impressum`, { headers: { Connection: "close" } });
    await response.arrayBuffer();
    pids.add(response.headers.get("x-worker-pid") ?? "");
    await new Promise((r) => setTimeout(r, 100));
  }
  if (pids.size < WORKERS) throw new Error(`only ${pids.size} of ${WORKERS} workers answered`);
}

async function throughput(): Promise<void> {
  const server = await startServer({});
  try {
    await allWorkersUp();
    console.log(`\n2. Throughput, default page cache, ${CONNECTIONS} connections × ${SECONDS} s per page`);
    console.log("| page | req/s | p50 (ms) | p95 (ms) | errors | of static | server CPU per request (ms) | of static's CPU |\n|---|---:|---:|---:|---:|---:|---:|---:|");
    const rows: Array<{ name: string; rate: number; p50: number; p95: number; errors: number; cpu: number }> = [];
    for (const [name, pathname] of await pages()) {
      // The server's CPU per answer: on a shared machine req/s follows the other processes' load, CPU
      // time far less (one render per TTL included, as a visitor crowd would cause it).
      const cpuBefore = cpuSeconds(server.pid);
      const until = Date.now() + SECONDS * 1000;
      const times: number[] = [];
      let errors = 0;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (Date.now() < until) {
            const { status, ms } = await request(pathname);
            if (status === 200) times.push(ms);
            else errors++;
          }
        }),
      );
      const cpu = ((cpuSeconds(server.pid) - cpuBefore) * 1000) / Math.max(1, times.length + errors);
      rows.push({ name, rate: times.length / SECONDS, p50: median(times), p95: quantile(times, 0.95), errors, cpu });
    }
    const staticRow = rows.find((r) => r.name === "static asset")!;
    for (const r of rows) console.log(`| ${r.name} | ${r.rate.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.errors} | ${((100 * r.rate) / staticRow.rate).toFixed(0)} % | ${r.cpu.toFixed(2)} | ${((100 * staticRow.cpu) / r.cpu).toFixed(0)} % |`);
  } finally {
    await server.stop();
  }
}

console.log(`Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} at the start`);
console.log(`${DATABASE_URL ? "PostgreSQL" : "PGlite"}, WEB_CONCURRENCY=${WORKERS}`);
if (!values["throughput-only"]) await renderCost();
if (!values["render-only"]) await throughput();
console.log(`\nload average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} at the end`);
agent.destroy();
