import { describe, expect, it } from "vitest";
import { localeFromAcceptLanguage } from "~/i18n/locales";
import { PAGES } from "./catalogue";
import { counterpartPath, href, matchPage } from "./paths";

describe("route catalogue", () => {
  it("uses the spec's paths, including the diacritic in the Czech event detail", () => {
    expect(href("eventDetail", "cs", { id: "42" })).toBe("/cs/události/42");
    expect(href("eventList", "cs")).toBe("/cs/udalosti/seznam");
    expect(href("adminParticipants", "de", { id: "7" })).toBe("/de/admin/veranstaltungen/teilnahmeliste/7");
    expect(href("adminEventForm", "cs", { id: "7" })).toBe("/cs/admin/udalosti/7/formular");
    expect(href("home", "de")).toBe("/de");
  });

  it("maps every page to its counterpart and back, ids kept", () => {
    for (const page of PAGES) {
      const params = { id: "abc-1", registrationId: "r-2", invoiceId: "i-3", companyId: "c-4" };
      const de = href(page.id, "de", params);
      const cs = href(page.id, "cs", params);
      expect(counterpartPath(de)).toBe(cs);
      expect(counterpartPath(cs)).toBe(de);
      expect(counterpartPath(encodeURI(cs))).toBe(de);
    }
  });

  it("prefers static paths over parameters and keeps the query", () => {
    expect(matchPage("/de/veranstaltungen/anzeigen")?.page.id).toBe("eventList");
    expect(matchPage("/de/veranstaltungen/5")?.page.id).toBe("eventDetail");
    expect(matchPage("/de/firmen/anlegen")?.page.id).toBe("companyCreate");
    expect(counterpartPath("/de/suche", "?q=CNC")).toBe("/cs/vyhledavani?q=CNC");
    expect(counterpartPath("/de/gibt-es-nicht")).toBe("/cs");
    expect(matchPage("/fr/x")).toBeNull();
  });

  it("reads Accept-Language by quality, German by default", () => {
    expect(localeFromAcceptLanguage("cs-CZ,cs;q=0.9,en;q=0.8")).toBe("cs");
    expect(localeFromAcceptLanguage("en-US,de;q=0.5,cs;q=0.7")).toBe("cs");
    expect(localeFromAcceptLanguage("fr")).toBe("de");
    expect(localeFromAcceptLanguage(null)).toBe("de");
  });
});
