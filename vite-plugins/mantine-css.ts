import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * Mantine's styles per component instead of all of them (decision 044): every module of the app
 * that imports components from @mantine/core gets imports of exactly the stylesheets those
 * components need (`@mantine/core/styles/<Component>.css`, including those of the components they
 * render, e.g. TextInput → Input). So a page's render-blocking CSS holds the styles of what it
 * shows, and the rest comes with the pages that use it. The root imports the base (baseline, CSS
 * variables, global). @mantine/charts' stylesheet goes with the modules that import charts.
 *
 * The stylesheets then reach the browser split over many files in an order the bundler picks, while
 * Mantine's rules rely on the order of its full styles.css (UnstyledButton's reset before
 * ActionIcon's border). So each component stylesheet is served inside its own cascade layer
 * (`@layer mc<n>`, n = its place in styles.css) and the document declares the layers' order first
 * (`MANTINE_LAYER_ORDER`, rendered by root.tsx); the other Mantine packages' stylesheets use their
 * `styles.layer.css` (`@layer mantine`, declared last). The app's own CSS stays unlayered and so
 * wins over Mantine's, as it did by coming after it.
 */
/**
 * Components on (nearly) every public page — the layout's and the cards' and forms' basics: their
 * layered stylesheets go into one file (mantineStylesChunk), the others each into the chunks of the
 * pages that use them.
 */
const COMMON = new Set(["ActionIcon", "Alert", "Anchor", "Badge", "Button", "Card", "CloseButton", "Grid", "Group", "Image", "Input", "Loader", "Overlay", "Paper", "Popover", "SimpleGrid", "Title", "UnstyledButton", "VisuallyHidden"]);

/** For rollup's manualChunks: the common Mantine stylesheets in one file instead of one request each. */
export function mantineStylesChunk(id: string): string | undefined {
  const name = /^\0mantine-layer:([\w-]+)\.css$/.exec(id)?.[1];
  return name && COMMON.has(name) ? "mantine-common" : undefined;
}

