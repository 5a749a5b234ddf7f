import { expect, test } from "@playwright/test";
import { kb, measurePage, weightPages } from "../../bench/support/page-weight";

/**
 * Issue 22: "JavaScript on any public page ≤ 150 KB gzipped, render-blocking CSS ≤ 20 KB gzipped; a
 * page loads only its own language's messages." The same measuring code as `npm run bench:weight`
 * (bench/support/page-weight.ts): every script a public page loads until the network is idle plus
 * the message catalogue it fetches, gzipped, and the stylesheets in its server-rendered <head>; in
 * German and Czech.
 *
 * NOT EVERY PAGE MEETS THE BUDGET YET (decision 044, "Second round"): where a page is above it, the
 * test asserts the page's current weight as a ceiling instead (a regression guard, a few KB above
 * the figures of 2026-11-26), so that it fails when a page gets heavier; the comment names the
 * gap. Lower a ceiling when a page gets lighter, and delete it when the page meets the budget.
 */
const JS_BUDGET_KB = 150;
const CSS_BUDGET_KB = 20;

/** Temporary ceilings (KB gzipped) for pages above the budget; the gap to the budget in the comment. */
const CEILING_KB: Record<string, { js?: number; css?: number }> = {
  // JS: React DOM (≈ 66 KB) + React Router (≈ 43 KB) + Mantine core and the layout take ≈ 150 KB before a page's own code.
  home: { js: 209 }, // 205 KB on 2026-11-26: gap ≈ 55 KB
  // 262.6 KB on 2026-11-27 (+3 KB with issue 25: its message keys, the lazy save-search panel's loader): gap ≈ 113 KB;
  // CSS 20.7 KB (the filters' Combobox, PillsInput, Checkbox)
  search: { js: 266, css: 21.2 },
  "event list": { js: 250 }, // 246 KB: gap ≈ 96 KB
  FAQ: { js: 205 }, // 202 KB: gap ≈ 52 KB
  company: { js: 258 }, // 205 KB: gap ≈ 55 KB; + Leaflet (≈ 50 KB) where the map is within 200 px of the first screen
  event: { js: 235 }, // 231 KB: gap ≈ 81 KB (the map is below the first screen: Leaflet not loaded)
  news: { js: 195 }, // 192 KB: gap ≈ 42 KB
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
