import { doublePrecision, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/** NACE Rev. 2 (sections, divisions, groups, classes) with German (WZ 2008) and Czech (CZ-NACE) labels. */
export const naceCodes = pgTable(
  "nace_codes",
  {
    code: text("code").primaryKey(),
    level: integer("level").notNull(),
    parent: text("parent"),
    labelDe: text("label_de").notNull(),
    labelCs: text("label_cs").notNull(),
  },
  (t) => [index("nace_codes_parent_idx").on(t.parent)],
);

/** Postal codes of Saxony and Czechia with coordinates (GeoNames, CC BY 4.0). */
export const postalCodes = pgTable(
  "postal_codes",
  {
    country: text("country").$type<"DE" | "CZ">().notNull(),
    postalCode: text("postal_code").notNull(),
    place: text("place").notNull(),
    region: text("region").notNull(),
    district: text("district").notNull(),
    districtCode: text("district_code").notNull(),
    lat: doublePrecision("lat").notNull(),
    lon: doublePrecision("lon").notNull(),
  },
  (t) => [primaryKey({ columns: [t.country, t.postalCode, t.place] })],
);

/** Towns and cities with coordinates and population (GeoNames, CC BY 4.0). */
export const places = pgTable(
  "places",
  {
    geonameId: integer("geoname_id").primaryKey(),
    country: text("country").$type<"DE" | "CZ">().notNull(),
    name: text("name").notNull(),
    region: text("region").notNull(),
    district: text("district"),
    districtCode: text("district_code"),
    lat: doublePrecision("lat").notNull(),
    lon: doublePrecision("lon").notNull(),
    population: integer("population").notNull(),
  },
  (t) => [index("places_name_idx").on(t.name)],
);

/** Regions of the Interreg Sachsen–Česko programme area (9 Saxon, 3 Czech). */
export const programmeRegions = pgTable("programme_regions", {
  regionCode: text("region_code").primaryKey(),
  country: text("country").$type<"DE" | "CZ">().notNull(),
  nameDe: text("name_de").notNull(),
  nameCs: text("name_cs").notNull(),
  nationalCode: text("national_code").notNull(),
  typeDe: text("type_de").notNull(),
  typeCs: text("type_cs").notNull(),
});
