import { expect, test } from "@playwright/test";
import { kb, measurePage, weightPages } from "../../bench/support/page-weight";

/**
 * Issue 22: "JavaScript on any public page ≤ 150 KB gzipped, render-blocking CSS ≤ 20 KB gzipped; a
 * page loads only its own language's messages." The same measuring code as `npm run bench:weight`
 * (bench/support/page-weight.ts): every script a public page loads until the network is idle plus
 * the message catalogue it fetches, gzipped, and the stylesheets in its server-rendered <head>; in
 * German and Czech.
 *
 * NO PAGE MEETS THE JS BUDGET YET (decision 067, "third round"): what every page loads before its own
 * code — React DOM 65.9 KB, React Router (with React) 43.4 KB, the public messages 15.2 / 15.7 KB,
 * Mantine's core 13.0 KB, the root with the layout 9.5 KB, the route catalogue 4.4 KB — is already
 * ≈ 151 KB. So the test asserts each page's current weight as a ceiling instead (a regression
 * guard, ≈ 3 KB above the figures of 2026-11-27, Czech), and fails when a page gets heavier; the
 * comment names the gap. Lower a ceiling when a page gets lighter, and delete it when the page meets
 * the budget. The CSS budget is met on every page (search 18.8 KB since decision 067).
 */
const JS_BUDGET_KB = 150;
const CSS_BUDGET_KB = 20;

/** Temporary ceilings (KB gzipped) for pages above the budget; the gap to the budget in the comment. */
const CEILING_KB: Record<string, { js?: number; css?: number }> = {
  // JS + messages on 2026-11-27 (decision 067), de / cs; ≈ 151 KB of it is common to all pages (above).
  home: { js: 185 }, // 181.5 / 182.0 KB: gap ≈ 32 KB
  search: { js: 241 }, // 237.3 / 237.8 KB: gap ≈ 88 KB (the filters: Combobox, PillsInput, Checkbox, ScrollArea; the result map's frame)
  "event list": { js: 228 }, // 223.9 / 224.4 KB: gap ≈ 74 KB
  FAQ: { js: 182 }, // 178.6 / 179.1 KB: gap ≈ 29 KB
  company: { js: 236 }, // 181.8 / 182.3 KB: gap ≈ 32 KB; + Leaflet (≈ 50 KB) where the map is within 200 px of the first screen
  event: { js: 212 }, // 208.3 / 208.8 KB: gap ≈ 59 KB (the map is below the first screen: Leaflet not loaded)
  news: { js: 172 }, // 168.0 / 168.5 KB: gap ≈ 19 KB
};

test.describe.configure({ mode: "serial" });

test("public pages stay within the page-weight budget (or their current ceiling), each with its own language only", async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const { pages, missing } = await weightPages(baseURL!);
  expect(missing, "detail pages in the sitemap").toEqual([]);
  for (const page of pages) {
    const w = await measurePage(browser, baseURL!, page);
    const where = `${page.label} (${page.locale}) ${decodeURI(page.path)}`;
    const jsLimit = CEILING_KB[page.label]?.js ?? JS_BUDGET_KB;
    const cssLimit = CEILING_KB[page.label]?.css ?? CSS_BUDGET_KB;
    test.info().annotations.push({ type: "weight", description: `${where}: JS + messages ${kb(w.js + w.messages)} KB (limit ${jsLimit}), CSS ${kb(w.css)} KB (limit ${cssLimit})` });
    expect.soft(w.js + w.messages, `${where}: JS + messages ${kb(w.js + w.messages)} KB gz`).toBeLessThanOrEqual(jsLimit * 1024);
    expect.soft(w.css, `${where}: render-blocking CSS ${kb(w.css)} KB gz`).toBeLessThanOrEqual(cssLimit * 1024);
    expect.soft(w.otherLanguage, `${where}: loads the other language's messages`).toBe(false);
    expect.soft(w.errors, `${where}: page errors (a hydration mismatch is a missing message)`).toEqual([]);
  }
});
