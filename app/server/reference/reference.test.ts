import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/server/db/client.server";
import { naceCodes, places, postalCodes, programmeRegions } from "~/server/db/schema";
import { createTestDb } from "../../../tests/support/db";
import { foldText, geocodeAddress, normalizePostalCode, placeMatchScore, searchPlaces } from "./geocode.server";
import { loadReferenceData } from "./load-reference-data.server";
import { expandNace, isValidNaceCode, listNace, searchNace, validNaceCodes } from "./nace.server";

function csv(file: string): Array<Record<string, string>> {
  const content = fs.readFileSync(path.resolve("reference-data", file), "utf8");
  return Papa.parse<Record<string, string>>(content, { header: true, skipEmptyLines: true }).data;
}

async function rowCount(db: Db, table: typeof naceCodes | typeof postalCodes | typeof places | typeof programmeRegions) {
  const [row] = await db.select({ n: count() }).from(table);
  return row?.n;
}

let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await createTestDb());
  const started = performance.now();
  const result = await loadReferenceData(db, { postalCodes: true, places: true });
  console.info(`reference data loaded in ${Math.round(performance.now() - started)} ms`, result);
});

afterAll(async () => {
  await close();
});

describe("loadReferenceData", () => {
  it("loads every CSV row (postal codes de-duplicated on their key)", async () => {
    const postalKeys = new Set(
      [...csv("postal-codes-de-sn.csv"), ...csv("postal-codes-cz.csv")].map(
        (r) => `${r.country}|${normalizePostalCode(r.postal_code ?? "")}|${r.place}`,
      ),
    );
    expect(await rowCount(db, naceCodes)).toBe(996);
    expect(await rowCount(db, postalCodes)).toBe(postalKeys.size);
    expect(await rowCount(db, places)).toBe(1739);
    expect(await rowCount(db, programmeRegions)).toBe(12);
  });

  it("keeps codes as strings and stores postal codes without spaces", async () => {
    const [dresden] = await db.select().from(postalCodes).where(eq(postalCodes.postalCode, "01067")).limit(1);
    expect(dresden).toMatchObject({ country: "DE", districtCode: "14612" });
    const usti = await db.select().from(postalCodes).where(eq(postalCodes.postalCode, "40001"));
    expect(usti.length).toBeGreaterThan(0);
    expect(usti[0]).toMatchObject({ country: "CZ", region: "Ústecký kraj", districtCode: "3510" });
    const spaced = await db.select().from(postalCodes).where(eq(postalCodes.postalCode, "400 01"));
    expect(spaced).toHaveLength(0);
    const [section] = await db.select().from(naceCodes).where(eq(naceCodes.code, "A"));
    expect(section?.parent).toBeNull();
  });

  it("has German and Czech labels", async () => {
    const [row] = await db.select().from(naceCodes).where(eq(naceCodes.code, "25.11"));
    expect(row).toEqual({
      code: "25.11",
      level: 4,
      parent: "25.1",
      labelDe: "Herstellung von Metallkonstruktionen",
      labelCs: "Výroba kovových konstrukcí a jejich dílů",
    });
  });

  it("is idempotent", async () => {
    const before = await rowCount(db, postalCodes);
    const again = await loadReferenceData(db);
    expect(again.every((t) => !t.loaded)).toBe(true);
    expect(await rowCount(db, postalCodes)).toBe(before);
    expect(await rowCount(db, naceCodes)).toBe(996);
  });

  it("reloads a table whose row count differs", async () => {
    await db.delete(places).where(eq(places.name, "Pirna"));
    const result = await loadReferenceData(db, { postalCodes: false });
    expect(result.map((t) => t.table)).toEqual(["nace_codes", "programme_regions", "places"]);
    expect(result.find((t) => t.table === "places")?.loaded).toBe(true);
    expect(await rowCount(db, places)).toBe(1739);
  });
});

