import fs from "node:fs";
import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/**
 * With `BUNDLE_REPORT=<file.json>` in the environment, the client build writes which modules went
 * into which chunk (rendered bytes and gzipped bytes of each module's code alone), the chunks' static
 * and dynamic imports — to see what a page's shared chunks hold (decision 067). Off otherwise.
 */
export function bundleReport(): Plugin {
  const out = process.env.BUNDLE_REPORT;
  return {
    name: "partnernet:bundle-report",
    apply: "build",
    generateBundle(_options, bundle) {
      if (!out || this.environment?.config.consumer === "server") return;
      const chunks = [];
      for (const item of Object.values(bundle)) {
        if (item.type !== "chunk") continue;
        chunks.push({
          fileName: item.fileName,
          name: item.name,
          isEntry: item.isEntry,
          isDynamicEntry: item.isDynamicEntry,
          imports: item.imports,
          dynamicImports: item.dynamicImports,
          gz: gzipSync(item.code).length,
          modules: Object.entries(item.modules).map(([id, m]) => ({ id, rendered: m.renderedLength, gz: m.code ? gzipSync(m.code).length : 0 })),
        });
      }
      fs.writeFileSync(out, JSON.stringify(chunks));
    },
  };
}
