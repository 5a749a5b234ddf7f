// Usage: npm run bench [-- --runs 30]
// Search benchmark on generated data (npm run generate first; see bench/README.md). Uses the
// configured database: DATABASE_URL (real PostgreSQL) or the embedded PGlite in DATA_DIR.
// For each typical query: median and p95 of the search function (searchCatalogue, as the page
// calls it), of its raw SQL sent directly (same statements, no hydration/audit), the server-side
// time from EXPLAIN ANALYZE, and a naive baseline (ILIKE + haversine on the base tables).
import os from "node:os";
import { parseArgs } from "node:util";
import { PgDialect } from "drizzle-orm/pg-core";
import type { SearchQuery } from "~/schemas/search";
import { closeDb, getDb, rowsOf, type Db } from "~/server/db/client.server";
import { expandTerm, searchCatalogue } from "~/server/search/search.server";
import { type TermQuery, searchPageSql, termQuerySql } from "~/server/search/search-sql.server";
import { naiveSearchSql } from "./naive-search";

const { values } = parseArgs({ options: { runs: { type: "string", default: "30" }, "naive-runs": { type: "string", default: "5" } } });
const RUNS = Number(values.runs);
const NAIVE_RUNS = Number(values["naive-runs"]);
const dialect = new PgDialect();
const NOW = new Date();

const DRESDEN = { lat: 51.0504, lon: 13.7373, label: "Dresden" };
const base: SearchQuery = { term: "", type: "COMPANY", tagIds: [], nace: [], countries: ["DE", "CZ"], location: null, radiusKm: null, sort: "relevance", page: 1 };

type Client = { query: (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }> };
const clientOf = (db: Db) => (db as unknown as { $client: Client }).$client;

async function tagId(db: Db, labelDe: string): Promise<string> {
  const [row] = rowsOf<{ id: string }>(await clientOf(db).query("SELECT id FROM tags WHERE lower(label_de) = lower($1)", [labelDe]));
  if (!row) throw new Error(`Tag ${labelDe} missing: run npm run generate first`);
  return row.id;
}

/** A town with only a handful of companies: the "rare term". */
async function rareTown(db: Db): Promise<string> {
  const [row] = rowsOf<{ city: string }>(
    await clientOf(db).query(
      `SELECT city FROM company_addresses WHERE city ~ '^[A-Za-zÄÖÜäöüß]{7,}$' GROUP BY city HAVING count(*) BETWEEN 3 AND 10 ORDER BY city LIMIT 1`,
    ),
  );
  return row?.city ?? "Sebnitz";
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { median: at(0.5), p95: at(0.95) };
}

async function time(runs: number, fn: () => Promise<unknown>, warmups = 3): Promise<number[]> {
  for (let i = 0; i < warmups; i++) await fn(); // warm caches and plans
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples;
}

/** The statements searchCatalogue sends: term expansion (if any) and the page (which carries the count). */
function statements(q: SearchQuery, term: TermQuery | null) {
  return [...(q.term ? [termQuerySql(q.term)] : []), searchPageSql(q, NOW, term)].map((s) => dialect.sqlToQuery(s));
}

async function explainMs(session: Client, q: SearchQuery, term: TermQuery | null): Promise<number> {
  let total = 0;
  await session.query("BEGIN");
  await session.query("SET LOCAL enable_seqscan = off");
  for (const { sql, params } of statements(q, term)) {
    const [row] = rowsOf<{ "QUERY PLAN": Array<{ "Execution Time": number; "Planning Time": number }> }>(
      await session.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params),
    );
    const plan = row!["QUERY PLAN"][0]!;
    total += plan["Execution Time"] + plan["Planning Time"];
  }
  await session.query("COMMIT");
  return total;
}

async function main() {
  const db = await getDb();
  const [{ n }] = rowsOf<{ n: number }>(await clientOf(db).query("SELECT count(*)::int AS n FROM search_documents WHERE kind = 'COMPANY'")) as [{ n: number }];
  if (n < 1000) throw new Error(`Only ${n} searchable companies: run npm run generate first`);
  const metal = await tagId(db, "Metallbau");
  const welding = await tagId(db, "Schweißen");
  const rare = await rareTown(db);
  // Raw statements run on one connection, like the search function's transaction.
  const pool = clientOf(db) as Client & { connect?: () => Promise<Client & { release: () => void }> };
  const session: Client & { release?: () => void } = pool.connect ? await pool.connect() : pool;

  const cases: Array<[string, SearchQuery]> = [
    ["term only (“metallbau”)", { ...base, term: "metallbau" }],
    ["term + 50 km around Dresden (“logistik”)", { ...base, term: "logistik", location: DRESDEN, radiusKm: 50 }],
    ["tags + NACE 25 + country DE", { ...base, tagIds: [metal, welding], nace: ["25"], countries: ["DE"] }],
    ["everything (term, tags, NACE, DE+CZ, 50 km, by distance)", { ...base, term: "cnc", tagIds: [metal], nace: ["C"], location: DRESDEN, radiusKm: 50, sort: "distance" }],
    [`rare term (“${rare}”)`, { ...base, term: rare }],
    ["very common term (“gmbh”)", { ...base, term: "gmbh" }],
    ["typo (“metalbau”)", { ...base, term: "metalbau" }],
    ["offers, term (“cnc”)", { ...base, type: "OFFER", term: "cnc" }],
  ];

  const engine = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
  console.log(`# Search benchmark — ${engine}, ${n.toLocaleString("en")} searchable companies`);
  console.log(`${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${RUNS} runs (naive ${NAIVE_RUNS})\n`);
  console.log("| query | matches | search fn median / p95 (ms) | raw SQL median (ms) | EXPLAIN ANALYZE (ms) | fn ÷ raw | naive median (ms) | naive ÷ fn |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const [label, q] of cases) {
    let matches = 0;
    const fn = stats(
      await time(RUNS, async () => {
        const page = await searchCatalogue(db, null, q, "de", NOW);
        matches = page.totalCapped ? Infinity : page.total;
      }),
    );
    const term = q.term ? await expandTerm(db, q.term) : null;
    const raw = stats(
      await time(RUNS, async () => {
        await session.query("BEGIN");
        await session.query("SET LOCAL enable_seqscan = off");
        for (const { sql, params } of statements(q, term)) await session.query(sql, params);
        await session.query("COMMIT");
      }),
    );
    const explain = await explainMs(session, q, term);
    const naiveQuery = naiveSearchSql(q, NOW);
    const naive = stats(await time(NAIVE_RUNS, () => clientOf(db).query(naiveQuery.text, naiveQuery.params), 1));
    const f = (v: number) => v.toFixed(1);
    console.log(
      `| ${label} | ${matches === Infinity ? "> 1000" : matches} | ${f(fn.median)} / ${f(fn.p95)} | ${f(raw.median)} | ${f(explain)} | ${(fn.median / raw.median).toFixed(2)} | ${f(naive.median)} | ${(naive.median / fn.median).toFixed(0)}× |`,
    );
  }
  session.release?.();
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDb();
}
