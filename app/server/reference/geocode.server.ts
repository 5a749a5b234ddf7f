import { and, desc, eq, inArray, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { places, postalCodes, programmeRegions } from "~/server/db/schema";

export type Country = "DE" | "CZ";

// ---------------------------------------------------------------------------
// Text normalisation shared by geocoding, place search and NACE search
// ---------------------------------------------------------------------------

/** Comparison form of a name: no diacritics, lower case, ß → ss, single spaces ("Ústí" → "usti"). */
export function foldText(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/\s+/g, " ")
    .trim();
}

/** Postal codes are stored and compared without spaces ("400 01" → "40001"). */
export function normalizePostalCode(value: string): string {
  return value.replace(/\s+/g, "");
}

/** Display form: Czech PSČ with the space ("40001" → "400 01"), German PLZ unchanged. */
export function formatPostalCode(country: Country, postalCode: string): string {
  return country === "CZ" && postalCode.length === 5 ? `${postalCode.slice(0, 3)} ${postalCode.slice(3)}` : postalCode;
}

// For every folded character, the characters that fold to it: "s" → "sSśŚšŠ…". Derived from
// foldText over ASCII letters and U+00C0–U+024F, so SQL matching cannot drift from it.
const VARIANTS = (() => {
  const variants = new Map<string, string>();
  const add = (cp: number) => {
    const ch = String.fromCodePoint(cp);
    const folded = foldText(ch);
    if (folded.length === 1) variants.set(folded, (variants.get(folded) ?? "") + ch);
  };
  for (let cp = 0x41; cp <= 0x7a; cp++) if (/[A-Za-z]/.test(String.fromCodePoint(cp))) add(cp);
  for (let cp = 0xc0; cp <= 0x24f; cp++) add(cp);
  return variants;
})();

