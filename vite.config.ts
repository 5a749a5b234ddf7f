import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import path from "node:path";
import { catalogues } from "./vite-plugins/catalogues";
import { mantineCss, mantineStylesChunk } from "./vite-plugins/mantine-css";

/**
 * The browser build gets app/i18n/catalogue-store.browser.ts for catalogue-store.ts: the server has
 * both catalogues in memory, a browser fetches only its page's language (decision 044).
 */
function browserCatalogues(): Plugin {
  const browserStore = path.resolve(import.meta.dirname, "app/i18n/catalogue-store.browser.ts");
  return {
    name: "partnernet:browser-catalogues",
    enforce: "pre",
    resolveId(source, importer, options) {
      if (options?.ssr || !importer) return null;
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
  plugins: [browserCatalogues(), catalogues(import.meta.dirname), mantineCss(import.meta.dirname), reactRouter()],
}));
