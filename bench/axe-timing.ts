// axe-core's time per run and mode on a few public pages (decision 074): all rules in the default
// mode (which merges frame results in a new blank page), all rules in legacy mode, the colour rules
// alone. Against a running production server:
//   PORT=3300 APP_ENV=test DATA_DIR=.tmp/axe-srv/data node server.js &   (demo data, then)
//   BASE_URL=http://localhost:3300 npx tsx bench/axe-timing.ts
// Prints wall milliseconds per run; the machine's load changes them, so compare modes within a run.
import { chromium } from "playwright";
import AxeBuilder from "@axe-core/playwright";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"] });
const context = await browser.newContext(); const page = await context.newPage();
const paths = ["/de", "/de/suche", "/cs/vyhledavani?q=Maschinenbau", "/de/faq"];
for (const p of paths) {
  await page.goto((process.env.BASE_URL ?? "http://localhost:3300") + encodeURI(p));
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const n = await page.evaluate(() => document.querySelectorAll("*").length);
  const time = async (label: string, f: () => Promise<{ violations: unknown[] }>) => { const t0 = performance.now(); const r = await f(); console.log(p, n, label, Math.round(performance.now() - t0), "ms", "violations", r.violations.length); };
  await time("full", () => new AxeBuilder({ page }).analyze());
  await time("full2", () => new AxeBuilder({ page }).analyze());
  await time("wcagAA", () => new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze());
  await time("colour", () => new AxeBuilder({ page }).withRules(["color-contrast", "link-in-text-block"]).analyze());
  await time("no-colour", () => new AxeBuilder({ page }).disableRules(["color-contrast", "link-in-text-block"]).analyze());
  await time("full-legacy", () => new AxeBuilder({ page }).setLegacyMode(true).analyze());
  await time("full-excl-header-footer", () => new AxeBuilder({ page }).exclude("header").exclude("footer").analyze());
}
await browser.close();
