import fs from "node:fs";
import path from "node:path";
import { parse } from "@formatjs/icu-messageformat-parser";
import type { Plugin } from "vite";
import { PAGES } from "../app/routing/catalogue";

/**
 * The browser's message catalogues, split by area (decision 044, second round).
 *
 * - `public`: the keys the code of the public pages can show — every key written as a string in
 *   the browser modules reachable from the root, the browser entry and the public routes (static
 *   and lazy imports, so also what a signed-in visitor sees on a public page), every key under a
 *   prefix such code composes (`error.${code}`, `companyDetail.lang.${locale}`), and all `error.*`
 *   keys (the server sends error codes that the browser translates).
 * - `rest`: every other key the browser may need (account and admin pages; loaded for signed-in
 *   users and on those pages).
 * - Server-only texts (mail, PDF: SERVER_ONLY) go to neither; the build fails if any browser
 *   module names one.
 *
 * de.json / cs.json stay the single source files. The split is computed in the client build from
 * its module graph; the files are emitted as hashed assets (`/assets/de.public-<hash>.json`), their
 * URLs replace a placeholder in the browser code (before chunk hashing) and are written to
 * `<build>/catalogue-urls.json` for the server build, which React Router runs after the client build.
 * In development (no bundle) the dev server serves `public` = all keys the browser may need.
 *
 * The browser's messages are precompiled (decision 067): a message that is plain text is sent as its
 * text, every other one as the AST `intl-messageformat` would parse it into (same parser, same
 * options). The client build then replaces the ICU parser with its `no-parser` entry
 * (vite.config.ts), which keeps ≈ 7 KB gzipped of parser out of every page.
 */
export const SERVER_ONLY = ["mail.", "invoicePdf.", "participantPdf.", "eventNotice.", "oidc."];
/** Keys the server sends for the browser to translate: all of them public. */
const SERVER_SENT = ["error."];

const VIRTUAL = "virtual:partnernet-catalogue-urls";
const RESOLVED = "\0partnernet-catalogue-urls";
const PLACEHOLDER = "__PARTNERNET_CATALOGUE_URLS__";
const LOCALES = ["de", "cs"] as const;
export type CatalogueArea = "public" | "rest";
type Urls = Record<(typeof LOCALES)[number], Record<CatalogueArea, string>>;

function readCatalogue(root: string, locale: string): Record<string, string> {
  return JSON.parse(fs.readFileSync(path.join(root, "app/i18n/messages", `${locale}.json`), "utf8")) as Record<string, string>;
}

/** A composed key: `head${…}tail` (tail "" for "head." + …). */
export interface KeyPattern {
  head: string;
  tail: string;
}

