import { describe, expect, it } from "vitest";
import { fromBerlin, toBerlin } from "./berlin-time";
import { expandYear, formatDateInput, parseDateInput, parseTimeInput } from "./date-input";

const Y = 2026;

describe("parseDateInput (spec §5 date input)", () => {
  it("reads the German and the Czech spelling", () => {
    expect(parseDateInput("24.12.2026", Y)).toEqual({ year: 2026, month: 12, day: 24 });
    expect(parseDateInput("24. 12. 2026", Y)).toEqual({ year: 2026, month: 12, day: 24 });
    expect(parseDateInput(" 1.2.2027 ", Y)).toEqual({ year: 2027, month: 2, day: 1 });
  });
  it("falls back to mm/dd/yyyy and accepts ISO", () => {
    expect(parseDateInput("12/24/2026", Y)).toEqual({ year: 2026, month: 12, day: 24 });
    expect(parseDateInput("2026-12-24", Y)).toEqual({ year: 2026, month: 12, day: 24 });
    expect(parseDateInput("24/12/2026", Y)).toBeNull();
  });
  it("checks month 1–12 and the day against the month", () => {
    expect(parseDateInput("1.13.2026", Y)).toBeNull();
    expect(parseDateInput("0.1.2026", Y)).toBeNull();
    expect(parseDateInput("32.1.2026", Y)).toBeNull();
    expect(parseDateInput("31.4.2026", Y)).toBeNull();
    expect(parseDateInput("29.2.2027", Y)).toBeNull();
    expect(parseDateInput("29.2.2028", Y)).toEqual({ year: 2028, month: 2, day: 29 });
  });
  it("expands two-digit years to the nearest century", () => {
    expect(expandYear(30, 2026)).toBe(2030);
    expect(expandYear(80, 2026)).toBe(1980);
    expect(expandYear(76, 2026)).toBe(2076);
    expect(expandYear(77, 2026)).toBe(1977);
    expect(parseDateInput("24.12.26", Y)).toEqual({ year: 2026, month: 12, day: 24 });
  });
  it("keeps years within 100 back and 52 ahead", () => {
    expect(parseDateInput("1.1.1926", Y)).toEqual({ year: 1926, month: 1, day: 1 });
    expect(parseDateInput("1.1.1925", Y)).toBeNull();
    expect(parseDateInput("1.1.2078", Y)).toEqual({ year: 2078, month: 1, day: 1 });
    expect(parseDateInput("1.1.2079", Y)).toBeNull();
  });
  it("refuses text that is no date", () => {
    for (const bad of ["", "morgen", "24.12", "24-12-2026", "24.12.20261", "2026/12/24"]) expect(parseDateInput(bad, Y)).toBeNull();
  });
  it("formats per locale", () => {
    expect(formatDateInput({ year: 2026, month: 3, day: 4 }, "de")).toBe("04.03.2026");
    expect(formatDateInput({ year: 2026, month: 3, day: 4 }, "cs")).toBe("4. 3. 2026");
  });
});

describe("parseTimeInput", () => {
  it("reads 24-hour times and refuses invalid ones", () => {
    expect(parseTimeInput("9:30")).toEqual({ hour: 9, minute: 30 });
    expect(parseTimeInput("23.59")).toEqual({ hour: 23, minute: 59 });
    for (const bad of ["24:00", "12:60", "12", "noon", "-1:00"]) expect(parseTimeInput(bad)).toBeNull();
  });
});

describe("Europe/Berlin wall clock", () => {
  it("converts winter (UTC+1) and summer (UTC+2) times", () => {
    expect(fromBerlin({ year: 2026, month: 12, day: 24, hour: 18, minute: 0 }).toISOString()).toBe("2026-12-24T17:00:00.000Z");
    expect(fromBerlin({ year: 2026, month: 7, day: 1, hour: 9, minute: 30 }).toISOString()).toBe("2026-07-01T07:30:00.000Z");
    expect(toBerlin(new Date("2026-07-01T07:30:00Z"))).toMatchObject({ year: 2026, month: 7, day: 1, hour: 9, minute: 30 });
    expect(toBerlin(new Date("2026-12-31T23:30:00Z"))).toMatchObject({ year: 2027, month: 1, day: 1, hour: 0, minute: 30 });
  });
  it("handles the change days: the spring gap moves forward, the autumn overlap takes summer time", () => {
    expect(fromBerlin({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }).toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(fromBerlin({ year: 2026, month: 3, day: 29, hour: 3, minute: 0 }).toISOString()).toBe("2026-03-29T01:00:00.000Z");
    expect(fromBerlin({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }).toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(fromBerlin({ year: 2026, month: 10, day: 25, hour: 3, minute: 30 }).toISOString()).toBe("2026-10-25T02:30:00.000Z");
  });
});