/** What the plugin knows of Mantine's stylesheets (exported for vite-plugins/mantine-css.test.ts). */
export function mantineStyles(root: string) {
  const core = path.join(root, "node_modules/@mantine/core");
  const esm = path.join(core, "esm");
  const stylesDir = path.join(core, "styles");
  let exportsToFile: Map<string, string> | null = null;
  let order: Map<string, number> | null = null;
  const closure = new Map<string, Set<string>>();

  function load() {
    if (exportsToFile && order) return;
    exportsToFile = new Map();
    const index = fs.readFileSync(path.join(esm, "index.mjs"), "utf8");
    for (const m of index.matchAll(/import \{([^}]*)\} from "(\.\/[^"]+)";/g)) {
      for (const part of m[1]!.split(",")) {
        const [, local = part.trim()] = /\bas\s+(\w+)/.exec(part) ?? [];
        exportsToFile.set(local.trim(), path.join(esm, m[2]!));
      }
    }
    // The component stylesheets in the order Mantine's full styles.css has them.
    const all = fs.readFileSync(path.join(core, "styles.css"), "utf8");
    order = new Map();
    for (const file of fs.readdirSync(stylesDir)) {
      if (!file.endsWith(".css") || file.endsWith(".layer.css")) continue;
      const head = fs.readFileSync(path.join(stylesDir, file), "utf8").trim().slice(0, 120);
      const at = head ? all.indexOf(head) : -1;
      order.set(file.slice(0, -4), at < 0 ? Number.MAX_SAFE_INTEGER : at);
    }
  }

  const sources = new Map<string, string>();
  const read = (file: string) => {
    let source = sources.get(file);
    if (source === undefined) sources.set(file, (source = fs.readFileSync(file, "utf8")));
    return source;
  };

  /** The stylesheets a Mantine module needs: its own and those of every module it imports, transitively. */
  function stylesOf(entry: string): Set<string> {
    const cached = closure.get(entry);
    if (cached) return cached;
    const found = new Set<string>();
    const seen = new Set<string>([entry]);
    const queue = [entry];
    while (queue.length > 0) {
      const file = queue.pop()!;
      for (const m of read(file).matchAll(/from "(\.{1,2}\/[^"]+\.mjs)"/g)) {
        // A component's class names come from `<Name>.module.mjs`: its stylesheet is styles/<Name>.css.
        const module = /([\w-]+)\.module\.mjs$/.exec(m[1]!);
        if (module) {
          if (order!.has(module[1]!)) found.add(module[1]!);
          continue;
        }
        const dep = path.resolve(path.dirname(file), m[1]!);
        if (!seen.has(dep)) {
          seen.add(dep);
          queue.push(dep);
        }
      }
    }
    closure.set(entry, found);
    return found;
  }

  /** The stylesheet imports a module of the app needs for the Mantine components it imports. */
  function importsFor(code: string): string[] {
    const imports: string[] = [];
    // Only the container component renders notifications; `notifications.show()` and the store alone draw nothing.
    const notifications = /import\s+\{[^}]*\bNotifications\b[^}]*\}\s+from\s+"@mantine\/notifications"/.test(code);
    if (code.includes('from "@mantine/core"') || notifications) {
      load();
      const styles = new Set<string>();
      // <Notifications> renders core's Notification (its own stylesheet is imported with it: NotificationsHost).
      if (notifications) for (const s of stylesOf(exportsToFile!.get("Notification")!)) styles.add(s);
      for (const m of code.matchAll(/import\s+\{([^}]*)\}\s+from\s+"@mantine\/core";/g)) {
        for (const part of m[1]!.split(",")) {
          const name = part.trim().replace(/^type\s+/, "");
          if (!name || part.trim().startsWith("type ")) continue;
          const file = exportsToFile!.get(name.split(/\s+as\s+/)[0]!.trim());
          if (file) for (const s of stylesOf(file)) styles.add(s);
        }
      }
      const sorted = [...styles].sort((a, b) => order!.get(a)! - order!.get(b)!);
      imports.push(...sorted.map((s) => `import "@mantine/core/styles/${s}.css";`));
    }
    if (code.includes('from "@mantine/charts"')) imports.push('import "@mantine/charts/styles.css";');
    return imports;
  }

  /** Mantine's component stylesheets in the order of its full styles.css (the layers' order). */
  function layerNames(): string[] {
    load();
    return [...order!.entries()].sort((a, b) => a[1] - b[1]).map(([name]) => name);
  }

  return { importsFor, layerNames, stylesheet: (name: string) => fs.readFileSync(path.join(stylesDir, `${name}.css`), "utf8") };
}

export function mantineCss(root: string): Plugin {
  const styles = mantineStyles(root);
  const LAYERED = "\0mantine-layer:";
  const ORDER_MODULE = "virtual:mantine-layer-order";

  return {
    name: "partnernet:mantine-css",
    enforce: "pre",
    resolveId(source) {
      if (source === ORDER_MODULE) return `\0${ORDER_MODULE}`;
      const component = /^@mantine\/core\/styles\/([\w-]+)\.css$/.exec(source);
      if (component) return `${LAYERED}${component[1]}.css`;
      const other = /^@mantine\/(notifications|charts|tiptap|dates)\/styles\.css$/.exec(source);
      if (other) return path.join(root, `node_modules/@mantine/${other[1]}/styles.layer.css`);
      return null;
    },
    load(id) {
      if (id === `\0${ORDER_MODULE}`) {
        const names = styles.layerNames();
        return `export default ${JSON.stringify(`@layer ${names.map((_, i) => `mc${i}`).join(",")},mantine;`)};`;
      }
      if (!id.startsWith(LAYERED)) return null;
      const name = id.slice(LAYERED.length, -".css".length);
      const index = styles.layerNames().indexOf(name);
      if (index < 0) throw new Error(`No Mantine stylesheet ${name}`);
      return `@layer mc${index} {\n${styles.stylesheet(name)}\n}\n`;
    },
    transform(code, id) {
      if (id.includes("node_modules") || !/\.(tsx?|jsx?)$/.test(id.split("?")[0]!)) return null;
      const imports = styles.importsFor(code);
      if (imports.length === 0) return null;
      return { code: `${imports.join("\n")}\n${code}`, map: null };
    },
  };
}
