// What a public page weighs in the browser (issue 22, decision 044): shared by the benchmark
// (bench/page-weight.ts) and the budget test (tests/e2e/page-weight.spec.ts).
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser } from "@playwright/test";

export type WeightLocale = "de" | "cs";

const catalogue = (locale: string) => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `../../app/i18n/messages/${locale}.json`), "utf8")) as Record<string, string>;
const CATALOGUES: Record<WeightLocale, Record<string, string>> = { de: catalogue("de"), cs: catalogue("cs") };

export interface Weight {
  js: number;
  jsFiles: number;
  /** The message catalogue(s) fetched as JSON (decision 044): counted with the JavaScript against its budget. */
  messages: number;
  css: number;
  cssFiles: number;
  files: Array<{ url: string; kind: "js" | "css" | "messages"; gz: number }>;
  /** A script or catalogue holds the other language's layout texts. */
  otherLanguage: boolean;
  /** Uncaught errors in the page (a hydration mismatch shows up here). */
  errors: string[];
}

export interface WeightPage {
  label: string;
  path: string;
  locale: WeightLocale;
}

/** Gzipped size as the server's `compression` sends it (zlib default level). */
export const gz = (body: Buffer) => gzipSync(body).length;
export const kb = (n: number) => (n / 1024).toFixed(1);

/** The first public detail page of a kind in the German sitemap, and its Czech counterpart. */
const DETAIL: Record<string, { de: RegExp; cs: (id: string) => string; dePath: string }> = {
  company: { de: /<loc>[^<]*\/de\/firmen\/([0-9a-f-]{36})<\/loc>/, cs: (id) => `/cs/firmy/${id}`, dePath: "/de/firmen/" },
  event: { de: /<loc>[^<]*\/de\/veranstaltungen\/([0-9a-f-]{36})<\/loc>/, cs: (id) => `/cs/ud%C3%A1losti/${id}`, dePath: "/de/veranstaltungen/" },
  news: { de: /<loc>[^<]*\/de\/neuigkeiten\/([0-9a-f-]{36})<\/loc>/, cs: (id) => `/cs/novinky/${id}`, dePath: "/de/neuigkeiten/" },
};

/**
 * The measured pages: home, search with results, the event list, the FAQ, and the first company,
 * event and news item of the sitemap, each in German and Czech. `missing` names the kinds of
 * detail page the sitemap had none of.
 */
export async function weightPages(base: string): Promise<{ pages: WeightPage[]; missing: string[] }> {
  const sitemap = await (await fetch(`${base}/de/sitemap.xml`)).text();
  const pages: WeightPage[] = [
    { label: "home", path: "/de", locale: "de" },
    { label: "home", path: "/cs", locale: "cs" },
    { label: "search", path: "/de/suche?q=GmbH", locale: "de" },
    { label: "search", path: "/cs/vyhledavani?q=GmbH", locale: "cs" },
    { label: "event list", path: "/de/veranstaltungen/anzeigen", locale: "de" },
    { label: "event list", path: "/cs/udalosti/seznam", locale: "cs" },
    { label: "FAQ", path: "/de/faq", locale: "de" },
    { label: "FAQ", path: "/cs/faq", locale: "cs" },
  ];
  const missing: string[] = [];
  for (const [kind, detail] of Object.entries(DETAIL)) {
    const id = detail.de.exec(sitemap)?.[1];
    if (!id) missing.push(kind);
    else pages.push({ label: kind, path: `${detail.dePath}${id}`, locale: "de" }, { label: kind, path: detail.cs(id), locale: "cs" });
  }
  return { pages, missing };
}

/**
 * Opens `base + path` in a fresh context (empty cache, 390 × 844), waits until the network is idle
 * and sums the gzipped bodies of every script the page loaded (module preloads, entry, route chunks,
 * lazily loaded chunks), of the message catalogues it fetched (/assets/*.json) and of the stylesheets
 * in the server-rendered <head> (render-blocking).
 */
export async function measurePage(browser: Browser, base: string, page: WeightPage): Promise<Weight> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const tab = await context.newPage();
  const scripts = new Map<string, Buffer>();
  const styles = new Map<string, Buffer>();
  const messages = new Map<string, Buffer>();
  const pending: Array<Promise<void>> = [];
  tab.on("response", (response) => {
    const type = response.request().resourceType();
    const u = response.url();
    if (!u.startsWith(base)) return;
    if (/\/assets\/[^/]+\.json$/.test(new URL(u).pathname)) pending.push(response.body().then((b) => void messages.set(u, b), () => undefined));
    else if (type === "script" || u.endsWith(".js")) pending.push(response.body().then((b) => void scripts.set(u, b), () => undefined));
    else if (type === "stylesheet" || u.endsWith(".css")) pending.push(response.body().then((b) => void styles.set(u, b), () => undefined));
  });
  const errors: string[] = [];
  tab.on("pageerror", (e) => errors.push(e.message));
  const url = `${base}${page.path}`;
  const response = await tab.goto(url, { waitUntil: "networkidle" });
  if (!response || response.status() !== 200) throw new Error(`${url}: HTTP ${response?.status()}`);
  await tab.waitForTimeout(300);
  await Promise.all(pending);
  const html = await response.text();
  const head = html.slice(0, html.indexOf("</head>"));
  const blocking = [...head.matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)].map((m) => new URL(/href="([^"]+)"/.exec(m[0])![1]!, base).href);
  await context.close();
  const files: Weight["files"] = [];
  let js = 0;
  for (const [u, body] of scripts) {
    const size = gz(body);
    js += size;
    files.push({ url: u, kind: "js", gz: size });
  }
  let messageBytes = 0;
  for (const [u, body] of messages) {
    const size = gz(body);
    messageBytes += size;
    files.push({ url: u, kind: "messages", gz: size });
  }
  let css = 0;
  for (const u of blocking) {
    const body = styles.get(u) ?? Buffer.from(await (await fetch(u)).arrayBuffer());
    const size = gz(body);
    css += size;
    files.push({ url: u, kind: "css", gz: size });
  }
  // Messages of the layout every page shows, in the other language.
  const other = CATALOGUES[page.locale === "de" ? "cs" : "de"];
  const markers = [other["layout.skipToContent"]!, other["footer.tagline"]!];
  const otherLanguage = [...scripts.values(), ...messages.values()].some((b) => markers.some((m) => b.toString("utf8").includes(m)));
  return { js, jsFiles: scripts.size, messages: messageBytes, css, cssFiles: blocking.length, files, otherLanguage, errors };
}
