import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import path from "node:path";
import { bundleReport } from "./vite-plugins/bundle-report";
import { catalogues } from "./vite-plugins/catalogues";
import { mantineCss, mantineStylesChunk } from "./vite-plugins/mantine-css";

/**
 * The browser build gets app/i18n/catalogue-store.browser.ts for catalogue-store.ts: the server has
 * both catalogues in memory, a browser fetches only its page's language (decision 044), precompiled,
 * so the browser build has intl-messageformat without the ICU parser (decision 067).
 */
function browserCatalogues(): Plugin {
  const browserStore = path.resolve(import.meta.dirname, "app/i18n/catalogue-store.browser.ts");
  // The browser's messages come precompiled (vite-plugins/catalogues.ts): intl-messageformat without its parser (decision 067).
  const noParser = path.resolve(import.meta.dirname, "node_modules/@formatjs/icu-messageformat-parser/no-parser.js");
  return {
    name: "partnernet:browser-catalogues",
    enforce: "pre",
    resolveId(source, importer, options) {
      if (options?.ssr || !importer) return null;
      if (source === "@formatjs/icu-messageformat-parser") return noParser;
      return /(^|\/)i18n\/catalogue-store$|^\.\/catalogue-store$/.test(source) ? browserStore : null;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" }
    : { rollupOptions: { output: { manualChunks: mantineStylesChunk } } },
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  ssr: { noExternal: [/^@mantine\//] },
  plugins: [browserCatalogues(), catalogues(import.meta.dirname), mantineCss(import.meta.dirname), reactRouter(), bundleReport()],
}));
