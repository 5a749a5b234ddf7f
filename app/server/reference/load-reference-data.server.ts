import fs from "node:fs";
import path from "node:path";
import { count, getTableColumns, notInArray, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import Papa from "papaparse";
import { z } from "zod";
import { type Db, withTransaction } from "~/server/db/client.server";
import { naceCodes, places, postalCodes, programmeRegions } from "~/server/db/schema";
import { forgetNaceList } from "./nace.server";
import { normalizePostalCode } from "./geocode.server";

export interface LoadReferenceDataOptions {
  /** Load `postal_codes` (16k rows, needed by geocodeAddress/searchPlaces). Default true. */
  postalCodes?: boolean;
  /** Load `places` (1.7k towns, geocoding fallback and place search). Default true. */
  places?: boolean;
}

export interface LoadedTable {
  table: string;
  /** Rows the table holds afterwards (= rows in its CSV file(s), after de-duplication). */
  rows: number;
  /** False when the table already held that many rows and was left alone. */
  loaded: boolean;
}

// Rows per INSERT. Each batch travels as one JSON parameter, so this only bounds its size (~0.8 MB).
const BATCH_SIZE = 5000;
// Serialises concurrent loaders (several app servers starting against one PostgreSQL database).
const LOCK_KEY = 727_110_301;

/** Where the CSV files live: `REFERENCE_DATA_DIR`, else `./reference-data` from the working directory. */
export function referenceDataDir(): string {
  return path.resolve(process.env.REFERENCE_DATA_DIR ?? "reference-data");
}

// ---------------------------------------------------------------------------
// CSV parsing (every cell stays a string until its schema converts it)
// ---------------------------------------------------------------------------

const text = z.string().trim().min(1);
const optionalText = z
  .string()
  .trim()
  .transform((value) => value || null);
const decimal = z
  .string()
  .trim()
  .regex(/^-?\d+(\.\d+)?$/)
  .transform(Number);
const integer = z
  .string()
  .trim()
  .regex(/^\d+$/)
  .transform(Number);
const country = z.enum(["DE", "CZ"]);

const naceRow = z
  .object({ code: text, level: integer.pipe(z.number().min(1).max(4)), parent: optionalText, de: text, cs: text })
  .transform((r) => ({ code: r.code, level: r.level, parent: r.parent, labelDe: r.de, labelCs: r.cs }));

const postalRow = z
  .object({
    country,
    postal_code: text.transform(normalizePostalCode),
    place: text,
    region: text,
    district: text,
    district_code: text,
    lat: decimal,
    lon: decimal,
  })
  .transform((r) => ({
    country: r.country,
    postalCode: r.postal_code,
    place: r.place,
    region: r.region,
    district: r.district,
    districtCode: r.district_code,
    lat: r.lat,
    lon: r.lon,
  }));

const placeRow = z
  .object({
    country,
    geonameid: integer,
    name: text,
    region: text,
    district: optionalText,
    district_code: optionalText,
    lat: decimal,
    lon: decimal,
    population: integer,
  })
  .transform((r) => ({
    geonameId: r.geonameid,
    country: r.country,
    name: r.name,
    region: r.region,
    district: r.district,
    districtCode: r.district_code,
    lat: r.lat,
    lon: r.lon,
    population: r.population,
  }));

const programmeRow = z
  .object({ country, region_code: text, name_de: text, name_cs: text, national_code: text, type_de: text, type_cs: text })
  .transform((r) => ({
    regionCode: r.region_code,
    country: r.country,
    nameDe: r.name_de,
    nameCs: r.name_cs,
    nationalCode: r.national_code,
    typeDe: r.type_de,
    typeCs: r.type_cs,
  }));

// Parsed files keyed by path, size and mtime: the test helper loads the data once per test file.
const parsedFiles = new Map<string, unknown[]>();

/** Reads one CSV (header row, RFC 4180) and validates every row; errors name the file and line. */
function readCsv<S extends z.ZodType>(file: string, schema: S): Array<z.output<S>> {
  const fullPath = path.join(referenceDataDir(), file);
  const stat = fs.statSync(fullPath);
  const cacheKey = `${fullPath}:${stat.size}:${stat.mtimeMs}`;
  const cached = parsedFiles.get(cacheKey);
  if (cached) return cached as Array<z.output<S>>;

  const parsed = Papa.parse<Record<string, string>>(fs.readFileSync(fullPath, "utf8"), {
    header: true,
    skipEmptyLines: true,
    dynamicTyping: false,
  });
  const [error] = parsed.errors;
  if (error) throw new Error(`${file}: ${error.message} (row ${error.row ?? "?"})`);
  const rows = parsed.data.map((raw, i) => {
    const result = schema.safeParse(raw);
    if (!result.success) throw new Error(`${file} line ${i + 2}: ${z.prettifyError(result.error)}`);
    return result.data as z.output<S>;
  });
  parsedFiles.set(cacheKey, rows);
  return rows;
}

/** GeoNames may repeat (country, postal code, place); the first row wins, matching the primary key. */
function postalCodeRows() {
  const rows = [...readCsv("postal-codes-de-sn.csv", postalRow), ...readCsv("postal-codes-cz.csv", postalRow)];
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = `${row.country}\u0000${row.postalCode}\u0000${row.place}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// ---------------------------------------------------------------------------
// Loading
// ---------------------------------------------------------------------------

function chunks<T>(rows: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < rows.length; i += size) result.push(rows.slice(i, i + size));
  return result;
}

type Replace<T> = (tx: Db, rows: T[]) => Promise<void>;

/**
 * Bulk insert with each batch as a single JSON parameter (json_populate_recordset): about three
 * times less CPU than drizzle's `insert().values()` with bound parameters on PGlite (16k postal
 * rows: ~0.7 s instead of ~2.2 s), and identical on PostgreSQL. Every column must be in the rows
 * (the reference tables have no defaults).
 */
async function insertRows<T extends PgTable>(tx: Db, table: T, rows: Array<T["$inferInsert"]>): Promise<void> {
  const columns = Object.entries(getTableColumns(table));
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  for (const batch of chunks(rows, BATCH_SIZE)) {
    const records = batch.map((row) =>
      Object.fromEntries(columns.map(([key, column]) => [column.name, (row as Record<string, unknown>)[key] ?? null])),
    );
    await tx.execute(
      sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${JSON.stringify(records)}::json)`,
    );
  }
}

