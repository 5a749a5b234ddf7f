// Usage: npm run bench:weight [-- --no-build --port 3490 --js 150 --css 20]
// Page weight (issue 22, decision 044): the JavaScript a public page loads and its render-blocking CSS,
// gzipped, in German and Czech. Builds the app (into BUILD_DIR, default `build`; --no-build reuses it),
// starts the production build on a fresh embedded database with the demo data, opens each page in
// Chromium through Playwright (Debian's Chromium: scripts/ensure-chromium.sh) in a fresh browser context
// (empty cache), waits until the network is idle and sums the gzipped bodies of every script the page
// loaded (module preloads, entry, route chunks and lazily loaded chunks — the compressed bytes the
// server's `compression` middleware sends) and of the stylesheets linked in the server-rendered <head>
// (render-blocking), and the message catalogue fetched as JSON (counted with the JavaScript against its
// budget). Prints a table, and exits 1 when a page passes a budget (JS 150 KB, CSS 20 KB by
// default) or a page is missing. Also reports whether a page loaded the other language's messages.
// Not a timed test and not part of npm test; tests/e2e/page-weight.spec.ts is the budget test (same measuring code,
// bench/support/page-weight.ts).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { startProductionServer } from "./support/production-server";
import { kb, measurePage, weightPages } from "./support/page-weight";

const { values } = parseArgs({
  options: {
    "no-build": { type: "boolean", default: false },
    port: { type: "string", default: "3490" },
    js: { type: "string", default: "150" },
    css: { type: "string", default: "20" },
    verbose: { type: "boolean", default: false },
  },
});
const PORT = Number(values.port);
const BASE = `http://localhost:${PORT}`;
const JS_BUDGET_KB = Number(values.js);
const CSS_BUDGET_KB = Number(values.css);
const ROOT = path.resolve(import.meta.dirname, "..");
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";

const startServer = () => startProductionServer(PORT, {}, "bench-weight");

async function main() {
  if (!fs.existsSync(CHROME)) throw new Error(`No Chromium at ${CHROME}: run scripts/ensure-chromium.sh (or set CHROME_PATH)`);
  if (!values["no-build"]) {
    console.error(`Building into ${BUILD_DIR}/ …`);
    execFileSync("npx", ["react-router", "build"], { cwd: ROOT, env: { ...process.env, BUILD_DIR }, stdio: ["ignore", "ignore", "inherit"] });
  }
  const server = await startServer();
  let failed = false;
  const browser = await chromium.launch({ executablePath: CHROME, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  try {
    const { pages, missing } = await weightPages(BASE);
    for (const kind of missing) {
      console.log(`${kind}: no public item in the sitemap`);
      failed = true;
    }
    console.log(`# Page weight — gzipped, budgets JS ≤ ${JS_BUDGET_KB} KB, render-blocking CSS ≤ ${CSS_BUDGET_KB} KB (1 KB = 1024 bytes)`);
    console.log(`${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}, ${new Date().toISOString().slice(0, 16)}Z, build ${BUILD_DIR}/, load ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}\n`);
    console.log("| page | lang | path | JS KB gz (files) | messages KB gz | JS + messages | blocking CSS KB gz (files) | other language's messages | within budget |");
    console.log("|---|---|---|---:|---:|---:|---:|---|---|");
    for (const page of pages) {
      const w = await measurePage(browser, BASE, page);
      if (w.errors.length > 0) console.error(`${page.path}: page errors: ${w.errors.join("; ")}`);
      const ok = w.js + w.messages <= JS_BUDGET_KB * 1024 && w.css <= CSS_BUDGET_KB * 1024 && !w.otherLanguage;
      if (!ok) failed = true;
      console.log(`| ${page.label} | ${page.locale} | ${decodeURI(page.path).replace(/[0-9a-f-]{36}/, "…")} | ${kb(w.js)} (${w.jsFiles}) | ${kb(w.messages)} | ${kb(w.js + w.messages)} | ${kb(w.css)} (${w.cssFiles}) | ${w.otherLanguage ? "yes" : "no"} | ${ok ? "yes" : "NO"} |`);
      if (values.verbose) {
        for (const f of w.files.sort((a, b) => b.gz - a.gz)) console.log(`|   | | ${f.kind} ${new URL(f.url).pathname} | ${kb(f.gz)} | | | | | |`);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  if (failed) {
    console.error("\nSome page passes a budget, loads the other language's messages, or is missing.");
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