describe("geocodeAddress", () => {
  it("geocodes a Dresden postal code to DED21", async () => {
    const geo = await geocodeAddress(db, { country: "DE", postalCode: "01067", city: "Dresden" });
    expect(geo?.lat).toBeCloseTo(51.05, 1);
    expect(geo?.lon).toBeCloseTo(13.73, 1);
    expect(geo).toMatchObject({ districtCode: "14612", regionCode: "DED21" });
  });

  it("geocodes Ústí nad Labem (PSČ with a space) to CZ042 via the kraj", async () => {
    const geo = await geocodeAddress(db, { country: "CZ", postalCode: "400 01", city: "Ústí nad Labem" });
    expect(geo).toMatchObject({ districtCode: "3510", district: "Ústí nad Labem", regionCode: "CZ042" });
    // The city is a prefix of the postal place "Ústí nad Labem-centrum".
    expect(geo?.lat).toBeCloseTo(50.6586, 3);
    expect(geo?.lon).toBeCloseTo(14.0175, 3);
    const unspaced = await geocodeAddress(db, { country: "CZ", postalCode: " 40001 ", city: "usti nad labem" });
    expect(unspaced).toEqual(geo);
  });

  it("maps the other Czech programme kraje", async () => {
    const [karlovy] = await db.select().from(postalCodes).where(eq(postalCodes.region, "Karlovarský kraj")).limit(1);
    const [liberec] = await db.select().from(postalCodes).where(eq(postalCodes.region, "Liberecký kraj")).limit(1);
    const kv = await geocodeAddress(db, { country: "CZ", postalCode: karlovy!.postalCode, city: karlovy!.place });
    const lb = await geocodeAddress(db, { country: "CZ", postalCode: liberec!.postalCode, city: liberec!.place });
    expect(kv?.regionCode).toBe("CZ041");
    expect(lb?.regionCode).toBe("CZ051");
  });

  it("prefers the place matching the city among several places of a postal code", async () => {
    // PSČ 100 00 has Malešice, Strašnice, … and "Praha 10-Malešice", "Praha 10-Strašnice", …:
    // "Praha 10" is a prefix of the five "Praha 10-…" rows, which are averaged.
    const rows = (await db.select().from(postalCodes).where(eq(postalCodes.postalCode, "10000"))).filter((r) =>
      r.place.startsWith("Praha 10-"),
    );
    expect(rows).toHaveLength(5);
    const geo = await geocodeAddress(db, { country: "CZ", postalCode: "100 00", city: "Praha 10" });
    expect(geo?.lat).toBeCloseTo(rows.reduce((sum, r) => sum + r.lat, 0) / 5, 6);
    expect(geo?.lon).toBeCloseTo(rows.reduce((sum, r) => sum + r.lon, 0) / 5, 6);
    expect(geo).toMatchObject({ districtCode: "3100", regionCode: null });
    // An exact place name wins over the prefix matches.
    const strasnice = await geocodeAddress(db, { country: "CZ", postalCode: "10000", city: "praha 10-strasnice" });
    expect(strasnice?.lat).toBeCloseTo(50.0774, 4);
  });

  it("returns no programme region outside the area (Prague, Leipzig, Meißen)", async () => {
    const prague = await geocodeAddress(db, { country: "CZ", postalCode: "110 00", city: "Praha 1" });
    expect(prague).not.toBeNull();
    expect(prague?.regionCode).toBeNull();
    const leipzig = await geocodeAddress(db, { country: "DE", postalCode: "04109", city: "Leipzig" });
    expect(leipzig).toMatchObject({ districtCode: "14713", regionCode: null });
    const meissen = await geocodeAddress(db, { country: "DE", postalCode: "01662", city: "Meißen" });
    expect(meissen).toMatchObject({ districtCode: "14627", regionCode: null });
  });

  it("falls back to the town by name for an unknown postal code", async () => {
    const geo = await geocodeAddress(db, { country: "DE", postalCode: "99999", city: "Pirna" });
    expect(geo?.lat).toBeCloseTo(50.96, 1);
    expect(geo?.lon).toBeCloseTo(13.94, 1);
    expect(geo).toMatchObject({ districtCode: "14628", regionCode: "DED2F" });
    const decin = await geocodeAddress(db, { country: "CZ", postalCode: "", city: "DECIN" });
    expect(decin?.regionCode).toBe("CZ042");
  });

  it("does not cross countries", async () => {
    expect(await geocodeAddress(db, { country: "DE", postalCode: "400 01", city: "Ústí nad Labem" })).toBeNull();
  });

  it("returns null when neither postal code nor city is known", async () => {
    expect(await geocodeAddress(db, { country: "DE", postalCode: "99999", city: "Nirgendwo" })).toBeNull();
    expect(await geocodeAddress(db, { country: "CZ", postalCode: "", city: "" })).toBeNull();
  });
});

