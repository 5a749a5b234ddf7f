import { eq, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb } from "../../../tests/support/db";
import { parseSearchParams, type SearchQuery } from "~/schemas/search";
import { type DbHandle, rowsOf, withTransaction } from "~/server/db/client.server";
import { auditTrail, users, companies, companyAddresses, companyContacts, companyNace, companyServices, companyTags, tags } from "~/server/db/schema";
import { pointCells } from "./geo-cells";
import { searchPageSql } from "./search-sql.server";
import { expandTerm, latestAds, searchAudit, searchCatalogue } from "./search.server";

let handle: DbHandle;
const db = () => handle.db;
const NOW = new Date("2026-06-01T10:00:00Z");
const DAY = 86_400_000;

/** Earth radius that earthdistance uses (metres): points exactly d km north of the origin. */
const EARTH_RADIUS_M = 6378168;
const ORIGIN = { lat: 50.7, lon: 13.9, label: "Origin" };
const northOf = (km: number) => ORIGIN.lat + ((km * 1000) / EARTH_RADIUS_M) * (180 / Math.PI);

const ids: Record<string, string> = {};
const tagIds: Record<string, string> = {};

interface Fixture {
  key: string;
  name: string;
  descriptionDe?: string;
  descriptionCs?: string;
  status?: "VERIFIED" | "PENDING" | "DEACTIVATED";
  country: "DE" | "CZ";
  city: string;
  lat: number;
  lon: number;
  nace: string[];
  tags: string[];
}

const FIXTURES: Fixture[] = [
  { key: "usti", name: "Labe Logistika s.r.o.", country: "CZ", city: "Ústí nad Labem", lat: 50.66, lon: 14.03, nace: ["49.41"], tags: ["logistics"], descriptionCs: "Přeprava zboží.", descriptionDe: "Donaudampfer und Elbkähne." },
  { key: "strasse", name: "Straßenbau Richter GmbH", country: "DE", city: "Pirna", lat: 50.96, lon: 13.94, nace: ["42.11"], tags: ["construction"] },
  { key: "metall", name: "Metallbau Görlitz GmbH", country: "DE", city: "Görlitz", lat: 51.15, lon: 14.99, nace: ["25.11"], tags: ["metal", "welding"] },
  { key: "metallDescription", name: "Kovo Liberec a.s.", descriptionDe: "Partner für Metallbau und Schweißen.", country: "CZ", city: "Liberec", lat: 50.77, lon: 15.06, nace: ["25.62"], tags: ["metal"] },
  { key: "near", name: "Nahbereich Elektro GmbH", country: "DE", city: "Near", lat: northOf(49), lon: ORIGIN.lon, nace: ["27.11"], tags: ["electrics"] },
  { key: "far", name: "Fernbereich Elektro GmbH", country: "DE", city: "Far", lat: northOf(51), lon: ORIGIN.lon, nace: ["27.11"], tags: ["electrics"] },
  { key: "software", name: "Softwarehaus Chemnitz GmbH", country: "DE", city: "Chemnitz", lat: 50.83, lon: 12.92, nace: ["62.01"], tags: ["software"] },
  { key: "long", name: "Plavba Děčín s.r.o.", descriptionDe: "Donaudampfschifffahrtsgesellschaftskapitänsmützen aus Děčín.", country: "CZ", city: "Děčín", lat: 50.78, lon: 14.21, nace: ["50.40"], tags: ["logistics"] },
  { key: "pending", name: "Metallbau Wartend GmbH", status: "PENDING", country: "DE", city: "Dresden", lat: 51.05, lon: 13.74, nace: ["25.11"], tags: ["metal"] },
  { key: "deactivated", name: "Metallbau Gesperrt GmbH", status: "DEACTIVATED", country: "DE", city: "Dresden", lat: 51.05, lon: 13.74, nace: ["25.11"], tags: ["metal"] },
];

const TAGS: Record<string, [string, string]> = {
  logistics: ["Logistik", "Logistika"],
  construction: ["Straßenbau", "Silniční stavby"],
  metal: ["Metallverarbeitung", "Kovovýroba"],
  welding: ["Schweißen", "Svařování"],
  electrics: ["Elektrotechnik", "Elektrotechnika"],
  software: ["Softwareentwicklung", "Vývoj softwaru"],
};

function query(overrides: Partial<SearchQuery>): SearchQuery {
  return { term: "", type: "COMPANY", tagIds: [], nace: [], countries: ["DE", "CZ"], location: null, radiusKm: null, sort: "relevance", page: 1, ...overrides };
}

