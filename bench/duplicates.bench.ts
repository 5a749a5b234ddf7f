// Usage: npm run bench:duplicates [-- --count 300000 --planted 3000 --keep]
// Duplicate detection at scale (issue 21, decision 040), on PostgreSQL only: creates a scratch
// database on the server of BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// generates `count` companies with the search benchmark's generator (names made as varied as a real
// directory's by a brand word), gives each a register number (DE) or IČO (CZ), a website and a
// contact address at its domain, and plants `planted` duplicates of each kind (a copy of a random
// company: same IČO far away under another name; same register number likewise; same website
// domain likewise; same e-mail domain with a similar name at a random place; a similar name within 5 km).
// Then it times the detection job's work (detectDuplicates) twice — a first run and a re-run over
// the existing pairs — with the production statement timeout, and prints wall time, CPU time (this
// process and the database backends of the scratch database) and the planted pairs found per
// reason, plus the pairs found that were not planted. The scratch database is dropped unless --keep.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { parseArgs } from "node:util";
import pg from "pg";

const { values } = parseArgs({
  options: { count: { type: "string", default: "300000" }, planted: { type: "string", default: "3000" }, keep: { type: "boolean", default: false } },
});
const COUNT = Number(values.count);
const PLANTED = Number(values.planted);
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const NAME = `pn_bench_dup_${Date.now().toString(36)}`;
const url = new URL(ADMIN_URL);
url.pathname = `/${NAME}`;
process.env.DATABASE_URL = url.toString();

const { openPostgres, rowsOf } = await import("~/server/db/client.server");
const { migrate } = await import("~/server/db/migrate.server");
const { loadReferenceData } = await import("~/server/reference/load-reference-data.server");
const { generateCompanies } = await import("~/server/demo/generate-companies.server");
const { detectDuplicates } = await import("~/server/duplicates/detection.server");
const { config } = await import("~/server/config.server");

const KINDS = ["SAME_ICO", "SAME_COMMERCIAL_REGISTER", "SAME_WEBSITE_DOMAIN", "SAME_EMAIL_DOMAIN_SIMILAR_NAME", "SIMILAR_NAME_NEARBY"] as const;

/** CPU seconds per process of this database's backends (and parallel workers), from /proc. */
function backendCpu(): Map<string, number> {
  const tick = 100; // USER_HZ on Linux
  const cpu = new Map<string, number>();
  for (const pid of fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (!cmd.startsWith("postgres:") || !(cmd.includes(NAME) || cmd.includes("parallel worker"))) continue;
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / tick);
    } catch {
      // the process ended meanwhile
    }
  }
  return cpu;
}