describe("text matching", () => {
  it("folds case, diacritics and ß", () => {
    expect(foldText("  Ústí  nad Labem ")).toBe("usti nad labem");
    expect(foldText("Meißen")).toBe("meissen");
    expect(foldText("ŽĎÁR")).toBe("zdar");
  });

  it("scores city prefixes only at a word boundary", () => {
    expect(placeMatchScore("praha 10-malesice", "praha 10")).toBe(2);
    expect(placeMatchScore("praha 10-malesice", "praha 1")).toBe(0);
    expect(placeMatchScore("dresden", "dresden")).toBe(3);
  });
});

describe("searchPlaces", () => {
  it("finds Ústí nad Labem with and without diacritics", async () => {
    for (const query of ["usti", "Ústí", "ÚSTÍ NAD"]) {
      const hits = await searchPlaces(db, query);
      expect(hits[0]).toMatchObject({ label: "Ústí nad Labem", country: "CZ" });
    }
  });

  it("puts Dresden first for 'Dresden'", async () => {
    const hits = await searchPlaces(db, "Dresden");
    expect(hits[0]).toMatchObject({ label: "Dresden", country: "DE" });
    expect(hits[0]?.lat).toBeCloseTo(51.05, 1);
  });

  it("finds postal codes by prefix, one hit per code", async () => {
    const hits = await searchPlaces(db, "010");
    expect(hits.length).toBeGreaterThan(3);
    expect(hits.every((h) => h.postalCode?.startsWith("010") && h.country === "DE")).toBe(true);
    expect(hits[0]).toMatchObject({ postalCode: "01067", label: "01067 Dresden" });
    expect(new Set(hits.map((h) => h.postalCode)).size).toBe(hits.length);
    const czech = await searchPlaces(db, "400 0", 3);
    expect(czech[0]).toMatchObject({ postalCode: "40001", label: "400 01 Ústí nad Labem-centrum", country: "CZ" });
  });

  it("finds Prague by its Czech and German names, and villages from the postal codes", async () => {
    expect((await searchPlaces(db, "Praha"))[0]?.label).toBe("Prague");
    expect((await searchPlaces(db, "Prag"))[0]?.label).toBe("Prague");
    const villages = await searchPlaces(db, "Dresden Friedrichstadt");
    expect(villages[0]).toMatchObject({ label: "01067 Dresden Friedrichstadt", postalCode: "01067" });
  });

  it("respects the limit and treats LIKE wildcards literally", async () => {
    expect(await searchPlaces(db, "a", 5)).toHaveLength(5);
    expect(await searchPlaces(db, "%")).toEqual([]);
    expect(await searchPlaces(db, "   ")).toEqual([]);
  });
});

