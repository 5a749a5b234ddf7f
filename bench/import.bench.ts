// Usage: npm run bench:import [-- --rows 100000 --engine postgres|pglite|both --batch 500 --profile <dir>]
// The import benchmark (issue 21, decision 039): generates a CSV and an XLSX file of `rows`
// companies each (Czech and German, IČO or commercial-register number, addresses from the shipped
// gazetteer, NACE codes, tags, contacts) with about 3 % realistic errors (no identifier, a wrong IČO
// check digit, no name, a bad e-mail, an unknown NACE code, a postal code the gazetteer does not
// know), and runs each file end to end through the production path: the stored file streamed by the
// reading module, normalised, checked against the reference data, geocoded, upserted by identifier
// in leased batches. Prints rows/s, wall and CPU time (the Node process and, on the local
// PostgreSQL, the server processes of the benchmark's connections), the load average, and the peak
// resident memory (sampled every 10 ms) absolute and above the baseline; the files are generated
// by a child process, so the baseline is the importing process's own. `--profile <dir>` writes a
// CPU profile of each import (only the import) there. Goals: ≥ 5,000 rows/s, ≤ 400 MB. Exits 1
// when a goal is missed.
// Database: a scratch one, never the app's — BENCH_IMPORT_DATABASE_URL (an empty PostgreSQL
// database), else a fresh database on the local server (postgres://postgres@127.0.0.1:5432, dropped
// afterwards); for PGlite a fresh temporary data directory.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Session } from "node:inspector/promises";
import { parseArgs } from "node:util";
import ExcelJS from "exceljs";
import pg from "pg";

const { values } = parseArgs({
  options: { rows: { type: "string", default: "100000" }, engine: { type: "string", default: "postgres" }, batch: { type: "string", default: "500" }, profile: { type: "string" }, generate: { type: "string" } },
});
const ROWS = Number(values.rows);
const BATCH = Number(values.batch);
const ENGINES = values.engine === "both" ? ["postgres", "pglite"] : [values.engine!];
const MB = 1024 * 1024;
const GOAL_ROWS_PER_S = 5_000;
const GOAL_MB = 400;

const { openPglite, openPostgres } = await import("~/server/db/client.server");
const { migrate } = await import("~/server/db/migrate.server");
const { loadReferenceData } = await import("~/server/reference/load-reference-data.server");
const { LocalDiskStorage } = await import("~/server/storage/storage.server");
const { companyImports, tags, users } = await import("~/server/db/schema");
const { runImport } = await import("~/server/imports/run/runner.server");
const { fileRowReader } = await import("~/server/imports/run/file-reader.server");
const { sql } = await import("drizzle-orm");
type Db = Awaited<ReturnType<typeof openPostgres>>["db"];
type Mapping = (typeof companyImports.$inferInsert)["mapping"];

const HEADER = ["IČO", "Handelsregister", "Firma", "E-Mail", "Telefon", "Web", "Straße", "PLZ", "Ort", "NACE", "Schlagworte", "Beschreibung"];
const MAPPING: Mapping = [
  { column: 0, field: "identifier", identifierKind: "ICO" },
  { column: 1, field: "identifier", identifierKind: "COMMERCIAL_REGISTER" },
  { column: 2, field: "name" },
  { column: 3, field: "email" },
  { column: 4, field: "phone" },
  { column: 5, field: "website" },
  { column: 6, field: "addressLine1", group: 1 },
  { column: 7, field: "postalCode", group: 1 },
  { column: 8, field: "city", group: 1 },
  { column: 9, field: "nace" },
  { column: 10, field: "tag" },
  { column: 11, field: "description" },
];

function validIco(n: number): string {
  const base = String(n % 10_000_000).padStart(7, "0");
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(base[i]) * (8 - i);
  return `${base}${(11 - (sum % 11)) % 10}`;
}

