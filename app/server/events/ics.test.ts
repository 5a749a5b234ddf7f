import { describe, expect, it } from "vitest";
import { eventIcs, eventLocationText } from "./ics.server";

// Issue 19 (decision 031): the calendar file names the venue's country and the zone in words.
describe("event calendar file", () => {
  it("puts the zone words and the venue's country into the calendar file", () => {
    const event = {
      id: "00000000-0000-0000-0000-000000000001",
      titleDe: "Messe",
      titleCs: "Veletrh",
      descriptionDe: "<p>Text</p>",
      descriptionCs: "<p>Text</p>",
      startsAt: new Date("2027-07-01T07:00:00Z"),
      endsAt: new Date("2027-07-01T15:00:00Z"),
      locationKind: "ADDRESS" as const,
      onlineUrl: null,
      venue: "Kulturní dům",
      country: "CZ" as const,
      line1: "Mírové náměstí 1",
      postalCode: "400 01",
      city: "Ústí nad Labem",
      lat: null,
      lon: null,
      updatedAt: new Date("2027-01-01T00:00:00Z"),
    };
    expect(eventLocationText(event, "de")).toBe("Kulturní dům, Mírové náměstí 1, 400 01 Ústí nad Labem, Tschechien");
    expect(eventLocationText(event, "cs")).toBe("Kulturní dům, Mírové náměstí 1, 400 01 Ústí nad Labem, Česko");
    const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, "");
    expect(unfold(eventIcs(event, "de"))).toContain("Mitteleuropäische Sommerzeit");
    expect(unfold(eventIcs(event, "cs"))).toContain("středoevropský letní čas");
  });
});