describe("NACE", () => {
  it("lists all codes in tree order", async () => {
    const rows = await listNace(db);
    expect(rows).toHaveLength(996);
    expect(rows.slice(0, 3).map((r) => r.code)).toEqual(["A", "01", "01.1"]);
    const c = rows.findIndex((r) => r.code === "C");
    expect(rows[c + 1]?.code).toBe("10");
    expect(rows.indexOf(rows.find((r) => r.code === "25.11")!)).toBeLessThan(rows.findIndex((r) => r.code === "25.12"));
  });

  it("searches labels per locale", async () => {
    const de = await searchNace(db, "Metall", "de");
    expect(de.some((r) => r.code.startsWith("25."))).toBe(true);
    const cs = await searchNace(db, "kov", "cs");
    expect(cs.some((r) => r.code.startsWith("25."))).toBe(true);
    const csFolded = await searchNace(db, "vyroba kovovych konstrukci", "cs");
    expect(csFolded.map((r) => r.code)).toContain("25.11");
    expect(await searchNace(db, "Metall", "cs")).toEqual([]);
  });

  it("searches code prefixes, sections first", async () => {
    const hits = (await searchNace(db, "25.1", "de")).map((r) => r.code);
    expect(hits).toEqual(["25.1", "25.11", "25.12"]);
    expect((await searchNace(db, "2511", "cs")).map((r) => r.code)).toEqual(["25.11"]);
    expect((await searchNace(db, "c", "de")).map((r) => r.code)).toEqual(["C"]);
    const forst = await searchNace(db, "forstwirtschaft", "de");
    expect(forst[0]?.code).toBe("A");
    expect(forst.map((r) => r.code)).toContain("02");
  });

  it("expands codes to their descendants", async () => {
    const division = await expandNace(db, ["25"]);
    expect(division).toContain("25");
    expect(division).toContain("25.1");
    expect(division).toContain("25.11");
    expect(division).not.toContain("24.1");
    const section = await expandNace(db, ["C", "nope"]);
    expect(section).toContain("33.20");
    expect(section).not.toContain("nope");
    expect(await expandNace(db, [])).toEqual([]);
    expect(await expandNace(db, ["25.11"])).toEqual(["25.11"]);
  });

  it("validates codes", async () => {
    expect(await isValidNaceCode(db, "25.11")).toBe(true);
    expect(await isValidNaceCode(db, "25.111")).toBe(false);
    expect(await validNaceCodes(db, ["C", "99.99", "25.1", "C"])).toEqual(["C", "25.1"]);
    expect(await validNaceCodes(db, [])).toEqual([]);
  });
});

// Last on purpose: it swaps the postal codes for a tiny file set and restores them afterwards.
describe("loadReferenceData with REFERENCE_DATA_DIR", () => {
  it("de-duplicates postal rows on (country, postal code, place), keeping the first", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pn-reference-"));
    for (const file of ["nace.csv", "programme-area.csv", "places-de-cz.csv"]) {
      fs.copyFileSync(path.resolve("reference-data", file), path.join(dir, file));
    }
    const header = "country,postal_code,place,region,district,lat,lon,district_code\n";
    fs.writeFileSync(
      path.join(dir, "postal-codes-de-sn.csv"),
      `${header}DE,01067,Dresden,Sachsen,Kreisfreie Stadt Dresden,51.0547,13.7269,14612\n`,
    );
    fs.writeFileSync(
      path.join(dir, "postal-codes-cz.csv"),
      `${header}CZ,400 01,Klíše,Ústecký kraj,Ústí nad Labem,50.6667,14.0167,3510\n` +
        `CZ,40001,Klíše,Ústecký kraj,Ústí nad Labem,1,1,3510\n` +
        `CZ,400 01,Bukov,Ústecký kraj,Ústí nad Labem,50.6812,14.0103,3510\n`,
    );
    const previous = process.env.REFERENCE_DATA_DIR;
    process.env.REFERENCE_DATA_DIR = dir;
    try {
      const result = await loadReferenceData(db, { places: false });
      expect(result).toContainEqual({ table: "postal_codes", rows: 3, loaded: true });
      expect(result).toContainEqual({ table: "nace_codes", rows: 996, loaded: false });
      const klise = await db.select().from(postalCodes).where(eq(postalCodes.place, "Klíše"));
      expect(klise).toEqual([expect.objectContaining({ postalCode: "40001", lat: 50.6667 })]);
      expect((await loadReferenceData(db, { places: false })).every((t) => !t.loaded)).toBe(true);
    } finally {
      if (previous === undefined) delete process.env.REFERENCE_DATA_DIR;
      else process.env.REFERENCE_DATA_DIR = previous;
      fs.rmSync(dir, { recursive: true, force: true });
      await loadReferenceData(db);
    }
    expect(await rowCount(db, postalCodes)).toBeGreaterThan(16_000);
  });
});
