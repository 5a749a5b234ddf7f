import { IntlMessageFormat } from "intl-messageformat";
import { parse } from "@formatjs/icu-messageformat-parser/no-parser.js";
import { describe, expect, it } from "vitest";
import { precompile } from "../../vite-plugins/catalogues";
import cs from "./messages/cs.json";
import de from "./messages/de.json";

// The browser's precompiled messages (decision 067): the same result as parsing the source text.
describe("precompiled messages", () => {
  for (const [locale, tag, catalogue] of [["de", "de-DE", de], ["cs", "cs-CZ", cs]] as const) {
    it(`give every ${locale} message the AST (or plain text) intl-messageformat makes of its source`, () => {
      const compiled = precompile(locale, catalogue);
      let texts = 0;
      for (const [key, source] of Object.entries(catalogue)) {
        const reference = new IntlMessageFormat(source, tag);
        const stored = compiled[key]!;
        if (typeof stored === "string") {
          texts++;
          expect(stored, key).toBe(reference.format());
        } else {
          expect(stored, key).toEqual(reference.getAst());
          // Formats without the parser, as the browser build does.
          expect(() => new IntlMessageFormat(stored, tag), key).not.toThrow();
        }
      }
      expect(texts).toBeGreaterThan(1000);
      // A message with ICU syntax stays an AST: the plural of the resend countdown.
      expect(Array.isArray(compiled["login.resendIn"])).toBe(true);
    });
  }

  it("the browser build's parser stand-in parses nothing", () => {
    expect(() => (parse as (message: string) => unknown)("{n}")).toThrow();
  });
});
