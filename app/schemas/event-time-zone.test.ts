import { describe, expect, it } from "vitest";
import { eventTimeText, zoneKindAt, zoneLabel, zoneLabelForSpan } from "./event-time-zone";

// Issue 19: event times are stated in words that fit both countries, summer time included.
describe("event time zone wording", () => {
  it("names standard and summer time in both languages, switching on the last Sundays of March and October", () => {
    // 2027-03-28 01:00 UTC is the spring change; 2027-10-31 01:00 UTC the autumn one.
    const winter = new Date("2027-01-15T08:00:00Z");
    const beforeSpring = new Date("2027-03-28T00:59:00Z");
    const afterSpring = new Date("2027-03-28T01:00:00Z");
    const summer = new Date("2027-07-01T08:00:00Z");
    const beforeAutumn = new Date("2027-10-31T00:59:00Z");
    const afterAutumn = new Date("2027-10-31T01:00:00Z");
    expect([winter, beforeSpring, afterSpring, summer, beforeAutumn, afterAutumn].map(zoneKindAt)).toEqual([
      "standard",
      "standard",
      "summer",
      "summer",
      "summer",
      "standard",
    ]);
    expect(zoneLabel("de", winter)).toEqual({ long: "Mitteleuropäische Zeit", short: "MEZ" });
    expect(zoneLabel("cs", winter)).toEqual({ long: "středoevropský čas", short: "SEČ" });
    expect(zoneLabel("de", summer)).toEqual({ long: "Mitteleuropäische Sommerzeit", short: "MESZ" });
    expect(zoneLabel("cs", summer)).toEqual({ long: "středoevropský letní čas", short: "SELČ" });
  });

  it("names both zones for a span across a change of clocks", () => {
    const span = zoneLabelForSpan("de", new Date("2027-10-30T08:00:00Z"), new Date("2027-10-31T15:00:00Z"));
    expect(span).toEqual({ long: "Mitteleuropäische Sommerzeit / Mitteleuropäische Zeit", short: "MESZ/MEZ" });
    expect(zoneLabelForSpan("cs", new Date("2027-07-01T08:00:00Z"), new Date("2027-07-01T15:00:00Z")).short).toBe("SELČ");
  });

  it("states the span in the venue's wall-clock time with the zone in words, never after one country", () => {
    const de = eventTimeText("de", new Date("2027-01-15T08:00:00Z"), new Date("2027-01-15T16:00:00Z"));
    const cs = eventTimeText("cs", new Date("2027-07-01T07:00:00Z"), new Date("2027-07-01T15:00:00Z"));
    expect(de).toContain("09:00");
    expect(de).toContain("(Mitteleuropäische Zeit)");
    expect(cs).toContain("9:00");
    expect(cs).toContain("(středoevropský letní čas)");
    for (const text of [de, cs]) expect(text).not.toMatch(/deutsch|německ|Europe\/Berlin/i);
  });
});
