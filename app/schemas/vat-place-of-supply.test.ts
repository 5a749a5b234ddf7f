import { describe, expect, it } from "vitest";
import { proposeVat, type Country } from "./vat-place-of-supply";

const COUNTRIES: Country[] = ["DE", "CZ"];
const RATE = { DE: 1900, CZ: 2100 } as const;

describe("VAT rate by the place of supply (decision 027)", () => {
  for (const venue of COUNTRIES) {
    for (const sender of COUNTRIES) {
      for (const recipient of COUNTRIES) {
        it(`venue ${venue}, sender ${sender}, recipient ${recipient}: the venue's rate`, () => {
          expect(proposeVat({ locationKind: "ADDRESS", country: venue }, sender, recipient)).toEqual({ country: venue, rateBp: RATE[venue], basis: "venue" });
        });
      }
    }
  }

  it("the issue's case: a German organiser, an event in Ústí nad Labem, a Czech recipient get 21 %, not 19 %", () => {
    expect(proposeVat({ locationKind: "ADDRESS", country: "CZ" }, "DE", "CZ").rateBp).toBe(2100);
  });

  for (const sender of COUNTRIES) {
    for (const recipient of COUNTRIES) {
      it(`online, sender ${sender}, recipient ${recipient}: the recipient's rate`, () => {
        expect(proposeVat({ locationKind: "ONLINE", country: null }, sender, recipient)).toEqual({ country: recipient, rateBp: RATE[recipient], basis: "online" });
      });
    }
  }

  it("an online event with a stray venue country still follows the recipient", () => {
    expect(proposeVat({ locationKind: "ONLINE", country: "DE" }, "DE", "CZ")).toMatchObject({ country: "CZ", basis: "online" });
  });

  it("an address without a country: the sender's rate, said so", () => {
    expect(proposeVat({ locationKind: "ADDRESS", country: null }, "CZ", "DE")).toEqual({ country: "CZ", rateBp: 2100, basis: "sender" });
  });
});
