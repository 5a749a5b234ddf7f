import type { CandidateAddress, CandidateCompany, ImportContentSettings, ImportProblem } from "~/schemas/imports";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "~/server/db/client.server";
import { naceCodes, programmeRegions, tags } from "~/server/db/schema";
import { type GeocodeResult, foldText, normalizePostalCode, placeMatchScore } from "~/server/reference/geocode.server";

/** An address after geocoding: coordinates (the file's win), district and programme region. */
export interface ResolvedAddress extends CandidateAddress {
  districtCode: string | null;
  regionCode: string | null;
}

/** A candidate after the database checks: only known NACE codes and tags, geocoded addresses. */
export interface ResolvedCompany extends Omit<CandidateCompany, "addresses" | "tags"> {
  addresses: ResolvedAddress[];
  tagIds: string[];
}

/**
 * The reference data one run checks against, loaded once: 996 NACE codes, the tags, and the
 * gazetteer of the countries the file's addresses are in (postal codes and towns, ~8,000 rows per
 * country), so geocoding costs no query at all (decision 039, "Speed"). It places an address
 * exactly as `geocodeAddress` does (resolve.test.ts compares both).
 */
export interface Resolver {
  /** Loads the gazetteer of the candidates' countries (once per country and run). */
  warm(candidates: CandidateCompany[]): Promise<void>;
  /** Checks NACE codes and tags and geocodes the addresses; `warm` must have seen the candidate. */
  resolve(candidate: CandidateCompany): { company: ResolvedCompany; problems: ImportProblem[] };
}

const warning = (code: ImportProblem["code"], field: ImportProblem["field"]): ImportProblem => ({ code, severity: "warning", column: null, field });

/** Places remembered per run; a file has a few thousand distinct ones, the bound keeps a pathological file small. */
const PLACE_CACHE_LIMIT = 20_000;

export async function createResolver(db: Db, content: Pick<ImportContentSettings, "language">): Promise<Resolver> {
  const knownNace = new Set((await db.select({ code: naceCodes.code }).from(naceCodes)).map((row) => row.code));
  // Tags by label, the file's language first, then the other one (a German file may name Czech tags).
  const tagByLabel = new Map<string, string>();
  const tagRows = await db.select({ id: tags.id, labelDe: tags.labelDe, labelCs: tags.labelCs }).from(tags);
  const [first, second] = content.language === "de" ? (["labelCs", "labelDe"] as const) : (["labelDe", "labelCs"] as const);
  // Later writes win: the file's language is written last.
  for (const key of [first, second]) for (const row of tagRows) tagByLabel.set(row[key].trim().toLowerCase(), row.id);

  // The programme regions (a few dozen rows), as geocodeAddress finds them (programmeRegionCode).
  const regions = await db.select({ country: programmeRegions.country, nationalCode: programmeRegions.nationalCode, nameCs: programmeRegions.nameCs, regionCode: programmeRegions.regionCode }).from(programmeRegions);
  const regionCode = (country: string, districtCode: string | null, region: string): string | null => {
    if (country === "DE") return districtCode ? (regions.find((r) => r.country === "DE" && r.nationalCode === districtCode)?.regionCode ?? null) : null;
    return regions.find((r) => r.country === country && r.nameCs === region)?.regionCode ?? null;
  };

  const gazetteers = new Map<string, Gazetteer>();
  const placeCache = new Map<string, GeocodeResult | null>();
  const geocode = (address: CandidateAddress): GeocodeResult | null => {
    const postalCode = normalizePostalCode(address.postalCode);
    const city = foldText(address.city);
    const key = `${address.country}|${postalCode}|${city}`;
    const cached = placeCache.get(key);
    if (cached !== undefined) return cached;
    const gazetteer = gazetteers.get(address.country);
    if (!gazetteer) throw new Error(`resolver: ${address.country} not warmed`);
    const located = locate(gazetteer, postalCode, city);
    const result = located ? { lat: located.lat, lon: located.lon, districtCode: located.districtCode, district: located.district, regionCode: regionCode(address.country, located.districtCode, located.region) } : null;
    if (placeCache.size >= PLACE_CACHE_LIMIT) placeCache.clear();
    placeCache.set(key, result);
    return result;
  };

  return {
    async warm(candidates) {
      for (const candidate of candidates) {
        for (const address of candidate.addresses) {
          if (!gazetteers.has(address.country)) gazetteers.set(address.country, await loadGazetteer(db, address.country));
        }
      }
    },
    resolve(candidate) {
      const problems: ImportProblem[] = [];
      const naceCodesFound: string[] = [];
      for (const code of candidate.naceCodes) {
        if (knownNace.has(code)) {
          if (!naceCodesFound.includes(code)) naceCodesFound.push(code);
        } else if (!problems.some((p) => p.code === "NACE_UNKNOWN")) problems.push(warning("NACE_UNKNOWN", "nace"));
      }
      const tagIds: string[] = [];
      for (const label of candidate.tags) {
        const id = tagByLabel.get(label.trim().toLowerCase());
        if (id) {
          if (!tagIds.includes(id)) tagIds.push(id);
        } else if (!problems.some((p) => p.code === "TAG_UNKNOWN")) problems.push(warning("TAG_UNKNOWN", "tag"));
      }
      const addresses: ResolvedAddress[] = [];
      for (const address of candidate.addresses) {
        const geo = geocode(address);
        if (!geo && (address.lat === null || address.lon === null)) problems.push(warning("ADDRESS_NOT_FOUND", "postalCode"));
        const fromFile = address.lat !== null && address.lon !== null;
        addresses.push({
          ...address,
          lat: fromFile ? address.lat : (geo?.lat ?? null),
          lon: fromFile ? address.lon : (geo?.lon ?? null),
          districtCode: geo?.districtCode ?? null,
          regionCode: geo?.regionCode ?? null,
        });
      }
      const { addresses: _a, tags: _t, naceCodes: _n, ...rest } = candidate;
      return { company: { ...rest, naceCodes: naceCodesFound, tagIds, addresses }, problems };
    },
  };
}

