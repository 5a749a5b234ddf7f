import { describe, expect, it } from "vitest";
import { keysInCode, matchesPattern } from "../../vite-plugins/catalogues";

/** How the client build finds the messages a module can show (vite-plugins/catalogues.ts, decision 044). */
describe("keysInCode", () => {
  const keys = new Set(["layout.menu", "error.GENERIC", "error.NOT_FOUND", "page.faq.description", "page.faq.title", "role.ADMIN"]);

  it("finds keys between any quotes, also after an odd quote elsewhere", () => {
    const code = `const q = '"'; t("layout.menu"); x = 'error.GENERIC'; y = \`page.faq.title\`;`;
    expect([...keysInCode(code, keys).keys].sort()).toEqual(["error.GENERIC", "layout.menu", "page.faq.title"]);
  });

  it("turns composed keys into patterns: template heads and tails, and \"prefix.\" + …", () => {
    const code = 't(`error.${code}`); t(`page.${page.id}.description`); t(`page.${fn({ a: 1 })}.title`); t("role." + role); t(`role.${a}.${b}`);';
    const { patterns } = keysInCode(code, keys);
    expect(patterns).toEqual([
      { head: "role.", tail: "" },
      { head: "error.", tail: "" },
      { head: "page.", tail: ".description" },
      { head: "page.", tail: ".title" },
      { head: "role.", tail: "" },
    ]);
    expect([...keys].filter((k) => patterns.some((p) => matchesPattern(k, p))).sort()).toEqual(["error.GENERIC", "error.NOT_FOUND", "page.faq.description", "page.faq.title", "role.ADMIN"]);
  });
});