/** Default replacement: empty the table, insert the file's rows in batches. */
function deleteAndInsert<T extends PgTable>(table: T): Replace<T["$inferInsert"]> {
  return async (tx, rows) => {
    await tx.delete(table);
    await insertRows(tx, table, rows);
  };
}

/**
 * NACE codes are referenced by company_nace, so they are upserted instead; removing a code that
 * companies still use fails loudly (foreign key) instead of silently dropping their classification.
 */
const upsertNace: Replace<typeof naceCodes.$inferInsert> = async (tx, rows) => {
  await tx.delete(naceCodes).where(
    notInArray(
      naceCodes.code,
      rows.map((row) => row.code),
    ),
  );
  for (const batch of chunks(rows, 1000)) {
    await tx
      .insert(naceCodes)
      .values(batch)
      .onConflictDoUpdate({
        target: naceCodes.code,
        set: {
          level: sql`excluded.level`,
          parent: sql`excluded.parent`,
          labelDe: sql`excluded.label_de`,
          labelCs: sql`excluded.label_cs`,
        },
      });
  }
};

/** Skips the table when its row count already equals the file's; otherwise replaces it in one transaction. */
async function syncTable<T extends PgTable>(
  db: Db,
  name: string,
  table: T,
  rows: Array<T["$inferInsert"]>,
  replace: Replace<T["$inferInsert"]> = deleteAndInsert(table),
): Promise<LoadedTable> {
  return withTransaction(db, async (tx) => {
    await tx.execute(sql.raw(`select pg_advisory_xact_lock(${LOCK_KEY})`));
    const [existing] = await tx.select({ n: count() }).from(table as PgTable);
    if (existing?.n === rows.length) return { table: name, rows: rows.length, loaded: false };
    await replace(tx, rows);
    return { table: name, rows: rows.length, loaded: true };
  });
}

/**
 * Loads the reference tables from the CSV files in {@link referenceDataDir}. Idempotent and cheap
 * when nothing changed: a table whose row count equals its file's is skipped (files are parsed,
 * the database is only counted). NACE codes and programme regions are always loaded; postal codes
 * and places (the bulk) can be left out, e.g. by tests that do not geocode.
 */
export async function loadReferenceData(db: Db, opts: LoadReferenceDataOptions = {}): Promise<LoadedTable[]> {
  const results = [
    await syncTable(db, "nace_codes", naceCodes, readCsv("nace.csv", naceRow), upsertNace).finally(() => forgetNaceList(db)),
    await syncTable(db, "programme_regions", programmeRegions, readCsv("programme-area.csv", programmeRow)),
  ];
  if (opts.postalCodes ?? true) results.push(await syncTable(db, "postal_codes", postalCodes, postalCodeRows()));
  if (opts.places ?? true) results.push(await syncTable(db, "places", places, readCsv("places-de-cz.csv", placeRow)));
  return results;
}