function charPattern(ch: string): string {
  const variants = VARIANTS.get(ch);
  if (variants) return variants.length > 1 ? `[${variants}]` : variants;
  // ASCII punctuation may be a regex operator; a backslash makes it literal.
  return /[!-/:-@[-`{-~]/.test(ch) ? `\\${ch}` : ch;
}

/**
 * A PostgreSQL regular expression matching every spelling whose foldText() form is `folded`
 * ("usti" → "[uUùúûüũūŭůűųÙ…][sS…][tT…][iI…]"), so SQL needs neither unaccent nor per-row folding.
 * "ss" also matches ß; a trailing "s" matches ß when more text may follow (typing "gros" → Großenhain).
 */
export function foldedRegex(folded: string, openEnd = true): string {
  let pattern = "";
  for (let i = 0; i < folded.length; i++) {
    if (folded.startsWith("ss", i)) {
      pattern += `(?:${charPattern("s")}${charPattern("s")}|ß|ẞ)`;
      i++;
    } else if (openEnd && i === folded.length - 1 && folded[i] === "s") {
      pattern += `(?:${charPattern("s")}|ß|ẞ)`;
    } else {
      pattern += charPattern(folded.charAt(i));
    }
  }
  return pattern;
}

/** `column ~ regex` (both engines; the regex comes from {@link foldedRegex}). */
export function matches(column: SQLWrapper, regex: string): SQL<boolean> {
  return sql<boolean>`${column} ~ ${regex}`;
}

/** Escapes LIKE wildcards in user input (backslash is PostgreSQL's default LIKE escape). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, "\\$&");
}

// ---------------------------------------------------------------------------
// Geocoding
// ---------------------------------------------------------------------------

export interface GeocodeInput {
  country: Country;
  postalCode: string;
  city: string;
}

export interface GeocodeResult {
  lat: number;
  lon: number;
  /** DE: Kreisschlüssel (AGS, e.g. "14612"); CZ: GeoNames okres code (e.g. "3510"). Null for a few CZ places. */
  districtCode: string | null;
  district: string | null;
  /** NUTS 3 code of the Interreg Sachsen–Česko programme region, or null outside the programme area. */
  regionCode: string | null;
}

interface LocatedRow {
  place: string;
  region: string;
  district: string | null;
  districtCode: string | null;
  lat: number;
  lon: number;
}

const SEPARATOR = /[\s,/(-]/;

/**
 * How well a place name matches a typed city (both folded): 3 equal, 2 the place extends the
 * city ("praha 10" → "praha 10-malesice"), 1 the city extends the place, 0 no match.
 */
export function placeMatchScore(place: string, city: string): number {
  if (!city) return 0;
  if (place === city) return 3;
  if (place.startsWith(city) && SEPARATOR.test(place.charAt(city.length))) return 2;
  if (city.startsWith(place) && SEPARATOR.test(city.charAt(place.length))) return 1;
  return 0;
}

/** The rows whose place matches the city best (all rows when none matches). */
function bestMatches<T extends LocatedRow>(rows: T[], city: string): T[] {
  const scores = rows.map((row) => placeMatchScore(foldText(row.place), city));
  const best = Math.max(...scores);
  return rows.filter((_, i) => scores[i] === best);
}

/**
 * One point for a non-empty set of candidate rows: their mean position, and the most frequent
 * district among them (so a PSČ shared by two okresy still gets one).
 */
function summarise(candidates: LocatedRow[]): Omit<GeocodeResult, "regionCode"> & { region: string } {
  const counts = new Map<string | null, number>();
  for (const row of candidates) counts.set(row.districtCode, (counts.get(row.districtCode) ?? 0) + 1);
  const top = Math.max(...counts.values());
  const representative = candidates.find((row) => counts.get(row.districtCode) === top)!;
  return {
    lat: candidates.reduce((sum, row) => sum + row.lat, 0) / candidates.length,
    lon: candidates.reduce((sum, row) => sum + row.lon, 0) / candidates.length,
    districtCode: representative.districtCode,
    district: representative.district,
    region: representative.region,
  };
}

/**
 * The programme region: DE joins the Kreisschlüssel to national_code; CZ joins the kraj name,
 * because national_code holds ČSÚ kraj codes (51/60/78) that no GeoNames file carries.
 */
async function programmeRegionCode(db: Db, country: Country, districtCode: string | null, region: string): Promise<string | null> {
  if (country === "DE" && !districtCode) return null;
  const match = country === "DE" ? eq(programmeRegions.nationalCode, districtCode!) : eq(programmeRegions.nameCs, region);
  const [row] = await db
    .select({ regionCode: programmeRegions.regionCode })
    .from(programmeRegions)
    .where(and(eq(programmeRegions.country, country), match))
    .limit(1);
  return row?.regionCode ?? null;
}

const postalColumns = {
  place: postalCodes.place,
  region: postalCodes.region,
  district: postalCodes.district,
  districtCode: postalCodes.districtCode,
  lat: postalCodes.lat,
  lon: postalCodes.lon,
};

async function byPostalCode(db: Db, country: Country, postalCode: string): Promise<LocatedRow[]> {
  return db
    .select(postalColumns)
    .from(postalCodes)
    .where(and(eq(postalCodes.country, country), eq(postalCodes.postalCode, postalCode)))
    .orderBy(postalCodes.place);
}

/** The most populous town of that name (places with ≥ 1000 inhabitants). */
async function byPlaceName(db: Db, country: Country, city: string): Promise<LocatedRow | undefined> {
  const [row] = await db
    .select({
      place: places.name,
      region: places.region,
      district: places.district,
      districtCode: places.districtCode,
      lat: places.lat,
      lon: places.lon,
    })
    .from(places)
    .where(and(eq(places.country, country), matches(places.name, `^${foldedRegex(city, false)}$`)))
    .orderBy(desc(places.population), places.geonameId)
    .limit(1);
  return row;
}

/** Villages below 1000 inhabitants only appear as postal-code places ("Praha" also only lives here, as "Praha 1" …). */
async function byPostalPlaceName(db: Db, country: Country, city: string): Promise<LocatedRow[]> {
  return db
    .select(postalColumns)
    .from(postalCodes)
    .where(and(eq(postalCodes.country, country), matches(postalCodes.place, `^${foldedRegex(city, false)}($|[ -])`)))
    .orderBy(postalCodes.postalCode, postalCodes.place);
}

/**
 * Offline geocoding of an address: postal code (preferring the row whose place matches the city),
 * else the town by name, else a postal-code place by name. Null when nothing matches or when a
 * village name is ambiguous (same name in several districts).
 */
export async function geocodeAddress(db: Db, input: GeocodeInput): Promise<GeocodeResult | null> {
  const { country } = input;
  const postalCode = normalizePostalCode(input.postalCode);
  const city = foldText(input.city);

  const postalRows = postalCode ? await byPostalCode(db, country, postalCode) : [];
  let located = postalRows.length > 0 ? summarise(bestMatches(postalRows, city)) : null;

  if (!located && city) {
    const town = await byPlaceName(db, country, city);
    if (town) located = { lat: town.lat, lon: town.lon, districtCode: town.districtCode, district: town.district, region: town.region };
  }
  if (!located && city) {
    const rows = bestMatches(await byPostalPlaceName(db, country, city), city);
    // A village name found in several districts (there are many "Lhota"s) is too ambiguous to place.
    if (rows.length > 0 && new Set(rows.map((row) => row.districtCode)).size === 1) located = summarise(rows);
  }
  if (!located) return null;

  const { lat, lon, districtCode, district, region } = located;
  return { lat, lon, districtCode, district, regionCode: await programmeRegionCode(db, country, districtCode, region) };
}

// ---------------------------------------------------------------------------
// Place search (type-ahead for a town name or postal code)
// ---------------------------------------------------------------------------

export interface PlaceHit {
  label: string;
  country: Country;
  lat: number;
  lon: number;
  /** Normalised (no spaces); set for postal-code hits and villages with a single postal code. */
  postalCode?: string;
}

// GeoNames names Prague by its English exonym; users type the Czech or German name.
const PLACE_ALIASES: Record<string, string> = { praha: "Prague", prag: "Prague" };

/** One hit per postal code for a digits-only query ("010" → 01067 Dresden, 01069 Dresden, …). */
async function searchPostalCodes(db: Db, digits: string, limit: number): Promise<PlaceHit[]> {
  const codes = await db
    .selectDistinct({ postalCode: postalCodes.postalCode })
    .from(postalCodes)
    .where(sql`${postalCodes.postalCode} like ${`${digits}%`}`)
    .orderBy(postalCodes.postalCode)
    .limit(limit);
  if (codes.length === 0) return [];
  const rows = await db
    .select({ country: postalCodes.country, postalCode: postalCodes.postalCode, ...postalColumns })
    .from(postalCodes)
    .where(
      inArray(
        postalCodes.postalCode,
        codes.map((c) => c.postalCode),
      ),
    )
    .orderBy(postalCodes.postalCode, postalCodes.country, postalCodes.place);
  const groups = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = `${row.country}:${row.postalCode}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].map((group) => {
    const row = representativePlace(group);
    return {
      label: `${formatPostalCode(row.country, row.postalCode)} ${row.place}`,
      country: row.country,
      lat: row.lat,
      lon: row.lon,
      postalCode: row.postalCode,
    };
  });
}

/**
 * The place that names a postal code best: one tied to the district's name ("Dresden" in
 * "Kreisfreie Stadt Dresden", "Ústí nad Labem-centrum" in okres Ústí nad Labem), else the shortest.
 */
function representativePlace<T extends LocatedRow>(rows: T[]): T {
  const byLength = [...rows].sort((a, b) => a.place.length - b.place.length || a.place.localeCompare(b.place));
  const named = byLength.find((row) => {
    const place = foldText(row.place);
    const district = foldText(row.district ?? "");
    return district.length > 0 && (district.includes(place) || place.startsWith(district));
  });
  return named ?? byLength[0]!;
}

/** Towns by name: exact, then prefix, then substring matches, larger towns first within each. */
async function searchTowns(db: Db, folded: string, limit: number): Promise<Array<PlaceHit & { key: string; district: string | null }>> {
  const regex = foldedRegex(folded);
  const aliases = Object.entries(PLACE_ALIASES)
    .filter(([alias]) => alias.startsWith(folded))
    .map(([, target]) => target);
  const aliasMatch = aliases.length > 0 ? inArray(places.name, aliases) : sql`false`;
  const rank = sql`case
    when ${matches(places.name, `^${foldedRegex(folded, false)}$`)} then 0
    when ${matches(places.name, `^${regex}`)} or ${aliasMatch} then 1
    else 2 end`;
  const rows = await db
    .select({ name: places.name, country: places.country, district: places.district, lat: places.lat, lon: places.lon })
    .from(places)
    .where(or(matches(places.name, regex), aliasMatch))
    .orderBy(rank, desc(places.population), places.geonameId)
    .limit(limit);
  return rows.map((row) => ({
    label: row.name,
    country: row.country,
    lat: row.lat,
    lon: row.lon,
    district: row.district,
    key: `${row.country}:${foldText(row.name)}`,
  }));
}

/** Postal-code places (villages, city parts) by name, one per place and district. */
async function searchPostalPlaces(db: Db, folded: string, limit: number): Promise<Array<PlaceHit & { key: string }>> {
  const regex = foldedRegex(folded);
  const rank = sql`case
    when ${matches(postalCodes.place, `^${foldedRegex(folded, false)}$`)} then 0
    when ${matches(postalCodes.place, `^${regex}`)} then 1
    else 2 end`;
  const rows = await db
    .select({
      country: postalCodes.country,
      place: postalCodes.place,
      postalCode: sql<string>`min(${postalCodes.postalCode})`,
      codes: sql<number>`count(distinct ${postalCodes.postalCode})`.mapWith(Number),
      lat: sql<number>`avg(${postalCodes.lat})`.mapWith(Number),
      lon: sql<number>`avg(${postalCodes.lon})`.mapWith(Number),
    })
    .from(postalCodes)
    .where(matches(postalCodes.place, regex))
    .groupBy(postalCodes.country, postalCodes.place, postalCodes.districtCode)
    .orderBy(rank, postalCodes.place, postalCodes.country, postalCodes.districtCode)
    .limit(limit);
  return rows.map((row) => {
    const single = row.codes === 1;
    return {
      label: single ? `${formatPostalCode(row.country, row.postalCode)} ${row.place}` : row.place,
      country: row.country,
      lat: row.lat,
      lon: row.lon,
      ...(single ? { postalCode: row.postalCode } : {}),
      key: `${row.country}:${foldText(row.place)}`,
    };
  });
}

/**
 * Places matching a typed town name (case- and diacritic-insensitive: "usti" finds Ústí nad Labem)
 * or a postal-code prefix ("010", "400 0"). Towns from `places` come first, ranked exact → prefix →
 * substring and by population; villages and city parts from the postal-code table fill up the rest.
 */
export async function searchPlaces(db: Db, query: string, limit = 10): Promise<PlaceHit[]> {
  const digits = normalizePostalCode(query);
  if (/^\d+$/.test(digits)) return searchPostalCodes(db, digits, limit);
  const folded = foldText(query.slice(0, 100));
  if (!folded || limit <= 0) return [];

  const towns = await searchTowns(db, folded, limit);
  const seen = new Set(towns.map((town) => town.key));
  const villages =
    towns.length < limit ? (await searchPostalPlaces(db, folded, limit + seen.size)).filter((hit) => !seen.has(hit.key)) : [];

  // Two towns of the same name (e.g. Hranice) are told apart by their district.
  const labelCount = new Map<string, number>();
  for (const town of towns) labelCount.set(town.label, (labelCount.get(town.label) ?? 0) + 1);
  const townHits = towns.map(({ key: _key, district, ...hit }) =>
    (labelCount.get(hit.label) ?? 0) > 1 && district ? { ...hit, label: `${hit.label} (${district})` } : hit,
  );
  const villageHits = villages.map(({ key: _key, ...hit }) => hit);
  return [...townHits, ...villageHits].slice(0, limit);
}
