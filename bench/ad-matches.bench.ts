// Usage: DATABASE_URL=postgres://… npm run bench:ad-matches [-- --runs 60 --prune]
// Offers meet requests (issue 25, decision 060) on a generated database (npm run generate --
// --count 300000: 300,000 companies, ≈ 147,000 ads). Each run publishes a new ad (offer or
// inquiry, alternating) for a random generated company, as createService would (the search
// triggers add its row), and then times what the ad's page computes: the ad's match profile and
// its 20 best complementary ads with the per-country company counts. Not timed: the insert. Wall
// time is the client's; CPU is the database backend's (its /proc/<pid>/schedstat, nanoseconds on
// CPU — the database is local), so a busy machine shows in wall time, not in CPU. Then the same
// for the account's count-only query. The ads are removed again at the end. --prune first runs
// the daily job's pruneExpiredAdMatches (irreversible on that database: expired ads leave the
// match table), the steady state; without it, every expired generated ad is still a candidate.
import fs from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { findMatches, loadMatchProfile, pruneExpiredAdMatches } from "~/server/ad-matches/ad-matches.server";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { type Db, rowsOf } from "~/server/db/client.server";
import * as schema from "~/server/db/schema";

const { values } = parseArgs({ options: { runs: { type: "string", default: "60" }, prune: { type: "boolean", default: false } } });
const RUNS = Number(values.runs);
const url = process.env.DATABASE_URL;
if (!url) {
  console.error("DATABASE_URL must point at a generated database (npm run generate -- --count 300000)");
  process.exit(2);
}

// One connection, so its backend's CPU can be read.
const client = new pg.Client({ connectionString: url });
await client.connect();
const bdb = drizzle(client, { schema }) as unknown as Db;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

const [{ pid }] = rowsOf<{ pid: number }>(await bdb.execute(sql`SELECT pg_backend_pid() AS pid`)) as [{ pid: number }];
const backendCpuMs = () => {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
  } catch {
    return Number.NaN;
  }
};
const [{ companies, ads }] = rowsOf<{ companies: string; ads: string }>(
  await bdb.execute(sql`SELECT (SELECT count(*) FROM companies) AS companies, (SELECT count(*) FROM company_services) AS ads`),
) as [{ companies: string; ads: string }];
console.log(`${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, load ${os.loadavg()[0]!.toFixed(1)}, Node ${process.version}`);
if (values.prune) console.log(`pruned ${await pruneExpiredAdMatches(bdb, new Date())} expired ads from the match table`);
const [{ current }] = rowsOf<{ current: string }>(await bdb.execute(sql`SELECT count(*) AS current FROM ad_match_docs WHERE valid_until > now()`)) as [{ current: string }];
const [{ inTable }] = rowsOf<{ inTable: string }>(await bdb.execute(sql`SELECT count(*) AS "inTable" FROM ad_match_docs`)) as [{ inTable: string }];
console.log(`${companies} companies, ${ads} ads (${current} current; ${inTable} in the match table), ${RUNS} new ads\n`);

const picks = rowsOf<{ id: string; kw: string }>(
  await bdb.execute(sql`
    SELECT c.id, (SELECT t.label_cs FROM company_tags ct JOIN tags t ON t.id = ct.tag_id WHERE ct.company_id = c.id LIMIT 1) AS kw
    FROM companies c TABLESAMPLE SYSTEM (1) REPEATABLE (7)
    WHERE c.status = 'VERIFIED' AND c.website LIKE '%.gen.example%' LIMIT ${RUNS}`),
);
const created: string[] = [];
const full = { wall: [] as number[], cpu: [] as number[], listed: [] as number[], total: [] as number[] };
const countOnly = { wall: [] as number[], cpu: [] as number[] };
const now = new Date();
try {
  for (const [i, pick] of picks.entries()) {
    const type = i % 2 === 0 ? "OFFER" : "INQUIRY";
    const [row] = rowsOf<{ id: string }>(
      await bdb.execute(sql`
        INSERT INTO company_services (company_id, type, title, description, keywords, terms_url, validity_days, valid_until)
        VALUES (${pick.id}, ${type}, 'Bench', 'Bench ad', ARRAY[${pick.kw ?? "Export"}]::text[], 'https://bench.example/agb', 30, now() + interval '30 days')
        RETURNING id`),
    );
    created.push(row!.id);
    let c0 = backendCpuMs();
    let t0 = performance.now();
    const profile = (await loadMatchProfile(bdb, row!.id))!;
    const result = await findMatches(bdb, profile, now, 20);
    full.wall.push(performance.now() - t0);
    full.cpu.push(backendCpuMs() - c0);
    full.listed.push(result.matches.length);
    full.total.push(result.total);
    c0 = backendCpuMs();
    t0 = performance.now();
    await findMatches(bdb, await loadMatchProfile(bdb, row!.id).then((p) => p!), now, 0);
    countOnly.wall.push(performance.now() - t0);
    countOnly.cpu.push(backendCpuMs() - c0);
  }
} finally {
  if (created.length > 0) await bdb.execute(sql`DELETE FROM company_services WHERE id = ANY(${`{${created.join(",")}}`}::uuid[])`);
  await client.end();
}

const line = (label: string, xs: number[]) => `${label.padEnd(28)} median ${pct(xs, 50).toFixed(1).padStart(6)} ms   p95 ${pct(xs, 95).toFixed(1).padStart(6)} ms   max ${Math.max(...xs).toFixed(1).padStart(6)} ms`;
console.log(line("ad page: wall", full.wall));
console.log(line("ad page: backend CPU", full.cpu));
console.log(line("account count: wall", countOnly.wall));
console.log(line("account count: backend CPU", countOnly.cpu));
console.log(`matching companies per new ad: median ${pct(full.total, 50)}, p95 ${pct(full.total, 95)}; listed median ${pct(full.listed, 50)}`);
