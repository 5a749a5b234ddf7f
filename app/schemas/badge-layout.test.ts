import { describe, expect, it } from "vitest";
import {
  BADGE,
  badgePosition,
  fitBadgeText,
  GRID,
  MM_TO_PT,
  SHEET,
  SHEET_MARGIN,
  sheetCount,
  TEXT_WIDTH_MM,
  textBoxHeight,
  textHeight,
  textWidth,
  wrapText,
} from "./badge-layout";

const WIDTH = TEXT_WIDTH_MM * MM_TO_PT;
const everyLineFits = (lines: string[], weight: "regular" | "bold", size: number) => lines.every((line) => textWidth(line, weight, size) <= WIDTH);

describe("badge sheet", () => {
  it("places 2 × 4 badges of 90 × 55 mm centred on A4, without gaps", () => {
    expect(SHEET_MARGIN).toEqual({ x: 15, y: 38.5 });
    expect(GRID.columns * BADGE.width + 2 * SHEET_MARGIN.x).toBe(SHEET.width);
    expect(GRID.rows * BADGE.height + 2 * SHEET_MARGIN.y).toBe(SHEET.height);
    expect(badgePosition(0)).toEqual({ sheet: 0, left: 15, top: 38.5 });
    expect(badgePosition(1)).toEqual({ sheet: 0, left: 105, top: 38.5 });
    expect(badgePosition(7)).toEqual({ sheet: 0, left: 105, top: 203.5 });
    expect(badgePosition(8)).toEqual({ sheet: 1, left: 15, top: 38.5 });
    expect([1, 8, 9, 16, 17].map(sheetCount)).toEqual([1, 1, 2, 2, 3]);
  });
});

describe("fitting the texts", () => {
  it("measures with DejaVu's widths (bold wider than regular; unknown characters a full em)", () => {
    expect(textWidth("Straße", "bold", 10)).toBeGreaterThan(textWidth("Straße", "regular", 10));
    expect(textWidth("Ř", "regular", 10)).toBeCloseTo(6.95, 1);
    expect(textWidth("漢", "regular", 10)).toBe(10);
  });

  it("keeps a short name large on one line", () => {
    const text = fitBadgeText({ name: "Jana Nováková", company: "Stavby Ústí s.r.o.", function: "Jednatelka", country: "Česko" }, true);
    expect(text.name).toEqual({ size: 18, lines: ["Jana Nováková"] });
    expect(text.company).toEqual({ size: 10, lines: ["Stavby Ústí s.r.o."] });
    expect(text.country?.lines).toEqual(["Česko"]);
  });

  it("shrinks and wraps a long name at spaces, never cutting a word, and fits the badge", () => {
    const input = { name: "Maximilian Müller-Lüdenscheidt von und zu Hohenzollern-Sigmaringen", company: "Straßenbaugesellschaft Oberlausitz mbH & Co. KG", function: "Geschäftsführer", country: "Deutschland" };
    for (const hasLogos of [true, false]) {
      const text = fitBadgeText(input, hasLogos);
      expect(text.name.size).toBeLessThan(18);
      expect(text.name.lines.join(" ")).toBe(input.name);
      expect(text.name.lines).toContain("Hohenzollern-Sigmaringen");
      expect(everyLineFits(text.name.lines, "bold", text.name.size)).toBe(true);
      expect(text.company!.lines.join(" ")).toBe(input.company);
      expect(textHeight(text)).toBeLessThanOrEqual(textBoxHeight(hasLogos));
    }
  });

  it("breaks inside a word only when no size lets it fit, and still shows every character", () => {
    const word = "Donaudampfschifffahrtselektrizitätenhauptbetriebswerkbauunterbeamtengesellschaft";
    const text = fitBadgeText({ name: word, company: null, function: null, country: null }, true);
    expect(text.name.lines.length).toBeGreaterThan(1);
    expect(text.name.lines.join("")).toBe(word);
    expect(everyLineFits(text.name.lines, "bold", text.name.size)).toBe(true);
    expect(text.company).toBeNull();
  });

  it("scales everything down for absurd lengths rather than overflow", () => {
    const long = "Sehr lange Angabe ".repeat(30).trim();
    const text = fitBadgeText({ name: long, company: long, function: long, country: "Česko" }, true);
    expect(textHeight(text)).toBeLessThanOrEqual(textBoxHeight(true));
    expect(text.name.lines.join(" ")).toBe(long);
  });

  it("wraps greedily and refuses an unbreakable word unless asked", () => {
    expect(wrapText("a b c", "regular", 10, 1000)).toEqual(["a b c"]);
    expect(wrapText("Hohenzollern-Sigmaringen", "bold", 18, 100)).toBeNull();
    expect(wrapText("Hohenzollern-Sigmaringen", "bold", 18, 100, true)!.join("")).toBe("Hohenzollern-Sigmaringen");
  });
});
