// Usage: npm run bench:lighthouse [-- --runs 3 --port 3486 --pages home,search,"event list",FAQ,company,event,news --save dir --no-block]
// Lighthouse on a phone (issue 22, decision 068): performance ≥ 0.95, accessibility, best practices and
// SEO 1.00 on home, search with results, the event list, the FAQ (a content page), a company, an event
// and a news item (the first of each in the sitemap), in German and Czech — the page list of the page
// weight bench (support/page-weight.ts). Lighthouse 12.8.2's defaults: mobile emulation and simulated
// throttling (slow 4G, 4× CPU slowdown; the simulation starts from the real run, so a loaded machine
// lowers the performance score — run it on a quiet machine and quote `uptime`). Starts the production
// build (`npm run build` first; BUILD_DIR picks it) on a fresh embedded database with the demo data.
// OpenStreetMap's tile host is unresolvable in the browser (support/lighthouse.ts, OUTSIDE_HOSTS;
// --no-block lets it through) as for a visitor whose network cannot reach it. Runs every page
// `--runs` times (round-robin, so a load spike hits all pages alike), prints each run's scores, the
// median per category, the metrics' medians and every audit that failed in any run; exits 1 when a
// median misses its goal or a page is missing. The search page with a query is noindex on purpose:
// its SEO goal is checked without the audit "is-crawlable" (the table shows both).
// Not a test and not part of npm test: ≈ 25 s per run and page.
import os from "node:os";
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import { type Category, CATEGORIES, CHROME, LIGHTHOUSE, lighthouse, type LighthouseResult, median, METRICS, OUTSIDE_HOSTS, requireChromium, saveReport, scoreWithout } from "./support/lighthouse";
import { weightPages } from "./support/page-weight";
import { startProductionServer } from "./support/production-server";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    port: { type: "string", default: "3486" },
    pages: { type: "string" },
    lang: { type: "string", default: "de,cs" },
    save: { type: "string" },
    "no-block": { type: "boolean", default: false },
  },
});
const RUNS = Number(values.runs);
const PORT = Number(values.port);
const BASE = `http://localhost:${PORT}`;
const GOAL: Record<Category, number> = { performance: 0.95, accessibility: 1, "best-practices": 1, seo: 1 };
/** Pages that are noindex on purpose, and the SEO audit that fails for that reason only. */
const NOINDEX: Record<string, string[]> = { search: ["is-crawlable"] };
const SHORT: Record<Category, string> = { performance: "perf", accessibility: "a11y", "best-practices": "best pr.", seo: "SEO" };
const BLOCK = values["no-block"] ? [] : OUTSIDE_HOSTS;

const fmt = (n: number) => n.toFixed(2);

async function main() {
  requireChromium();
  const server = await startProductionServer(PORT, {}, "bench-lighthouse");
  // Interrupted (Ctrl+C, kill): stop the server and remove its data directory all the same.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void server.stop().finally(() => process.exit(130)));
  let failed = false;
  try {
    const { pages: all, missing } = await weightPages(BASE);
    const kinds = values.pages?.split(",").map((s) => s.trim());
    const langs = values.lang.split(",");
    const pages = all.filter((p) => (!kinds || kinds.includes(p.label)) && langs.includes(p.locale));
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const load = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");
    console.log(`# Lighthouse mobile — ${LIGHTHOUSE} (default mobile emulation, simulated throttling), ${RUNS} runs per page, Chromium ${CHROME}`);
    console.log(`${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}, ${new Date().toISOString().slice(0, 16)}Z, commit ${commit}, build ${process.env.BUILD_DIR ?? "build"}/, load ${load()}`);
    console.log(`Unreachable hosts: ${BLOCK.join(", ") || "none"}; goals: ${CATEGORIES.map((c) => `${SHORT[c]} ≥ ${fmt(GOAL[c])}`).join(", ")}\n`);
    for (const kind of missing) {
      console.log(`${kind}: no public item in the sitemap`);
      failed = true;
    }
    const results = new Map<string, LighthouseResult[]>(pages.map((p) => [p.path, []]));
    const started = Date.now();
    for (let i = 0; i < RUNS; i++) {
      for (const page of pages) {
        const result = await lighthouse(`${BASE}${page.path}`, CATEGORIES, BLOCK);
        results.get(page.path)!.push(result);
        if (values.save) saveReport(values.save, `${page.label}-${page.locale}`, i, result);
        console.error(`run ${i + 1}/${RUNS} ${page.label} ${page.locale}: ${CATEGORIES.map((c) => `${SHORT[c]} ${fmt(result.scores[c]!)}`).join(", ")} (benchmark index ${Math.round(result.benchmarkIndex)}, load ${load()})`);
      }
    }
    console.log(`| page | lang | ${CATEGORIES.map((c) => `${SHORT[c]} (runs)`).join(" | ")} | ${CATEGORIES.map((c) => `${SHORT[c]} median`).join(" | ")} | goals met |`);
    console.log(`|---|---|${CATEGORIES.map(() => "---|").join("")}${CATEGORIES.map(() => "---:|").join("")}---|`);
    const details: string[] = [];
    for (const page of pages) {
      const runs = results.get(page.path)!;
      const medians = CATEGORIES.map((c) => median(runs.map((r) => r.scores[c]!)));
      const cells = medians.map((m, i) => {
        const category = CATEGORIES[i]!;
        const allowed = category === "seo" ? NOINDEX[page.label] : undefined;
        if (!allowed) return { text: fmt(m), ok: m >= GOAL[category] };
        const without = median(runs.map((r) => scoreWithout(r, "seo", allowed)));
        return { text: `${fmt(m)} (${fmt(without)} without ${allowed.join(", ")})`, ok: without >= GOAL[category] };
      });
      const ok = cells.every((c) => c.ok);
      if (!ok) failed = true;
      console.log(`| ${page.label} | ${page.locale} | ${CATEGORIES.map((c) => runs.map((r) => fmt(r.scores[c]!)).join(", ")).join(" | ")} | ${cells.map((c) => (c.ok ? c.text : `**${c.text}**`)).join(" | ")} | ${ok ? "yes" : "NO"} |`);
      const metrics = METRICS.map((id) => {
        const m = median(runs.map((r) => r.metrics[id] ?? NaN));
        return `${id.replace(/-/g, " ")} ${id === "cumulative-layout-shift" ? m.toFixed(3) : `${Math.round(m)} ms`}`;
      });
      const index = Math.round(median(runs.map((r) => r.benchmarkIndex)));
      details.push(`- ${page.label} ${page.locale} (${decodeURI(page.path)}): ${metrics.join(", ")}; benchmark index ${index}`);
      for (const category of CATEGORIES) {
        const counts = new Map<string, number>();
        for (const r of runs) for (const audit of r.failed[category] ?? []) counts.set(audit, (counts.get(audit) ?? 0) + 1);
        for (const [audit, n] of counts) details.push(`  - ${category}: ${audit} — ${n} of ${runs.length} runs`);
      }
    }
    console.log(`\nMedian metrics and the audits that failed (performance: metrics scored below 0.9), per page:\n`);
    console.log(details.join("\n"));
    console.log(`\n${pages.length} pages × ${RUNS} runs in ${((Date.now() - started) / 60000).toFixed(1)} min, load at the end ${load()}`);
  } finally {
    await server.stop();
  }
  if (failed) {
    console.error("\nSome page misses a goal or is missing.");
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