async function titles(overrides: Partial<SearchQuery>): Promise<string[]> {
  return (await searchCatalogue(db(), null, query(overrides), "de", NOW)).hits.map((h) => h.title);
}

beforeAll(async () => {
  handle = await createTestDb();
  for (const [key, [de, cs]] of Object.entries(TAGS)) {
    const [row] = await db().insert(tags).values({ labelDe: de, labelCs: cs }).returning({ id: tags.id });
    tagIds[key] = row!.id;
  }
  for (const f of FIXTURES) {
    const [row] = await db()
      .insert(companies)
      .values({
        name: f.name,
        descriptionDe: f.descriptionDe ?? `${f.name} aus ${f.city}.`,
        descriptionCs: f.descriptionCs ?? `${f.name} z ${f.city}.`,
        website: "https://example.com",
        status: f.status ?? "VERIFIED",
      })
      .returning({ id: companies.id });
    const id = row!.id;
    ids[f.key] = id;
    await db().insert(companyAddresses).values({ companyId: id, kind: "HEADQUARTERS", country: f.country, state: "-", line1: "Hauptstraße 1", postalCode: "01067", city: f.city, lat: f.lat, lon: f.lon });
    await db().insert(companyNace).values(f.nace.map((naceCode) => ({ companyId: id, naceCode })));
    await db().insert(companyTags).values(f.tags.map((t) => ({ companyId: id, tagId: tagIds[t]! })));
  }
  await db().insert(companyContacts).values({ companyId: ids.metall!, function: "GENERAL", email: "geheim@metallbau.example", phone: "+49 351 123456", consentAt: NOW });
  const ad = (title: string, type: "OFFER" | "INQUIRY", validUntil: Date, companyId = ids.metall!) => ({
    companyId,
    type,
    title,
    description: `${title} — Beschreibung`,
    keywords: ["Laser"],
    termsUrl: "https://example.com/agb",
    validityDays: 30,
    validUntil,
    createdAt: new Date(validUntil.getTime() - 30 * DAY),
  });
  await db()
    .insert(companyServices)
    .values([
      ad("Laserschneiden von Blechen", "OFFER", new Date(NOW.getTime() + 10 * DAY)),
      ad("Laserschneiden abgelaufen", "OFFER", new Date(NOW.getTime() - DAY)),
      ad("Suchen Lasergravur", "INQUIRY", new Date(NOW.getTime() + 20 * DAY)),
      ad("Laserschneiden vom wartenden Betrieb", "OFFER", new Date(NOW.getTime() + 20 * DAY), ids.pending!),
    ]);
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

describe("searchCatalogue: text", () => {
  it("ignores case and diacritics: 'usti' finds Ústí, 'strasse' finds Straße, 'GORLITZ' finds Görlitz", async () => {
    expect(await titles({ term: "usti" })).toEqual(["Labe Logistika s.r.o."]);
    expect(await titles({ term: "strasse" })).toEqual(["Straßenbau Richter GmbH"]);
    expect(await titles({ term: "GORLITZ" })).toEqual(["Metallbau Görlitz GmbH"]);
  });

  it("matches words as prefixes and in both languages' tags", async () => {
    expect(await titles({ term: "softw" })).toEqual(["Softwarehaus Chemnitz GmbH"]);
    expect(await titles({ term: "kovovyroba" })).toEqual(expect.arrayContaining(["Metallbau Görlitz GmbH", "Kovo Liberec a.s."]));
  });

  it("completes a prefix to words of any length", async () => {
    // A short word with the same beginning elsewhere, so the prefix is expanded into a word list.
    expect((await titles({ term: "donaudampf" })).sort()).toEqual(["Labe Logistika s.r.o.", "Plavba Děčín s.r.o."]);
    expect(await titles({ term: "Donaudampfschifffahrtsgesellschaftskapitänsmütze" })).toEqual(["Plavba Děčín s.r.o."]);
  });

  it("tolerates small typos", async () => {
    expect(await titles({ term: "Metalbau" })).toContain("Metallbau Görlitz GmbH");
    expect(await titles({ term: "Chemnitc" })).toEqual(["Softwarehaus Chemnitz GmbH"]);
    expect(await titles({ term: "Xylophon" })).toEqual([]);
    // A word that exists is taken as typed: no alternatives, no trigram search.
    expect((await expandTerm(db(), "metalbau")).query).toContain("'metallbau'");
    const known = await expandTerm(db(), "metallbau");
    expect(known.query).toBe(known.exact);
  });

  it("ranks a name match above a description match, and needs every word", async () => {
    expect(await titles({ term: "metallbau" })).toEqual(["Metallbau Görlitz GmbH", "Kovo Liberec a.s."]);
    expect(await titles({ term: "metallbau görlitz" })).toEqual(["Metallbau Görlitz GmbH"]);
  });
});

describe("searchCatalogue: filters", () => {
  it("keeps the radius edge: 49 km in, 51 km out at 50 km, with the distance", async () => {
    const page = await searchCatalogue(db(), null, query({ tagIds: [tagIds.electrics!], location: ORIGIN, radiusKm: 50 }), "de", NOW);
    expect(page.hits.map((h) => h.title)).toEqual(["Nahbereich Elektro GmbH"]);
    expect(page.hits[0]!.distanceKm).toBeCloseTo(49, 1);
    expect(await titles({ tagIds: [tagIds.electrics!], location: ORIGIN, radiusKm: 100 })).toEqual(["Nahbereich Elektro GmbH", "Fernbereich Elektro GmbH"]);
  });

  it("stores the same geo cells the radius search asks for (SQL and TypeScript agree)", async () => {
    const points = [
      [51.2, 13.8],
      [50.0, 12.0],
      [50.7, 13.9],
      [49.999999999, 14.0375],
      ...Array.from({ length: 60 }, (_, i) => [48.5 + ((i * 0.0537) % 3), 12 + ((i * 0.1173) % 7)]),
    ] as Array<[number, number]>;
    const rows = rowsOf<{ cells: string[] }>(
      await db().execute(sql`SELECT pn_geo_cells(p.lat, p.lon) AS cells
        FROM unnest(${`{${points.map((p) => p[0]).join(",")}}`}::float8[], ${`{${points.map((p) => p[1]).join(",")}}`}::float8[]) WITH ORDINALITY AS p(lat, lon, n)
        ORDER BY n`),
    );
    expect(rows.map((r) => r.cells)).toEqual(points.map(([lat, lon]) => pointCells(lat, lon)));
  });

  it("can answer from the kind's one GIN index, whatever the filters (the partial index matches)", async () => {
    const q = query({ term: "metallbau", tagIds: [tagIds.metal!], nace: ["25"], countries: ["DE"], location: ORIGIN, radiusKm: 100 });
    const term = await expandTerm(db(), q.term);
    const plan = await withTransaction(db(), async (tx) => {
      // On a handful of rows any plan is cheap; leave the planner only bitmap scans, which need
      // an index condition: the test fails if the partial index could not serve the search.
      await tx.execute(sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`);
      return rowsOf<{ "QUERY PLAN": string }>(await tx.execute(sql`EXPLAIN ${searchPageSql(q, NOW, term, "de", searchAudit(null, q, "de"))}`));
    });
    expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toMatch(
      // Text, country, tags, industry and radius cells are all conditions of that one index scan.
      /Bitmap Index Scan on search_documents_companies_idx.*\n\s+Index Cond: \(\(tsv @@.*facets @>.*facets &&.*facets &&.*facets &&/,
    );
    // Ads: the kind reaches the planner as a literal, which is what matching a partial index needs.
    for (const type of ["OFFER", "INQUIRY"] as const) {
      expect(new PgDialect().sqlToQuery(searchPageSql(query({ ...q, type }), NOW, term, "de", searchAudit(null, q, "de"))).sql).toContain(`d.kind = '${type}'`);
    }
  });

  it("sorts by distance on request", async () => {
    const page = await searchCatalogue(db(), null, query({ term: "elektro", location: ORIGIN, radiusKm: 200, sort: "distance" }), "de", NOW);
    expect(page.hits.map((h) => Math.round(h.distanceKm!))).toEqual([49, 51]);
  });

  it("filters by NACE at any level: a division or section includes its classes", async () => {
    expect(await titles({ nace: ["25.11"] })).toEqual(["Metallbau Görlitz GmbH"]);
    expect((await titles({ nace: ["25"] })).sort()).toEqual(["Kovo Liberec a.s.", "Metallbau Görlitz GmbH"]);
    expect(await titles({ nace: ["C"] })).toHaveLength(4);
    expect(await titles({ nace: ["26"] })).toEqual([]);
  });

  it("filters by country", async () => {
    expect((await titles({ term: "metallbau", countries: ["CZ"] }))).toEqual(["Kovo Liberec a.s."]);
    expect((await titles({ nace: ["C", "H"], countries: ["DE"] })).sort()).toEqual(["Fernbereich Elektro GmbH", "Metallbau Görlitz GmbH", "Nahbereich Elektro GmbH"]);
  });

  it("filters by tags (any of the chosen)", async () => {
    expect(await titles({ tagIds: [tagIds.welding!] })).toEqual(["Metallbau Görlitz GmbH"]);
    expect(await titles({ tagIds: [tagIds.welding!, tagIds.software!] })).toHaveLength(2);
  });
});

describe("searchCatalogue: visibility", () => {
  it("never shows unverified or deactivated companies, nor their ads", async () => {
    const all = await titles({ nace: ["25"] });
    expect(all).not.toContain("Metallbau Wartend GmbH");
    expect(all).not.toContain("Metallbau Gesperrt GmbH");
    expect(await titles({ term: "wartenden", type: "OFFER" })).toEqual([]);
  });

  it("shows only unexpired ads, by type", async () => {
    expect(await titles({ term: "laserschneiden", type: "OFFER" })).toEqual(["Laserschneiden von Blechen"]);
    expect(await titles({ term: "laser", type: "INQUIRY" })).toEqual(["Suchen Lasergravur"]);
    const later = await searchCatalogue(db(), null, query({ term: "laserschneiden", type: "OFFER" }), "de", new Date(NOW.getTime() + 11 * DAY));
    expect(later.hits).toEqual([]);
  });

  it("counts every kind for the tabs, with the same filters (withKindCounts)", async () => {
    const page = await searchCatalogue(db(), null, query({ term: "laser" }), "de", NOW, { withKindCounts: true });
    expect(page.hits).toEqual([]);
    expect(page.kindCounts).toEqual({
      COMPANY: { total: 0, totalCapped: false },
      OFFER: { total: 1, totalCapped: false },
      INQUIRY: { total: 1, totalCapped: false },
    });
    const offers = await searchCatalogue(db(), null, query({ term: "laser", type: "OFFER", countries: ["CZ"] }), "de", NOW, { withKindCounts: true });
    expect(offers.kindCounts).toEqual({
      COMPANY: { total: 0, totalCapped: false },
      OFFER: { total: 0, totalCapped: false },
      INQUIRY: { total: 0, totalCapped: false },
    });
    expect((await searchCatalogue(db(), null, query({ term: "laser" }), "de", NOW)).kindCounts).toBeUndefined();
  });

  it("shows an ad's own keywords, a company's tags", async () => {
    const [offer] = (await searchCatalogue(db(), null, query({ term: "laserschneiden", type: "OFFER" }), "de", NOW)).hits;
    expect(offer!.tags).toEqual([{ id: "Laser", label: "Laser" }]);
    const [company] = (await searchCatalogue(db(), null, query({ term: "gorlitz" }), "de", NOW)).hits;
    expect(company!.tags.map((t) => t.label)).toEqual(["Metallverarbeitung", "Schweißen"]);
  });

  it("never carries contact data", async () => {
    const page = await searchCatalogue(db(), null, query({ term: "metallbau" }), "de", NOW);
    expect(JSON.stringify(page)).not.toMatch(/geheim@|123456/);
  });

  it("follows changes at once: verifying, renaming and deleting a company", async () => {
    await db().update(companies).set({ status: "VERIFIED" }).where(eq(companies.id, ids.pending!));
    expect(await titles({ term: "wartend" })).toEqual(["Metallbau Wartend GmbH"]);
    await db().update(companies).set({ name: "Metallbau Umbenannt GmbH", descriptionDe: "Neu.", descriptionCs: "Nový." }).where(eq(companies.id, ids.pending!));
    expect(await titles({ term: "wartend", type: "COMPANY" })).toEqual([]);
    expect(await titles({ term: "umbenannt" })).toEqual(["Metallbau Umbenannt GmbH"]);
    await db().update(tags).set({ labelDe: "Blechbearbeitung" }).where(eq(tags.id, tagIds.metal!));
    expect(await titles({ term: "blechbearbeitung" })).toHaveLength(3);
    const deleted = await db().delete(companies).where(eq(companies.id, ids.pending!)).returning({ id: companies.id });
    expect(deleted).toHaveLength(1);
    expect(await titles({ term: "umbenannt" })).toEqual([]);
  });
});

describe("searchCatalogue: results and statistics", () => {
  it("returns localised excerpts and tags, and counts matches", async () => {
    const page = await searchCatalogue(db(), null, query({ term: "usti" }), "cs", NOW);
    expect(page).toMatchObject({ total: 1, totalCapped: false, page: 1, pageCount: 1 });
    expect(page.hits[0]).toMatchObject({ excerpt: "Přeprava zboží.", city: "Ústí nad Labem", country: "CZ", tags: [{ label: "Logistika" }] });
  });

  it("still counts the matches on a page past the last one", async () => {
    const page = await searchCatalogue(db(), null, query({ term: "metallbau", page: 3 }), "de", NOW);
    expect(page).toMatchObject({ hits: [], total: 2, page: 3, pageCount: 1 });
  });

  it("records SEARCHED without a user for anonymous visitors and with the user id otherwise", async () => {
    await db().delete(auditTrail);
    await searchCatalogue(db(), null, query({ term: "usti" }), "de", NOW);
    const [entry] = await db().select().from(auditTrail).where(eq(auditTrail.action, "SEARCHED"));
    expect(entry).toMatchObject({ userId: null, details: expect.objectContaining({ term: "usti", results: 1, type: "COMPANY" }) });

    const [user] = await db().insert(users).values({ email: "suche@example.com", name: "Suche" }).returning({ id: users.id });
    await db().delete(auditTrail);
    await searchCatalogue(db(), { id: user!.id, role: "Organisation" }, query({ nace: ["25"], countries: ["DE"], page: 4 }), "cs", NOW);
    await searchCatalogue(db(), { id: user!.id, role: "Organisation" }, query({ term: "?!" }), "cs", NOW);
    const entries = await db().select().from(auditTrail).where(eq(auditTrail.action, "SEARCHED")).orderBy(auditTrail.createdAt);
    // Past the last page, the entry still carries the number of matches.
    expect(entries.map((e) => [e.userId, e.details])).toEqual([
      [user!.id, expect.objectContaining({ nace: ["25"], countries: ["DE"], locale: "cs", results: 1 })],
      [user!.id, expect.objectContaining({ term: "?!", results: 0 })],
    ]);
  });

  it("lists the newest unexpired ads for the home page", async () => {
    expect((await latestAds(db(), "de", 5, NOW)).map((h) => h.title)).toEqual(["Suchen Lasergravur", "Laserschneiden von Blechen"]);
  });
});

describe("parseSearchParams", () => {
  const parse = (search: string) => parseSearchParams(new URLSearchParams(search));

  it("treats a URL without parameters as an empty form", () => {
    expect(parse("")).toEqual({ kind: "empty" });
  });

  it("requires a country, a term unless filters narrow the search, and a location for a radius", () => {
    // The form (its marker present) sent with no country ticked.
    expect(parse("f=1&q=metall")).toMatchObject({ kind: "invalid", errors: { country: "SEARCH_COUNTRY_REQUIRED" } });
    expect(parse("country=DE")).toMatchObject({ kind: "invalid", errors: { q: "SEARCH_TERM_REQUIRED" } });
    expect(parse("country=DE&q=a")).toMatchObject({ kind: "invalid", errors: { q: "SEARCH_TERM_REQUIRED" } });
    expect(parse("country=DE&q=metall&r=50")).toMatchObject({ kind: "invalid", errors: { location: "SEARCH_LOCATION_REQUIRED" } });
    expect(parse("country=DE&q=metall&lat=50&lon=14&r=5000")).toMatchObject({ kind: "invalid", errors: { r: "SEARCH_RADIUS_INVALID" } });
    expect(parse("country=XX&q=metall")).toMatchObject({ kind: "invalid", errors: { country: "SEARCH_COUNTRY_REQUIRED" } });
  });

  it("searches both countries when a shared link names none (issue 13)", () => {
    expect(parse("q=usti")).toMatchObject({ kind: "ok", query: { term: "usti", countries: ["DE", "CZ"] } });
    expect(parse("f=1&q=usti&country=CZ")).toMatchObject({ kind: "ok", query: { countries: ["CZ"] } });
  });

  it("accepts filters without a term and gives a location the default radius", () => {
    const result = parse("country=DE&country=CZ&lat=50.7&lon=13.9&place=Teplice&nace=25&tag=3f1c3c1e-0000-4000-8000-000000000001");
    expect(result).toMatchObject({ kind: "ok", query: { radiusKm: 50, nace: ["25"], countries: ["DE", "CZ"], location: { label: "Teplice" } } });
  });

  it("falls back to defaults for unknown type, sort and page", () => {
    expect(parse("country=DE&q=metall&type=X&sort=Y&page=-3")).toMatchObject({ kind: "ok", query: { type: "COMPANY", sort: "relevance", page: 1 } });
  });
});
