// Running Lighthouse 12.8.2 on a page: shared by the SEO bench (bench/seo.lighthouse.ts, issue 13) and
// the four-category mobile bench (bench/lighthouse.bench.ts, issue 22, decision 068). Lighthouse runs
// through npx (not a dependency of the project) with Debian's Chromium (scripts/ensure-chromium.sh).
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

export const LIGHTHOUSE = "lighthouse@12.8.2";
export const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const run = promisify(execFile);

export type Category = "performance" | "accessibility" | "best-practices" | "seo";
export const CATEGORIES: Category[] = ["performance", "accessibility", "best-practices", "seo"];

/** The performance metrics Lighthouse scores (their numeric values in ms, CLS unitless). */
export const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"] as const;

/**
 * Hosts outside the project the pages use: OpenStreetMap's tile server. The benches make them
 * unresolvable in Chromium (`--host-resolver-rules … ~NOTFOUND`), as for a visitor whose network
 * cannot reach them — the request fails as it would for that visitor (net::ERR_NAME_NOT_RESOLVED)
 * and is not hidden by Lighthouse (it ignores only the console errors of its own
 * `--blocked-url-patterns`), so a failing tile costs whatever it costs a real visitor.
 */
export const OUTSIDE_HOSTS = ["tile.openstreetmap.org"];

interface ReportJson {
  categories: Partial<Record<Category, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>>;
  audits: Record<string, { score: number | null; scoreDisplayMode: string; title: string; numericValue?: number; displayValue?: string; details?: { items?: unknown[] } }>;
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
  environment?: { benchmarkIndex?: number };
}

export interface LighthouseResult {
  scores: Partial<Record<Category, number>>;
  /** Per category: the weighted audits that did not pass ("id: title (display value)"). */
  failed: Partial<Record<Category, string[]>>;
  /** Per category: its scored audits, by id: weight and score (0–1). */
  audits: Partial<Record<Category, Record<string, { weight: number; score: number }>>>;
  /** Performance metric values (ms; CLS unitless). */
  metrics: Record<string, number>;
  warnings: string[];
  /** Lighthouse's measure of the machine's speed during the run (a fast desktop ≈ 1,500–2,500; below ≈ 700
   * it warns that the device is slower than the 4× slowdown assumes: the performance score suffers). */
  benchmarkIndex: number;
  /** The whole report, for --save. */
  json: string;
}

let bin: Promise<string> | null = null;
/** The Lighthouse command, resolved (and installed) through npx once: npx itself takes 5–15 s a call on a loaded machine. */
function lighthouseBin(): Promise<string> {
  bin ??= run("npx", ["-y", "-p", LIGHTHOUSE, "-c", "command -v lighthouse"]).then(({ stdout }) => stdout.trim());
  return bin;
}

/**
 * Runs Lighthouse once on `url` for `categories` (its defaults otherwise: mobile emulation —
 * a Moto G Power sized screen — and simulated throttling, slow 4G and 4× CPU slowdown).
 * `block` lists hosts that are made unresolvable in the browser.
 */
export async function lighthouse(url: string, categories: Category[], block: string[] = [], attempts = 3): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url, categories, block);
    } catch (error) {
      // Lighthouse fails now and then on a loaded machine (NO_NAVSTART, NO_FCP): run it again.
      if (attempt >= attempts) throw error;
      console.error(`Lighthouse on ${url} failed (attempt ${attempt} of ${attempts}): ${String(error).split("\n")[0]!.slice(0, 200)}`);
    }
  }
}

async function lighthouseOnce(url: string, categories: Category[], block: string[]): Promise<LighthouseResult> {
  const chromeFlags = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"];
  if (block.length > 0) chromeFlags.push(`--host-resolver-rules="${block.map((h) => `MAP ${h} ~NOTFOUND`).join(", ")}"`);
  const { stdout } = await run(await lighthouseBin(), [url, `--only-categories=${categories.join(",")}`, "--output=json", "--output-path=stdout", "--quiet", `--chrome-flags=${chromeFlags.join(" ")}`], {
    env: { ...process.env, CHROME_PATH: CHROME },
    maxBuffer: 256 * 2 ** 20,
  });
  const report = JSON.parse(stdout) as ReportJson;
  if (report.runtimeError) throw new Error(`Lighthouse on ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`);
  const result: LighthouseResult = { scores: {}, failed: {}, audits: {}, metrics: {}, warnings: report.runWarnings ?? [], benchmarkIndex: report.environment?.benchmarkIndex ?? NaN, json: stdout };
  for (const category of categories) {
    const c = report.categories[category];
    if (!c || c.score === null) throw new Error(`Lighthouse on ${url}: no ${category} score`);
    result.scores[category] = c.score;
    const failed: string[] = [];
    const audits: Record<string, { weight: number; score: number }> = {};
    for (const ref of c.auditRefs) {
      const audit = report.audits[ref.id];
      if (ref.weight <= 0 || !audit || audit.score === null) continue;
      audits[ref.id] = { weight: ref.weight, score: audit.score };
      // A performance metric counts as failing below 0.9 (Lighthouse's green), any other audit below 1.
      if (audit.score < (category === "performance" ? 0.9 : 1)) {
        failed.push(`${ref.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
      }
    }
    result.failed[category] = failed;
    result.audits[category] = audits;
  }
  for (const id of METRICS) {
    const value = report.audits[id]?.numericValue;
    if (value !== undefined) result.metrics[id] = value;
  }
  return result;
}

/** The category's score as if `without` were not among its audits (a page that is noindex on purpose). */
export function scoreWithout(result: LighthouseResult, category: Category, without: string[]): number {
  let sum = 0;
  let total = 0;
  for (const [id, { weight, score }] of Object.entries(result.audits[category] ?? {})) {
    if (without.includes(id)) continue;
    sum += weight * score;
    total += weight;
  }
  return total === 0 ? 1 : Math.round((sum / total) * 100) / 100;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Writes a run's whole report as `dir/<label>-<run>.json` (open it in the Lighthouse viewer). */
export function saveReport(dir: string, label: string, runIndex: number, result: LighthouseResult) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${label.replace(/[^a-z0-9]+/gi, "-")}-${runIndex + 1}.json`), result.json);
}

export function requireChromium() {
  if (!fs.existsSync(CHROME)) throw new Error(`No Chromium at ${CHROME}: run scripts/ensure-chromium.sh (or set CHROME_PATH)`);
}