/** A small deterministic generator (mulberry32), so every run imports the same files. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Places {
  de: Array<{ postalCode: string; city: string }>;
  cz: Array<{ postalCode: string; city: string }>;
}

/** Row `i` of a file whose identifiers start at `base`: ~3 % carry one of the usual mistakes. */
function makeRow(i: number, base: number, rnd: () => number, places: Places, nace: string[], tagLabels: string[]): string[] {
  const czech = i % 2 === 0;
  const place = czech ? places.cz[Math.floor(rnd() * places.cz.length)]! : places.de[Math.floor(rnd() * places.de.length)]!;
  const n = base + i;
  let ico = czech ? validIco(n) : "";
  let register = czech ? "" : `HRB ${n}`;
  let name = czech ? `Strojírna ${n} s.r.o.` : `Maschinenbau ${n} GmbH`;
  let email = `info@firma${n}.example`;
  let naceCell = `${nace[n % nace.length]}, ${nace[(n * 7) % nace.length]}`;
  let postalCode = place.postalCode;
  const error = rnd();
  if (error < 0.008) {
    ico = "";
    register = "";
  } else if (error < 0.013 && czech) ico = `${ico.slice(0, 7)}${(Number(ico[7]) + 1) % 10}`;
  else if (error < 0.018) name = "";
  else if (error < 0.023) email = "kein-at-zeichen";
  else if (error < 0.026) naceCell = "99.99";
  else if (error < 0.03) postalCode = czech ? "99999" : "00000";
  return [
    ico,
    register,
    name,
    email,
    czech ? `+420 47${String(n % 10_000_000).padStart(7, "0")}` : `+49 351 ${String(n % 1_000_000).padStart(6, "0")}`,
    `https://www.firma${n}.example`,
    czech ? `Masarykova ${(n % 300) + 1}` : `Hauptstraße ${(n % 300) + 1}`,
    postalCode,
    place.city,
    naceCell,
    `${tagLabels[n % tagLabels.length]}; ${tagLabels[(n * 3) % tagLabels.length]}`,
    czech ? "Kovovýroba a obrábění na zakázku, svařování, povrchové úpravy." : "Metallbau und Lohnfertigung, Schweißen, Oberflächentechnik.",
  ];
}