/** One country's gazetteer in memory, indexed for the three look-ups of geocodeAddress. */
interface Gazetteer {
  byCode: Map<string, PostalRow[]>;
  /**
   * Postal-code places by every leading part of their folded name that ends before a space or a
   * hyphen, and by the whole name ("praha 10-malesice" under "praha", "praha 10" and itself), each
   * list in postal-code, then place order (as byPostalPlaceName reads them).
   */
  byName: Map<string, PostalRow[]>;
  /** The most populous town (then the lowest GeoNames id) of each folded name (as byPlaceName picks it). */
  towns: Map<string, TownRow>;
}

interface TownRow {
  folded: string;
  region: string;
  district: string | null;
  district_code: string | null;
  lat: number;
  lon: number;
}

async function loadGazetteer(db: Db, country: string): Promise<Gazetteer> {
  const postal = rowsOf<PostalRow>(
    await db.execute(sql`SELECT country, postal_code, place, region, district, district_code, lat, lon FROM postal_codes WHERE country = ${country}`),
  );
  // Code-point order (the database's C collation) without depending on the server's collation.
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  postal.sort((a, b) => byText(a.postal_code, b.postal_code) || byText(a.place, b.place));
  const byCode = new Map<string, PostalRow[]>();
  const byName = new Map<string, PostalRow[]>();
  const add = (map: Map<string, PostalRow[]>, key: string, row: PostalRow) => {
    const list = map.get(key);
    if (list) list.push(row);
    else map.set(key, [row]);
  };
  for (const row of postal) {
    row.lat = Number(row.lat);
    row.lon = Number(row.lon);
    row.folded = foldText(row.place);
    add(byCode, row.postal_code, row);
    for (let i = 1; i < row.folded.length; i++) if (row.folded[i] === " " || row.folded[i] === "-") add(byName, row.folded.slice(0, i), row);
    add(byName, row.folded, row);
  }
  const townRows = rowsOf<{ geoname_id: number; name: string; region: string; district: string | null; district_code: string | null; lat: number; lon: number; population: number }>(
    await db.execute(sql`SELECT geoname_id, name, region, district, district_code, lat, lon, population FROM places WHERE country = ${country}`),
  )
    .sort((a, b) => Number(b.population) - Number(a.population) || Number(a.geoname_id) - Number(b.geoname_id))
    .map((t) => ({ folded: foldText(t.name), region: t.region, district: t.district, district_code: t.district_code, lat: Number(t.lat), lon: Number(t.lon) }));
  const towns = new Map<string, TownRow>();
  for (const town of townRows) if (!towns.has(town.folded)) towns.set(town.folded, town);
  return { byCode, byName, towns };
}

/**
 * geocodeAddress's rules on the gazetteer in memory: the postal code (preferring the place that
 * matches the city), else the most populous town of that name, else the postal-code places of that
 * name when they all lie in one district.
 */
function locate(gazetteer: Gazetteer, postalCode: string, city: string) {
  const rows = postalCode ? gazetteer.byCode.get(postalCode) : undefined;
  if (rows && rows.length > 0) return summarise(bestMatches(rows, city));
  if (!city) return null;
  const town = gazetteer.towns.get(city);
  if (town) return { lat: town.lat, lon: town.lon, districtCode: town.district_code, district: town.district, region: town.region };
  const named = bestMatches(gazetteer.byName.get(city) ?? [], city);
  // A village name found in several districts (there are many "Lhota"s) is too ambiguous to place.
  if (named.length > 0 && new Set(named.map((row) => row.district_code)).size === 1) return summarise(named);
  return null;
}

/** A postal_codes row as the batch look-up reads it. */
interface PostalRow {
  /** foldText(place), computed once. */
  folded: string;
  country: string;
  postal_code: string;
  place: string;
  region: string;
  district: string | null;
  district_code: string | null;
  lat: number;
  lon: number;
}

// geocodeAddress's helpers (reference/geocode.server.ts) on the in-memory rows; resolve.test.ts
// checks both give the same places.
function bestMatches(rows: PostalRow[], city: string): PostalRow[] {
  const scores = rows.map((row) => placeMatchScore(row.folded, city));
  const best = Math.max(...scores);
  return rows.filter((_, i) => scores[i] === best);
}

function summarise(candidates: PostalRow[]): { lat: number; lon: number; districtCode: string | null; district: string | null; region: string } {
  const counts = new Map<string | null, number>();
  for (const row of candidates) counts.set(row.district_code, (counts.get(row.district_code) ?? 0) + 1);
  const top = Math.max(...counts.values());
  const representative = candidates.find((row) => counts.get(row.district_code) === top)!;
  return {
    lat: candidates.reduce((sum, row) => sum + Number(row.lat), 0) / candidates.length,
    lon: candidates.reduce((sum, row) => sum + Number(row.lon), 0) / candidates.length,
    districtCode: representative.district_code,
    district: representative.district,
    region: representative.region,
  };
}