/** The catalogue keys a module's code names: quoted strings that are keys, and composed keys (template literals, "prefix." + …). */
export function keysInCode(code: string, keys: ReadonlySet<string>): { keys: Set<string>; patterns: KeyPattern[] } {
  const found = new Set<string>();
  const patterns: KeyPattern[] = [];
  // Key-like words between quotes (not a parse of the string literals: one odd quote elsewhere cannot hide a key).
  for (const m of code.matchAll(/["'`]([A-Za-z][\w-]*(?:\.[\w-]+)*\.?)["'`]/g)) {
    const s = m[1]!;
    if (keys.has(s)) found.add(s);
    else if (s.endsWith(".")) patterns.push({ head: s, tail: "" });
  }
  // `head${…}tail` (one expression: the tail is known) and `head${…}…${…}` (only the head is).
  for (const m of code.matchAll(/`([A-Za-z][\w.-]*)\$\{/g)) {
    let i = m.index + m[0].length;
    for (let depth = 1; i < code.length && depth > 0; i++) {
      if (code[i] === "{") depth++;
      else if (code[i] === "}") depth--;
    }
    const tail = /^[\w.-]*/.exec(code.slice(i))![0];
    patterns.push({ head: m[1]!, tail: code[i + tail.length] === "`" ? tail : "" });
  }
  return { keys: found, patterns };
}

export function matchesPattern(key: string, { head, tail }: KeyPattern): boolean {
  return key.length > head.length + tail.length && key.startsWith(head) && key.endsWith(tail);
}

const stripQuery = (id: string) => id.replace(/[?#].*$/, "");

const LOCALE_TAGS: Record<string, string> = { de: "de-DE", cs: "cs-CZ" };

/**
 * Messages as the browser gets them: plain text as a string, the others as their parsed AST — what
 * `new IntlMessageFormat(message, tag)` would parse (it passes the resolved locale to the parser).
 */
export function precompile(locale: string, messages: Record<string, string>): Record<string, string | ReturnType<typeof parse>> {
  const options = { locale: new Intl.Locale(LOCALE_TAGS[locale] ?? locale) };
  return Object.fromEntries(
    Object.entries(messages).map(([key, message]) => {
      const ast = parse(message, options);
      return [key, ast.every((element) => element.type === 0) ? ast.map((element) => (element.type === 0 ? element.value : "")).join("") : ast];
    }),
  );
}

export function catalogues(root: string): Plugin {
  const appDir = path.join(root, "app");
  const publicRoots = new Set([
    path.join(appDir, "root.tsx"),
    path.join(appDir, "entry.client.tsx"),
    path.join(appDir, "routes/not-found.tsx"),
    ...PAGES.filter((page) => page.access === "public" && !page.resource).map((page) => path.join(appDir, page.file)),
  ]);
  let isSsr = false;
  let isBuild = false;
  let outDir = "";
  let urls: Urls | null = null;
  const refs = new Map<string, string>();
  const isServerOnly = (key: string) => SERVER_ONLY.some((p) => key.startsWith(p));

  /** Dev: the browser gets everything it may need as "public", "rest" is empty. */
  function devCatalogue(locale: string, area: CatalogueArea): ReturnType<typeof precompile> {
    if (area === "rest") return {};
    return precompile(locale, Object.fromEntries(Object.entries(readCatalogue(root, locale)).filter(([k]) => !isServerOnly(k))));
  }

  return {
    name: "partnernet:catalogues",
    configResolved(config) {
      isSsr = Boolean(config.build.ssr);
      isBuild = config.command === "build";
      outDir = path.resolve(config.root, config.build.outDir);
    },
    resolveId(source) {
      return source === VIRTUAL ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      if (!isBuild) {
        const dev = Object.fromEntries(LOCALES.map((l) => [l, { public: `/@partnernet-catalogues/${l}.public.json`, rest: `/@partnernet-catalogues/${l}.rest.json` }]));
        return `export default ${JSON.stringify(dev)};`;
      }
      if (isSsr) {
        // Written by the client build (React Router builds the client first).
        const file = path.join(path.dirname(outDir), "catalogue-urls.json");
        if (!fs.existsSync(file)) this.error(`${file} is missing: the client build writes it (decision 044)`);
        return `export default ${fs.readFileSync(file, "utf8")};`;
      }
      return `export default JSON.parse(${JSON.stringify(PLACEHOLDER)});`;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const m = /^\/@partnernet-catalogues\/(de|cs)\.(public|rest)\.json$/.exec(req.url ?? "");
        if (!m) return next();
        res.setHeader("Content-Type", "application/json");
        res.end(JSON.stringify(devCatalogue(m[1]!, m[2] as CatalogueArea)));
      });
    },
    renderStart() {
      if (!isBuild || isSsr) return;
      const de = readCatalogue(root, "de");
      const allKeys = Object.keys(de);
      const keySet = new Set(allKeys);
      // Browser modules reachable from the public routes, and all browser modules.
      const publicKeys = new Set<string>();
      const offending = new Map<string, string>();
      const scan = (id: string, into: Set<string>) => {
        const info = this.getModuleInfo(id);
        if (!info?.code || !stripQuery(id).startsWith(appDir)) return;
        const found = keysInCode(info.code, keySet);
        for (const key of found.keys) into.add(key);
        for (const pattern of found.patterns) for (const key of allKeys) if (matchesPattern(key, pattern)) into.add(key);
        for (const key of found.keys) if (isServerOnly(key)) offending.set(key, id);
      };
      const seen = new Set<string>();
      const queue = [...this.getModuleIds()].filter((id) => publicRoots.has(stripQuery(id)));
      while (queue.length > 0) {
        const id = queue.pop()!;
        if (seen.has(id)) continue;
        seen.add(id);
        scan(id, publicKeys);
        const info = this.getModuleInfo(id);
        if (info) queue.push(...info.importedIds, ...info.dynamicallyImportedIds);
      }
      const everywhere = new Set<string>();
      for (const id of this.getModuleIds()) scan(id, everywhere);
      if (offending.size > 0) {
        this.error(`Browser code names server-only messages (${SERVER_ONLY.join(", ")}): ${[...offending].map(([k, id]) => `${k} in ${path.relative(root, stripQuery(id))}`).join("; ")}`);
      }
      for (const key of allKeys) if (SERVER_SENT.some((p) => key.startsWith(p))) publicKeys.add(key);
      for (const locale of LOCALES) {
        const messages = readCatalogue(root, locale);
        const pick = (take: (key: string) => boolean) => JSON.stringify(precompile(locale, Object.fromEntries(allKeys.filter(take).map((k) => [k, messages[k] ?? de[k]!]))));
        const publicFile = pick((k) => publicKeys.has(k));
        const restFile = pick((k) => !publicKeys.has(k) && !isServerOnly(k));
        refs.set(`${locale}.public`, this.emitFile({ type: "asset", name: `${locale}.public.json`, source: publicFile }));
        refs.set(`${locale}.rest`, this.emitFile({ type: "asset", name: `${locale}.rest.json`, source: restFile }));
      }
      urls = null;
    },
    renderChunk(code) {
      if (!isBuild || isSsr || !code.includes(PLACEHOLDER)) return null;
      urls ??= Object.fromEntries(
        LOCALES.map((l) => [l, { public: `/${this.getFileName(refs.get(`${l}.public`)!)}`, rest: `/${this.getFileName(refs.get(`${l}.rest`)!)}` }]),
      ) as Urls;
      return { code: code.replaceAll(JSON.stringify(PLACEHOLDER), JSON.stringify(JSON.stringify(urls))), map: null };
    },
    writeBundle() {
      if (!isBuild || isSsr) return;
      urls ??= Object.fromEntries(
        LOCALES.map((l) => [l, { public: `/${this.getFileName(refs.get(`${l}.public`)!)}`, rest: `/${this.getFileName(refs.get(`${l}.rest`)!)}` }]),
      ) as Urls;
      fs.writeFileSync(path.join(path.dirname(outDir), "catalogue-urls.json"), JSON.stringify(urls));
    },
  };
}
