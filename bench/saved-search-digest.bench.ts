// Usage: npm run bench:digest [-- --count 20000 --users 2500 --per-user 4 --new 400 --concurrency 4 --keep]
// The nightly saved-search digest at scale (issue 25, decision 061), on PostgreSQL only: creates a
// scratch database on the server of BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// generates `count` companies with the search benchmark's generator, then `users` × `per-user`
// saved searches (10,000 by default) shaped like real ones — a term (40 %), a term in one country
// (20 %), a tag (15 %), an industry (15 %), a place with a radius (10 %); companies, offers and
// inquiries — all due, with their watermark a day ago, and `new` search rows marked as having
// entered the table within that day (the rest a month ago). Then it times one digest run
// (runDigest, as the nightly job calls it) and prints the wall time, the CPU time of this process
// and of the scratch database's backends, and how many digests were written. A second run right
// after must find nothing due. The scratch database is dropped unless --keep.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { parseArgs } from "node:util";
import pg from "pg";
import type { SearchQuery } from "~/schemas/search";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "20000" },
    users: { type: "string", default: "2500" },
    "per-user": { type: "string", default: "4" },
    new: { type: "string", default: "400" },
    concurrency: { type: "string", default: "4" },
    keep: { type: "boolean", default: false },
  },
});
const COUNT = Number(values.count);
const USERS = Number(values.users);
const PER_USER = Number(values["per-user"]);
const NEW = Number(values.new);
const CONCURRENCY = Number(values.concurrency);
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const NAME = `pn_bench_digest_${Date.now().toString(36)}`;
const url = new URL(ADMIN_URL);
url.pathname = `/${NAME}`;
process.env.DATABASE_URL = url.toString();

const { openPostgres, rowsOf } = await import("~/server/db/client.server");
const { migrate } = await import("~/server/db/migrate.server");
const { loadReferenceData } = await import("~/server/reference/load-reference-data.server");
const { generateCompanies } = await import("~/server/demo/generate-companies.server");
const { runDigest } = await import("~/server/saved-searches/digest.server");
const { canonicalParams } = await import("~/server/saved-searches/saved-searches.server");
const { parseSearchParams } = await import("~/schemas/search");
const { COUNTRIES } = await import("~/schemas/enums");
const { config } = await import("~/server/config.server");

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

