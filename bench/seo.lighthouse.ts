// Usage: npm run bench:seo [-- --runs 3 --port 3480 --pages home,company,event,news]
// Lighthouse SEO score (issue 13: ≥ 0.95) of the home page, a company, an event and a news page in
// German and Czech. Starts the production build (`npm run build` first) on a fresh embedded
// database with the demo data, takes the detail pages from the German sitemap, runs Lighthouse
// 12.8.2 (through npx, with Debian's Chromium: scripts/ensure-chromium.sh) `--runs` times per page
// and prints the median per page. Exits 1 when a median is below 0.95 or a page is missing.
// Not a timed test and not part of npm test: it takes a few minutes (bench/README.md).
// All four categories on mobile, more pages: bench/lighthouse.bench.ts (same runner, support/lighthouse.ts).
import os from "node:os";
import { parseArgs } from "node:util";
import { CHROME, LIGHTHOUSE, lighthouse as runLighthouse, median, requireChromium } from "./support/lighthouse";
import { startProductionServer } from "./support/production-server";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "3" }, port: { type: "string", default: "3480" }, pages: { type: "string", default: "home,company,event,news" } },
});
const RUNS = Number(values.runs);
const PORT = Number(values.port);
const KINDS = values.pages.split(",").map((s) => s.trim());
const BASE = `http://localhost:${PORT}`;
const THRESHOLD = 0.95;

/** The sitemap paths of a detail page kind (German path; the Czech one is its counterpart). */
const DETAIL: Record<string, { de: RegExp; cs: (id: string) => string }> = {
  company: { de: /<loc>[^<]*\/de\/firmen\/([0-9a-f-]{36})<\/loc>/, cs: (id) => `/cs/firmy/${id}` },
  event: { de: /<loc>[^<]*\/de\/veranstaltungen\/([0-9a-f-]{36})<\/loc>/, cs: (id) => `/cs/ud%C3%A1losti/${id}` },
  news: { de: /<loc>[^<]*\/de\/neuigkeiten\/([0-9a-f-]{36})<\/loc>/, cs: (id) => `/cs/novinky/${id}` },
};
const DE_PATH: Record<string, string> = { company: "/de/firmen/", event: "/de/veranstaltungen/", news: "/de/neuigkeiten/" };

const startServer = () => startProductionServer(PORT, {}, "bench-seo");

interface Result {
  score: number;
  failed: string[];
}

async function lighthouse(url: string): Promise<Result> {
  const result = await runLighthouse(url, ["seo"]);
  return { score: result.scores.seo!, failed: result.failed.seo ?? [] };
}

async function main() {
  requireChromium();
  const server = await startServer();
  let failed = false;
  try {
    const sitemap = await (await fetch(`${BASE}/de/sitemap.xml`)).text();
    const pages: Array<{ label: string; path: string }> = [];
    const missing: string[] = [];
    for (const kind of KINDS) {
      if (kind === "home") {
        pages.push({ label: "home de", path: "/de" }, { label: "home cs", path: "/cs" });
        continue;
      }
      const detail = DETAIL[kind];
      if (!detail) throw new Error(`Unknown page kind ${kind} (home, company, event, news)`);
      const id = detail.de.exec(sitemap)?.[1];
      if (!id) {
        missing.push(kind);
        continue;
      }
      pages.push({ label: `${kind} de`, path: `${DE_PATH[kind]}${id}` }, { label: `${kind} cs`, path: detail.cs(id) });
    }
    console.log(`# Lighthouse SEO — ${LIGHTHOUSE}, ${RUNS} runs per page, Chromium ${CHROME}`);
    console.log(`${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}\n`);
    console.log("| page | path | scores | median | ≥ 0.95 |");
    console.log("|---|---|---|---:|---|");
    for (const kind of missing) console.log(`| ${kind} | – | not in the sitemap (page not built, or no public item) | – | NO |`);
    if (missing.length > 0) failed = true;
    for (const page of pages) {
      const results: Result[] = [];
      for (let i = 0; i < RUNS; i++) results.push(await lighthouse(`${BASE}${page.path}`));
      const m = median(results.map((r) => r.score));
      const ok = m >= THRESHOLD;
      if (!ok) failed = true;
      console.log(`| ${page.label} | ${decodeURI(page.path)} | ${results.map((r) => r.score.toFixed(2)).join(", ")} | ${m.toFixed(2)} | ${ok ? "yes" : "NO"} |`);
      const audits = [...new Set(results.flatMap((r) => r.failed))];
      if (audits.length > 0) console.log(`|   | failed audits: ${audits.join("; ")} | | | |`);
    }
  } finally {
    await server.stop();
  }
  if (failed) {
    console.error(`\nSome page is missing or scores below ${THRESHOLD}.`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
