// Usage: npm run bench:download [-- --count 3000 --runs 3]
// The company database download (issue 20, decision 034): 3,000 generated companies, each with a
// headquarters, a further location and two contacts, downloaded as XLSX and as CSV through the
// same function and response writers the route uses (companyDownload → xlsx/csvDownloadResponse),
// the body read to the end as a browser would. Reports time and the peak resident memory above the
// baseline before the download (sampled every 5 ms); exits 1 when a peak reaches 100 MB.
// Database: always a scratch one, never the app's or the search benchmark's (the generator's reset
// would replace their generated companies): BENCH_DOWNLOAD_DATABASE_URL (an empty PostgreSQL
// database the benchmark may fill) or else a fresh temporary embedded PGlite.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { count: { type: "string", default: "3000" }, runs: { type: "string", default: "3" } } });
const COUNT = Number(values.count);
const RUNS = Number(values.runs);
delete process.env.DATABASE_URL;
if (process.env.BENCH_DOWNLOAD_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DOWNLOAD_DATABASE_URL;
else process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "pn-bench-download-"));

const { closeDb, getDb } = await import("~/server/db/client.server");
const { migrate } = await import("~/server/db/migrate.server");
const { loadReferenceData } = await import("~/server/reference/load-reference-data.server");
const { generateCompanies, GENERATED_DOMAIN } = await import("~/server/demo/generate-companies.server");
const { companyDownload } = await import("~/server/companies/company-download.server");
const { DEFAULT_COMPANY_DATABASE_FILTER, countCompanyDatabase } = await import("~/server/companies/company-database.server");
const { csvDownloadResponse, xlsxDownloadResponse } = await import("~/server/downloads/table-download.server");
const { users } = await import("~/server/db/schema");
const { sql } = await import("drizzle-orm");

const MB = 1024 * 1024;
const LIMIT_MB = 100;

async function prepare() {
  const db = await getDb();
  await migrate(db);
  await loadReferenceData(db);
  const filter = { ...DEFAULT_COMPANY_DATABASE_FILTER, q: GENERATED_DOMAIN };
  const [admin] = await db
    .insert(users)
    .values({ email: `bench.${Date.now()}@example.com`, name: "Bench Admin", role: "Admin", verified: true, locale: "de" })
    .returning({ id: users.id, role: users.role, email: users.email });
  const actor = { id: admin!.id, role: admin!.role, email: admin!.email } as Parameters<typeof countCompanyDatabase>[1];
  if ((await countCompanyDatabase(db, actor, filter)) !== COUNT) {
    await generateCompanies(db, { count: COUNT, seed: 1, reset: true, newId: randomUUID });
  }
  // Every generated company gets a further location and two contacts (once).
  await db.execute(sql`insert into company_addresses (company_id, kind, country, state, line1, line2, postal_code, city, region_code)
    select c.id, 'LOCATION', a.country, a.state, 'Gewerbepark ' || (row_number() over ())::text, 'Halle 3', a.postal_code, a.city, a.region_code
    from companies c join company_addresses a on a.company_id = c.id and a.kind = 'HEADQUARTERS'
    where c.website like ${`%${GENERATED_DOMAIN}%`} and not exists (select 1 from company_addresses x where x.company_id = c.id and x.kind = 'LOCATION')`);
  await db.execute(sql`insert into company_contacts (company_id, function, name, email, phone, consent_at)
    select c.id, f.fn, f.person, lower(f.fn) || '@' || split_part(c.website, '//', 2), '+49 351 ' || lpad((abs(hashtext(c.id::text)) % 1000000)::text, 6, '0'), now()
    from companies c cross join (values ('SALES', 'Anna Schmidt'), ('MANAGEMENT', 'Jiří Dvořák')) as f(fn, person)
    where c.website like ${`%${GENERATED_DOMAIN}%`} and not exists (select 1 from company_contacts k where k.company_id = c.id)`);
  return { db, actor, filter };
}

async function measure(label: string, make: () => Promise<Response>) {
  if (global.gc) global.gc();
  await new Promise((r) => setTimeout(r, 50));
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  const response = await make();
  let bytes = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  const ms = performance.now() - started;
  clearInterval(timer);
  return { label, ms, bytes, peakAboveMb: (peak - baseline) / MB };
}

let failed = false;
try {
  const { db, actor, filter } = await prepare();
  console.log(`Engine: ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}; ${await countCompanyDatabase(db, actor, filter)} companies selected; Node ${process.version}; ${os.cpus().length} CPUs`);
  console.log("format | run | time (s) | size (MB) | peak RSS above baseline (MB)");
  for (let run = 1; run <= RUNS; run++) {
    for (const [format, respond] of [
      ["xlsx", xlsxDownloadResponse],
      ["csv", csvDownloadResponse],
    ] as const) {
      const result = await measure(format, async () => respond(await companyDownload(db, actor, filter, "de", format)));
      console.log(`${format} | ${run} | ${(result.ms / 1000).toFixed(2)} | ${(result.bytes / MB).toFixed(1)} | ${result.peakAboveMb.toFixed(1)}`);
      if (result.peakAboveMb >= LIMIT_MB) failed = true;
    }
  }
  if (failed) console.error(`A download's peak memory reached ${LIMIT_MB} MB above the baseline.`);
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  failed = true;
} finally {
  await closeDb();
}
process.exitCode = failed ? 1 : 0;