/** CPU the backends used between two snapshots (a process that ended meanwhile is not counted; a new one fully). */
function cpuSince(before: Map<string, number>): number {
  let total = 0;
  for (const [pid, seconds] of backendCpu()) total += seconds - (before.get(pid) ?? 0);
  return total;
}

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${NAME}`);
const setup = await openPostgres(url.toString(), { connectTimeoutMs: 10_000, statementTimeoutMs: 0 });
// The detection runs as the job would: with the app's statement timeout.
const work = await openPostgres(url.toString(), { connectTimeoutMs: 10_000, statementTimeoutMs: config.dbStatementTimeoutMs });
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  rowsOf<T>(await (setup.db as unknown as { $client: pg.Pool }).$client.query(text, params));

try {
  const t0 = performance.now();
  await migrate(setup.db);
  await loadReferenceData(setup.db);
  const base = COUNT - KINDS.length * PLANTED;
  await generateCompanies(setup.db, { count: base, seed: 1, reset: false, newId: randomUUID, log: (m) => console.log(m) });
  console.log(`Generated ${base} companies in ${((performance.now() - t0) / 1000).toFixed(0)} s; adding identifiers, contacts, planted duplicates …`);

  // The search table is not part of this benchmark: its triggers stay off while the data is shaped.
  for (const table of ["companies", "company_addresses", "company_nace", "company_tags", "company_services"]) await q(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
  // A brand word (three of 40 syllables, from the id) makes names as varied as a real directory's.
  await q(`UPDATE companies c SET name = initcap(s.syl[1 + get_byte(decode(md5(c.id::text), 'hex'), 0) % 40]
              || s.syl[1 + get_byte(decode(md5(c.id::text), 'hex'), 1) % 40] || s.syl[1 + get_byte(decode(md5(c.id::text), 'hex'), 2) % 40]) || ' ' || c.name
            FROM (SELECT ARRAY['ka','lo','mi','ra','te','no','vi','sa','du','be','ko','ri','ta','ne','lu','pa','de','mo','si','ga',
                               'ha','je','ku','ze','fo','bri','stra','ven','tor','lin','mar','sol','ber','gen','dor','fal','wen','mir','kon','tal'] AS syl) s`);
  await q(`INSERT INTO company_identifiers (company_id, kind, value, normalized)
           SELECT c.id, CASE WHEN a.country = 'CZ' THEN 'ICO' ELSE 'COMMERCIAL_REGISTER' END, x.v, x.v
             FROM companies c JOIN company_addresses a ON a.company_id = c.id AND a.kind = 'HEADQUARTERS',
                  LATERAL (SELECT CASE WHEN a.country = 'CZ' THEN lpad((abs(hashtext(c.id::text)) % 100000000)::text, 8, '0')
                                       ELSE 'HRB' || (abs(hashtext(c.id::text)) % 10000000)::text || 'DRESDEN' END AS v) x`);
  await q(`INSERT INTO company_contacts (company_id, function, email, phone, consent_at)
           SELECT id, 'GENERAL', 'info@' || pn_web_domain(website), '+49 351 000000', now() FROM companies`);

  // The planted copies: PLANTED per kind, each a copy of a distinct random company.
  await q(`CREATE TABLE bench_planted (kind text NOT NULL, source uuid NOT NULL, copy uuid NOT NULL)`);
  const sources = await q<{ id: string }>(`SELECT id FROM companies ORDER BY md5(id::text) LIMIT $1`, [KINDS.length * PLANTED]);
  for (const [k, kind] of KINDS.entries()) {
    const ids = sources.slice(k * PLANTED, (k + 1) * PLANTED).map((s) => s.id);
    const farName = kind === "SAME_ICO" || kind === "SAME_COMMERCIAL_REGISTER" || kind === "SAME_WEBSITE_DOMAIN";
    // Name: another firm's name (far-away kinds) or the same name with another legal form / a typo / "Service".
    // Place: a random postal code at least 60 km away, or within ~5 km.
    await q(
      `WITH src AS MATERIALIZED (
              SELECT c.*, gen_random_uuid() AS copy, row_number() OVER (ORDER BY c.id) AS n FROM companies c WHERE c.id = ANY($1::uuid[])),
            made AS (
              INSERT INTO companies (id, name, description_de, description_cs, website, status, origin, created_at)
              SELECT src.copy,
                     CASE WHEN $2 THEN 'Holding ' || substr(md5(src.id::text), 1, 10) || ' GmbH'
                          WHEN src.n % 3 = 0 THEN regexp_replace(src.name, '(GmbH|s\\.r\\.o\\.|a\\.s\\.|AG|e\\.K\\.|v\\.o\\.s\\.)', 'GmbH & Co. KG')
                          WHEN src.n % 3 = 1 THEN replace(replace(src.name, 'ü', 'ue'), 'a', 'á')
                          ELSE src.name || ' Service' END,
                     src.description_de, src.description_cs,
                     CASE WHEN $3 = 'SAME_WEBSITE_DOMAIN' THEN replace(src.website, 'https://', 'http://www.') || '/kontakt'
                          ELSE 'https://p' || src.n || '-' || lower(replace($3, '_', '-')) || '.planted.example' END,
                     'VERIFIED', 'IMPORTED', now()
                FROM src
              RETURNING id)
       INSERT INTO bench_planted (kind, source, copy) SELECT $3, src.id, src.copy FROM src WHERE src.copy IN (SELECT id FROM made)`,
      [ids, farName, kind],
    );
  }
  // Headquarters of the copies: a random postal place (mostly far away) or within ~5 km of the source's.
  await q(`INSERT INTO company_addresses (company_id, kind, country, state, line1, postal_code, city, lat, lon)
           WITH z AS (SELECT *, row_number() OVER (ORDER BY country, postal_code, place) AS k FROM postal_codes),
                total AS (SELECT count(*) AS n FROM z)
           SELECT p.copy, 'HEADQUARTERS', z.country, z.region, 'Kopie 1', z.postal_code, z.place, z.lat, z.lon
             FROM bench_planted p CROSS JOIN total JOIN z ON z.k = 1 + abs(hashtext(p.copy::text)) % total.n
            WHERE p.kind <> 'SIMILAR_NAME_NEARBY'`);
  await q(`INSERT INTO company_addresses (company_id, kind, country, state, line1, postal_code, city, lat, lon)
           SELECT p.copy, 'HEADQUARTERS', a.country, a.state, 'Kopie 2', a.postal_code, a.city,
                  a.lat + ((get_byte(decode(md5(p.copy::text), 'hex'), 0) - 128) / 128.0) * 0.03,
                  a.lon + ((get_byte(decode(md5(p.copy::text), 'hex'), 1) - 128) / 128.0) * 0.045
             FROM bench_planted p JOIN company_addresses a ON a.company_id = p.source AND a.kind = 'HEADQUARTERS'
            WHERE p.kind = 'SIMILAR_NAME_NEARBY'`);
  await q(`INSERT INTO company_identifiers (company_id, kind, value, normalized)
           SELECT p.copy, i.kind, i.value, i.normalized FROM bench_planted p JOIN company_identifiers i ON i.company_id = p.source
            WHERE (p.kind = 'SAME_ICO' AND i.kind = 'ICO') OR (p.kind = 'SAME_COMMERCIAL_REGISTER' AND i.kind = 'COMMERCIAL_REGISTER')`);
  // ICO copies of German sources and register copies of Czech ones need the identifier planted too.
  await q(`INSERT INTO company_identifiers (company_id, kind, value, normalized)
           SELECT x.id, CASE WHEN p.kind = 'SAME_ICO' THEN 'ICO' ELSE 'COMMERCIAL_REGISTER' END, 'P' || p.copy::text, 'P' || p.copy::text
             FROM bench_planted p, LATERAL (VALUES (p.source), (p.copy)) AS x(id)
            WHERE (p.kind = 'SAME_ICO' AND NOT EXISTS (SELECT 1 FROM company_identifiers i WHERE i.company_id = p.source AND i.kind = 'ICO'))
               OR (p.kind = 'SAME_COMMERCIAL_REGISTER' AND NOT EXISTS (SELECT 1 FROM company_identifiers i WHERE i.company_id = p.source AND i.kind = 'COMMERCIAL_REGISTER'))`);
  await q(`INSERT INTO company_contacts (company_id, function, email, phone, consent_at)
           SELECT p.copy, 'SALES', CASE WHEN p.kind = 'SAME_EMAIL_DOMAIN_SIMILAR_NAME' THEN 'vertrieb@' || pn_web_domain(c.website)
                                        ELSE 'info@' || pn_web_domain(k.website) END, '+420 123 456 789', now()
             FROM bench_planted p JOIN companies c ON c.id = p.source JOIN companies k ON k.id = p.copy`);
  // A few free-mail contacts (they must not pair anything).
  await q(`INSERT INTO company_contacts (company_id, function, email, phone, consent_at)
           SELECT id, 'OTHER', 'firma' || (abs(hashtext(id::text)) % 1000) || '@gmail.com', '+420 1', now() FROM companies WHERE abs(hashtext(id::text)) % 20 = 0`);
  await q(`VACUUM ANALYZE`);
  const [{ n: total } = { n: 0 }] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM companies`);
  console.log(`Data ready: ${total} companies (${KINDS.length} × ${PLANTED} planted copies) in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

  for (const label of ["first run", "re-run"]) {
    const cpu0 = process.cpuUsage();
    const db0 = backendCpu();
    const started = performance.now();
    const result = await detectDuplicates(work.db);
    const wall = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const dbCpu = cpuSince(db0);
    console.log(
      `\nDetection ${label}: wall ${wall.toFixed(1)} s; CPU this process ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, database ${dbCpu.toFixed(1)} s; open pairs ${result.pairs}`,
    );
    console.log(`  pairs per reason: ${KINDS.map((k) => `${k} ${result.byReason[k]}`).join(", ")}`);
  }
  const found = await q<{ kind: string; planted: number; found: number; with_reason: number }>(
    `SELECT p.kind, count(*)::int AS planted, count(d.company_a)::int AS found, count(*) FILTER (WHERE p.kind = ANY(d.reasons))::int AS with_reason
       FROM bench_planted p LEFT JOIN company_duplicate_pairs d ON d.company_a = least(p.source, p.copy) AND d.company_b = greatest(p.source, p.copy)
      GROUP BY p.kind ORDER BY p.kind`,
  );
  console.log("\nPlanted pairs found (any reason / with the planted reason):");
  for (const row of found) console.log(`  ${row.kind}: ${row.found} / ${row.with_reason} of ${row.planted}`);
  const extra = await q<{ reason: string; n: number }>(
    `SELECT r AS reason, count(*)::int AS n FROM company_duplicate_pairs d, unnest(d.reasons) r
      WHERE NOT EXISTS (SELECT 1 FROM bench_planted p WHERE d.company_a = least(p.source, p.copy) AND d.company_b = greatest(p.source, p.copy))
      GROUP BY r ORDER BY r`,
  );
  console.log(`Pairs found that were not planted (generated look-alikes), by reason: ${extra.map((e) => `${e.reason} ${e.n}`).join(", ") || "none"}`);
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  if (error instanceof Error && error.cause) console.error("Caused by:", error.cause);
  process.exitCode = 1;
} finally {
  await work.close();
  await setup.close();
  if (!values.keep) await admin.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  else console.log(`Kept database ${NAME}`);
  await admin.end();
}
