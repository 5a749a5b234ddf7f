import { describe, expect, it } from "vitest";
import { pageMeta, siteMeta } from "./current-page";

const titleOf = (meta: ReturnType<typeof pageMeta>) => (meta.find((m) => "title" in m) as { title: string }).title;
const times = (text: string, word: string) => text.split(word).length - 1;

describe("page titles name the site once (issue 13)", () => {
  it("on the home page and on other pages, in both languages", () => {
    for (const path of ["/de", "/cs"]) expect(times(titleOf(siteMeta(path)), "PartnerNet")).toBe(1);
    expect(titleOf(siteMeta("/de"))).toBe("PartnerNet – Partnernetzwerk für die sächsisch-tschechische Zusammenarbeit");
    expect(titleOf(pageMeta("/cs/vyhledavani", "page.search.title"))).toBe("Vyhledávání – PartnerNet");
    expect(times(titleOf(pageMeta("/de/suche", "page.search.title")), "PartnerNet")).toBe(1);
  });
});