function cpuSince(before: Map<string, number>): number {
  let total = 0;
  for (const [pid, seconds] of backendCpu()) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** Deterministic pseudo-random numbers (mulberry32), so runs are comparable. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${NAME}`);
const setup = await openPostgres(url.toString(), { connectTimeoutMs: 10_000, statementTimeoutMs: 0 });
// The run as the job does it: with the app's statement timeout.
const work = await openPostgres(url.toString(), { connectTimeoutMs: 10_000, statementTimeoutMs: config.dbStatementTimeoutMs });
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  rowsOf<T>(await (setup.db as unknown as { $client: pg.Pool }).$client.query(text, params));

try {
  const t0 = performance.now();
  await migrate(setup.db);
  await loadReferenceData(setup.db);
  await generateCompanies(setup.db, { count: COUNT, seed: 1, reset: false, newId: randomUUID, log: (m) => console.log(m) });
  console.log(`Generated ${COUNT} companies in ${((performance.now() - t0) / 1000).toFixed(0)} s; creating ${USERS * PER_USER} saved searches …`);

  // A day of news: NEW rows entered the search table within the last day, the rest a month ago.
  await q(`UPDATE search_documents SET first_indexed_at = now() - interval '30 days'`);
  await q(`UPDATE search_documents SET first_indexed_at = now() - interval '1 hour' * (1 + random() * 20)
           WHERE doc_id IN (SELECT doc_id FROM search_documents ORDER BY md5(doc_id::text) LIMIT $1)`, [NEW]);
  await q(`ANALYZE`);

  const rnd = random(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const words = (await q<{ word: string }>(`SELECT word FROM search_words WHERE length(word) >= 5 AND word ~ '^[a-z]+$' ORDER BY md5(word) LIMIT 400`)).map((r) => r.word);
  const tagIds = (await q<{ id: string }>(`SELECT id FROM tags ORDER BY id`)).map((r) => r.id);
  const nace = (await q<{ code: string }>(`SELECT DISTINCT unnest(nace_codes) AS code FROM search_documents ORDER BY 1`)).map((r) => r.code).filter((c) => /^\d{2}$/.test(c));
  const places = await q<{ lat: number; lon: number }>(`SELECT lat, lon FROM search_documents WHERE lat IS NOT NULL ORDER BY md5(doc_id::text) LIMIT 300`);
  const kinds = ["COMPANY", "COMPANY", "COMPANY", "OFFER", "INQUIRY"] as const;

  const userIds = (
    await q<{ id: string }>(
      `INSERT INTO users (email, name, role, verified, locale)
       SELECT 'bench.' || g || '@example.com', 'Bench ' || g, 'Organisation', true, CASE WHEN g % 2 = 0 THEN 'de' ELSE 'cs' END
       FROM generate_series(1, $1) g RETURNING id`,
      [USERS],
    )
  ).map((r) => r.id);

  const rows: Array<[string, string, string, string]> = [];
  for (const userId of userIds) {
    for (let i = 0; i < PER_USER; i++) {
      const roll = rnd();
      const query: SearchQuery = { term: "", type: pick(kinds), tagIds: [], nace: [], countries: [...COUNTRIES], location: null, radiusKm: null, sort: "relevance", page: 1 };
      if (roll < 0.4) query.term = pick(words);
      else if (roll < 0.6) Object.assign(query, { term: pick(words), countries: [pick(COUNTRIES)] });
      else if (roll < 0.75) query.tagIds = [pick(tagIds)];
      else if (roll < 0.9) query.nace = [pick(nace)];
      else {
        const p = pick(places);
        Object.assign(query, { location: { lat: p.lat, lon: p.lon, label: "Ort" }, radiusKm: pick([10, 25, 50]) });
      }
      const params = canonicalParams(query);
      if (parseSearchParams(new URLSearchParams(params)).kind !== "ok") throw new Error(`unsavable bench search ${params}`);
      rows.push([userId, `Suche ${i}`, params, rnd() < 0.8 ? "DAILY" : "WEEKLY"]);
    }
  }
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    await q(
      `INSERT INTO saved_searches (user_id, name, params, frequency, watermark, next_due_at)
       SELECT u, n, p, f, now() - interval '1 day', now() - interval '1 minute'
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS t(u, n, p, f)`,
      [chunk.map((r) => r[0]), chunk.map((r) => r[1]), chunk.map((r) => r[2]), chunk.map((r) => r[3])],
    );
  }
  await q(`ANALYZE`);
  console.log(`${rows.length} saved searches of ${USERS} users; ${NEW} search rows new within the day.`);

  const backends0 = backendCpu();
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const result = await runDigest(work.db, { concurrency: CONCURRENCY });
  const wall = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const dbCpu = cpuSince(backends0);
  const [digests] = await q<{ n: number; sections: number; hits: number }>(
    `SELECT count(*)::int AS n, coalesce(sum(jsonb_array_length(sections)), 0)::int AS sections,
            coalesce(sum((SELECT sum(jsonb_array_length(s->'hits')) FROM jsonb_array_elements(sections) s)), 0)::int AS hits
       FROM saved_search_digests`,
  );
  console.log(`Digest run: ${result.searches} searches of ${result.users} users (concurrency ${CONCURRENCY}) → ${result.digests} digests (${digests?.sections} sections, ${digests?.hits} listed matches)`);
  console.log(`  wall ${wall.toFixed(1)} s; CPU: this process ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, database backends ${dbCpu.toFixed(1)} s`);
  console.log(`  budget 120 s: ${wall <= 120 ? "met" : "MISSED"}`);
  const again = await runDigest(work.db, { concurrency: CONCURRENCY });
  console.log(`Second run right after: ${again.searches} searches due, ${again.digests} digests`);
  if (again.searches !== 0 || again.digests !== 0 || wall > 120) process.exitCode = 1;
} finally {
  await setup.close();
  await work.close();
  if (!values.keep) await admin.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  else console.log(`Kept ${url.toString()}`);
  await admin.end();
}
