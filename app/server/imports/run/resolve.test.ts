import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb } from "../../../../tests/support/db";
import type { CandidateAddress, CandidateCompany } from "~/schemas/imports";
import { type DbHandle, rowsOf } from "~/server/db/client.server";
import { geocodeAddress } from "~/server/reference/geocode.server";
import { createResolver } from "./resolve.server";

/**
 * The resolver geocodes from the gazetteer held in memory (decision 039, "Speed"); it must place
 * every address exactly where geocodeAddress, the query path, places it — by postal code and, for
 * postal codes the gazetteer lacks, by town or postal-place name.
 */
let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle?.close());

const address = (country: "DE" | "CZ", postalCode: string, city: string): CandidateAddress => ({ group: 0, country, state: null, line1: "Weg 1", line2: null, postalCode, city, lat: null, lon: null });
const company = (addresses: CandidateAddress[]): CandidateCompany => ({ name: "X", description: null, website: null, email: null, phone: null, naceCodes: [], tags: [], identifiers: [], addresses }) as unknown as CandidateCompany;

describe("geocoding from the gazetteer in memory", () => {
  it("gives the same coordinates, district and programme region as geocodeAddress", async () => {
    // Postal codes shared by several places (a city that matches one of them, one that matches none),
    // plain ones, a CZ code typed with a space, and codes the gazetteer does not know.
    const shared = rowsOf<{ country: "DE" | "CZ"; postal_code: string; place: string }>(
      await handle.db.execute(sql`
        SELECT p.country, p.postal_code, p.place FROM postal_codes p
         WHERE (p.country, p.postal_code) IN (SELECT country, postal_code FROM postal_codes GROUP BY 1, 2 HAVING count(*) > 2 ORDER BY 1, 2 LIMIT 15)
         ORDER BY 1, 2, 3`),
    );
    const plain = rowsOf<{ country: "DE" | "CZ"; postal_code: string; place: string }>(
      await handle.db.execute(sql`(SELECT country, postal_code, place FROM postal_codes WHERE country = 'DE' ORDER BY postal_code LIMIT 20)
                                   UNION ALL (SELECT country, postal_code, place FROM postal_codes WHERE country = 'CZ' ORDER BY postal_code DESC LIMIT 20)`),
    );
    expect(shared.length).toBeGreaterThan(10);
    // Unknown postal codes: the town by name (any spelling that folds alike), else postal-code places
    // of that name or starting with it ("Praha" → "Praha 1" …), unless they lie in several districts.
    const names = rowsOf<{ country: "DE" | "CZ"; name: string }>(
      await handle.db.execute(sql`(SELECT country, name FROM places ORDER BY population DESC LIMIT 15)
                                   UNION ALL (SELECT country, name FROM places ORDER BY geoname_id LIMIT 15)
                                   UNION ALL (SELECT country, place FROM postal_codes ORDER BY md5(place) LIMIT 30)
                                   UNION ALL (SELECT country, split_part(split_part(place, ' ', 1), '-', 1) FROM postal_codes WHERE place ~ '[ -]' ORDER BY md5(place) LIMIT 30)
                                   UNION ALL (SELECT country, place FROM postal_codes WHERE place ~ '^(Lhota|Praha|Chemnitz|Dresden|Ústí|Groß)' ORDER BY 2 LIMIT 15)`),
    );
    expect(names.length).toBeGreaterThan(80);
    const unknownCode = (country: "DE" | "CZ") => (country === "CZ" ? "99999" : "00000");
    const addresses: CandidateAddress[] = [
      ...shared.map((r) => address(r.country, r.postal_code, r.place)),
      ...shared.map((r) => address(r.country, r.postal_code, "Nirgendwo")),
      ...plain.map((r) => address(r.country, r.country === "CZ" ? `${r.postal_code.slice(0, 3)} ${r.postal_code.slice(3)}` : r.postal_code, r.place)),
      address("DE", "00000", "Dresden"),
      address("CZ", "99999", "Brno"),
      address("CZ", "99999", "USTI NAD LABEM"),
      address("CZ", "99999", "Lhota"),
      address("DE", "00000", "grossenhain"),
      address("DE", "00000", "Nirgendwo"),
      ...names.map((r) => address(r.country, unknownCode(r.country), r.name)),
      // The country of the import, not the address's: a Czech place in a German import.
      ...names.slice(0, 20).map((r) => address(r.country === "CZ" ? "DE" : "CZ", r.country === "CZ" ? "00000" : "99999", r.name)),
    ];
    const resolver = await createResolver(handle.db, { language: "de" });
    await resolver.warm(addresses.map((a) => company([a])));
    let placedByName = 0;
    for (const a of addresses) {
      const { company: resolved } = resolver.resolve(company([a]));
      const direct = await geocodeAddress(handle.db, { country: a.country, postalCode: a.postalCode, city: a.city });
      const got = resolved.addresses[0]!;
      expect({ key: `${a.country} ${a.postalCode} ${a.city}`, lat: got.lat, lon: got.lon, districtCode: got.districtCode, regionCode: got.regionCode }).toEqual({
        key: `${a.country} ${a.postalCode} ${a.city}`,
        lat: direct?.lat ?? null,
        lon: direct?.lon ?? null,
        districtCode: direct?.districtCode ?? null,
        regionCode: direct?.regionCode ?? null,
      });
      if (direct && (a.postalCode === "00000" || a.postalCode === "99999")) placedByName++;
    }
    expect(placedByName).toBeGreaterThan(40);
    // The programme area is represented on both sides of the border.
    const withRegion = addresses.map((a) => resolver.resolve(company([a])).company.addresses[0]!.regionCode);
    expect(withRegion.some((code) => code !== null)).toBe(true);
  });
});
