import { describe, expect, it } from "vitest";
import { translate } from "~/i18n/translate";
import { formatDistance } from "./format";
import { coordinateLabel } from "./location";
import { hitHref } from "./SearchHitCard";

describe("search page texts", () => {
  it("counts hits with the Czech plural forms", () => {
    expect([0, 1, 2, 5, 1.5].map((count) => translate("cs", "search.count", { count }))).toEqual([
      "Žádné výsledky",
      "1 výsledek",
      "2 výsledky",
      "5 výsledků",
      "1,5 výsledku",
    ]);
    expect([0, 1, 1234].map((count) => translate("de", "search.count", { count }))).toEqual(["Keine Treffer", "1 Treffer", "1.234 Treffer"]);
    expect(translate("cs", "search.countCapped", { count: 1000 })).toBe("Více než 1\u00a0000 výsledků");
  });

  it("formats distances per language", () => {
    expect(formatDistance("de", 12.345)).toBe("12,3 km");
    expect(formatDistance("cs", 12.345)).toBe("12,3 km");
    expect(formatDistance("de", 0.04)).toBe("0 km");
    expect(formatDistance("de", 1234.5)).toBe("1.235 km");
  });

  it("labels a point by its coordinates and links ads to their company", () => {
    expect(coordinateLabel(50.773149, 14.21)).toBe("50.7731, 14.2100");
    expect(hitHref({ kind: "COMPANY", id: "c1", companyId: "c1" }, "de")).toBe("/de/firmen/c1");
    expect(hitHref({ kind: "OFFER", id: "s1", companyId: "c1" }, "cs")).toBe("/cs/firmy/c1#service-s1");
  });
});