function csvLine(cells: string[]): string {
  return cells.map((c) => (/[;"\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(";");
}

async function writeFiles(dir: string, places: Places, nace: string[], tagLabels: string[]) {
  const csvFile = path.join(dir, "imports", `${randomBytes(12).toString("hex")}.csv`);
  const xlsxFile = path.join(dir, "imports", `${randomBytes(12).toString("hex")}.xlsx`);
  fs.mkdirSync(path.dirname(csvFile), { recursive: true });
  const csv = fs.createWriteStream(csvFile);
  let rnd = random(1);
  csv.write(`\uFEFF${csvLine(HEADER)}\r\n`);
  for (let i = 0; i < ROWS; i++) {
    if (!csv.write(`${csvLine(makeRow(i, 1_000_000, rnd, places, nace, tagLabels))}\r\n`)) await new Promise<void>((r) => csv.once("drain", () => r()));
  }
  await new Promise<void>((resolve, reject) => csv.end((error?: Error | null) => (error ? reject(error) : resolve())));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: xlsxFile, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet("Firmen");
  sheet.addRow(HEADER).commit();
  rnd = random(2);
  for (let i = 0; i < ROWS; i++) sheet.addRow(makeRow(i, 3_000_000, rnd, places, nace, tagLabels)).commit();
  sheet.commit();
  await workbook.commit();
  return { csv: { key: `imports/${path.basename(csvFile)}`, size: fs.statSync(csvFile).size }, xlsx: { key: `imports/${path.basename(xlsxFile)}`, size: fs.statSync(xlsxFile).size } };
}

/** What the child process needs to write the files (`--generate <spec.json>`). */
interface GenerateSpec {
  dir: string;
  places: Places;
  nace: string[];
  tagLabels: string[];
}

/** Writes the files in a child process: the importing process's memory baseline stays its own. */
function generateInChild(spec: GenerateSpec): Awaited<ReturnType<typeof writeFiles>> {
  const specFile = path.join(spec.dir, "generate.json");
  fs.writeFileSync(specFile, JSON.stringify(spec));
  const output = execFileSync(process.execPath, [...process.execArgv, process.argv[1]!, "--rows", String(ROWS), "--generate", specFile], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  return JSON.parse(output.trim().split("\n").pop()!);
}

async function prepare(db: Db) {
  await migrate(db);
  await loadReferenceData(db);
  const [admin] = await db.insert(users).values({ email: `bench.import.${Date.now()}@example.com`, name: "Bench Admin", role: "Admin", verified: true, locale: "de" }).returning({ id: users.id });
  const tagLabels = ["Metallbau", "Schweißen", "Zerspanung", "Export", "Automotive", "Kunststoff", "Elektronik", "Logistik"];
  await db
    .insert(tags)
    .values(tagLabels.map((labelDe, i) => ({ labelDe, labelCs: `Štítek ${i + 1}` })))
    .onConflictDoNothing();
  const nace = (await db.execute(sql`SELECT code FROM nace_codes WHERE level = 4 ORDER BY code`)) as unknown as { rows?: Array<{ code: string }> } | Array<{ code: string }>;
  const naceRows = (Array.isArray(nace) ? nace : (nace.rows ?? [])).map((r) => r.code);
  const pick = async (country: string) => {
    const result = (await db.execute(sql`SELECT DISTINCT ON (postal_code) postal_code, place FROM postal_codes WHERE country = ${country} ORDER BY postal_code, place LIMIT 2000`)) as unknown as
      | { rows?: Array<{ postal_code: string; place: string }> }
      | Array<{ postal_code: string; place: string }>;
    return (Array.isArray(result) ? result : (result.rows ?? [])).map((r) => ({ postalCode: r.postal_code, city: r.place }));
  };
  return { adminId: admin!.id, tagLabels, nace: naceRows, places: { de: await pick("DE"), cz: await pick("CZ") } };
}

/** Times the reader's own work (reading + normalising) so that resolve + write is the rest. */
function timedReader(inner: ReturnType<typeof fileRowReader>, times: { readMs: number; normaliseMs: number }): ReturnType<typeof fileRowReader> {
  return {
    async *rows(record, options) {
      const iterator = inner.rows(record, options)[Symbol.asyncIterator]();
      try {
        for (;;) {
          const started = performance.now();
          const next = await iterator.next();
          times.readMs += performance.now() - started;
          if (next.done) return;
          yield next.value;
        }
      } finally {
        await iterator.return?.();
      }
    },
    normalise(row, record) {
      const started = performance.now();
      const result = inner.normalise(row, record);
      times.normaliseMs += performance.now() - started;
      return result;
    },
  };
}

async function runOne(db: Db, engine: string, format: "CSV" | "XLSX", file: { key: string; size: number }, storage: InstanceType<typeof LocalDiskStorage>, adminId: string) {
  const [record] = await db
    .insert(companyImports)
    .values({ fileKey: file.key, fileName: `bench.${format.toLowerCase()}`, fileSize: file.size, format, encoding: format === "CSV" ? "utf-8-bom" : null, separator: format === "CSV" ? ";" : null, hasHeader: true, language: "de", country: "DE", mapping: MAPPING, headers: HEADER, status: "FILE_UPLOADED", createdBy: adminId, queuedAt: new Date() })
    .returning({ id: companyImports.id });
  global.gc?.();
  const loadBefore = os.loadavg()[0]!;
  const server = await serverCpu(db, engine);
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const times = { readMs: 0, normaliseMs: 0 };
  const timings = { resolveMs: 0, writeMs: 0 };
  const batchTimes: number[] = [];
  let last = performance.now();
  const cpu = process.cpuUsage();
  const profiler = values.profile ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post("Profiler.enable");
    await profiler.post("Profiler.start");
  }
  const started = performance.now();
  const outcome = await runImport(db, record!.id, {
    reader: timedReader(fileRowReader(storage), times),
    batchSize: BATCH,
    commitsInFlight: Number(process.env.BENCH_IMPORT_IN_FLIGHT ?? 2),
    timings,
    afterBatch: () => {
      const now = performance.now();
      batchTimes.push(now - last);
      last = now;
    },
  });
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  clearInterval(timer);
  if (profiler) {
    const { profile } = await profiler.post("Profiler.stop");
    fs.mkdirSync(values.profile!, { recursive: true });
    const file = path.join(values.profile!, `import-${engine}-${format.toLowerCase()}-${Date.now()}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    profiler.disconnect();
    console.log(`  CPU profile: ${file}`);
  }
  const serverS = await server.used();
  const loadAfter = os.loadavg()[0]!;
  const [done] = await db.select().from(companyImports).where(sql`${companyImports.id} = ${record!.id}`);
  const rowsPerS = (done!.rowsDone / wallMs) * 1000;
  const cpuS = (used.user + used.system) / 1e6;
  const peakMb = peak / MB;
  const median = [...batchTimes].sort((a, b) => a - b)[Math.floor(batchTimes.length / 2)] ?? 0;
  console.log(
    `${engine} | ${format} | ${outcome} | ${done!.rowsDone} | ${done!.createdCount}/${done!.updatedCount}/${done!.skippedCount}/${done!.failedCount} | ${(wallMs / 1000).toFixed(1)} | ${cpuS.toFixed(1)} | ${serverS === null ? "–" : serverS.toFixed(1)} | ${Math.round(rowsPerS)} | ${peakMb.toFixed(0)} (${(baseline / MB).toFixed(0)} + ${((peak - baseline) / MB).toFixed(0)}) | ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
  );
  const resolveOnly = timings.resolveMs - times.normaliseMs;
  console.log(
    `  profile: read ${(times.readMs / 1000).toFixed(1)} s, normalise ${(times.normaliseMs / 1000).toFixed(1)} s, resolve (NACE, tags, geocoding) ${(resolveOnly / 1000).toFixed(1)} s, write transactions ${(timings.writeMs / 1000).toFixed(1)} s; median batch of ${BATCH}: ${median.toFixed(0)} ms`,
  );
  return rowsPerS >= GOAL_ROWS_PER_S && peakMb <= GOAL_MB;
}

/**
 * CPU seconds of the PostgreSQL server processes serving this benchmark's database (the local
 * server only: read from /proc), so that the database's work is seen apart from the machine's load.
 */
async function serverCpu(db: Db, engine: string): Promise<{ used(): Promise<number | null> }> {
  if (engine !== "postgres" || !fs.existsSync("/proc/self/stat")) return { used: async () => null };
  const ticks = (pid: number) => {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return null;
    }
  };
  const pids = async () => {
    const result = (await db.execute(sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`)) as unknown as { rows: Array<{ pid: number }> };
    return result.rows.map((r) => r.pid);
  };
  const before = new Map<number, number>();
  for (const pid of await pids()) {
    const t = ticks(pid);
    if (t !== null) before.set(pid, t);
  }
  if (before.size === 0) return { used: async () => null };
  return {
    async used() {
      let total = 0;
      for (const pid of await pids()) {
        const t = ticks(pid);
        if (t !== null) total += t - (before.get(pid) ?? 0);
      }
      return total / 100;
    },
  };
}

if (values.generate) {
  // The child: writes the two files and prints where they are.
  const spec = JSON.parse(fs.readFileSync(values.generate, "utf8")) as GenerateSpec;
  console.log(JSON.stringify(await writeFiles(spec.dir, spec.places, spec.nace, spec.tagLabels)));
  process.exit(0);
}

let ok = true;
const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "pn-bench-import-"));
try {
  console.log(`Import benchmark: ${ROWS} rows per file, batches of ${BATCH}; Node ${process.version}; ${os.cpus().length} CPUs; load ${os.loadavg()[0]!.toFixed(1)}`);
  console.log("engine | format | outcome | rows | created/updated/skipped/failed | wall (s) | CPU Node (s) | CPU PostgreSQL (s) | rows/s | peak RSS MB (baseline + growth) | load before → after");
  for (const engine of ENGINES) {
    let drop: (() => Promise<void>) | null = null;
    let handle: Awaited<ReturnType<typeof openPostgres>>;
    if (engine === "postgres") {
      let url = process.env.BENCH_IMPORT_DATABASE_URL;
      if (!url) {
        const admin = "postgres://postgres@127.0.0.1:5432/postgres";
        const name = `pn_bench_import_${Date.now()}`;
        const client = new pg.Client({ connectionString: admin });
        await client.connect();
        await client.query(`CREATE DATABASE ${name}`);
        await client.end();
        url = `postgres://postgres@127.0.0.1:5432/${name}`;
        drop = async () => {
          const c = new pg.Client({ connectionString: admin });
          await c.connect();
          await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await c.end();
        };
      }
      handle = await openPostgres(url, { connectTimeoutMs: 10_000, statementTimeoutMs: 0 });
    } else {
      handle = await openPglite(fs.mkdtempSync(path.join(os.tmpdir(), "pn-bench-import-pglite-")));
    }
    try {
      const setup = await prepare(handle.db);
      const files = generateInChild({ dir: storageDir, places: setup.places, nace: setup.nace, tagLabels: setup.tagLabels });
      const storage = new LocalDiskStorage(storageDir);
      ok = (await runOne(handle.db, engine, "CSV", files.csv, storage, setup.adminId)) && ok;
      ok = (await runOne(handle.db, engine, "XLSX", files.xlsx, storage, setup.adminId)) && ok;
    } finally {
      await handle.close();
      await drop?.();
    }
  }
  console.log(`kernel maxRSS of the importing process: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (the files are generated by a child process)`);
  if (!ok) console.error(`A goal was missed (≥ ${GOAL_ROWS_PER_S} rows/s, ≤ ${GOAL_MB} MB).`);
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  ok = false;
} finally {
  fs.rmSync(storageDir, { recursive: true, force: true });
}
process.exitCode = ok ? 0 : 1;
