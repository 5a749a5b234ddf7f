import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "~/server/errors";
import { PAGES } from "~/routing/catalogue";
import cs from "./messages/cs.json";
import de from "./messages/de.json";
import { translate } from "./translate";

describe("message catalogues", () => {
  it("have the same keys in German and Czech", () => {
    expect(Object.keys(cs).sort()).toEqual(Object.keys(de).sort());
  });

  it("have no empty values and parse as ICU messages", () => {
    for (const [locale, catalogue] of [["de-DE", de], ["cs-CZ", cs]] as const) {
      for (const [key, value] of Object.entries(catalogue)) {
        expect(value.trim(), `${locale} ${key}`).not.toBe("");
        expect(() => new IntlMessageFormat(value, locale), `${locale} ${key}`).not.toThrow();
      }
    }
  });

  it("translate every server error code and every page title", () => {
    for (const code of ERROR_CODES) expect(de).toHaveProperty(`error.${code}`);
    for (const page of PAGES) expect(de).toHaveProperty(`page.${page.id}.title`);
  });

  it("use the Czech plural categories one / few / other", () => {
    expect(translate("cs", "login.resendIn", { seconds: 1 })).toBe("Možné za 1 sekundu");
    expect(translate("cs", "login.resendIn", { seconds: 2 })).toBe("Možné za 2 sekundy");
    expect(translate("cs", "login.resendIn", { seconds: 5 })).toBe("Možné za 5 sekund");
    expect(translate("de", "login.resendIn", { seconds: 1 })).toBe("Möglich in 1 Sekunde");
    expect(translate("de", "login.resendIn", { seconds: 5 })).toBe("Möglich in 5 Sekunden");
  });
});
