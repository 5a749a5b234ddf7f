// Usage: npm run generate -- [--count 300000] [--seed 1] [--reset]
// Creates N realistic bilingual companies (verified, origin IMPORTED) with headquarters spread over
// the shipped Saxon and Czech postal codes, NACE codes, tags and offers/inquiries, on the configured
// database (DATABASE_URL, or the embedded PGlite in DATA_DIR — stop the app first). Deterministic
// for a given seed, so benchmark runs are comparable. --reset first removes earlier generated data.
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { closeDb, getDb } from "~/server/db/client.server";
import { migrate } from "~/server/db/migrate.server";
import { loadReferenceData } from "~/server/reference/load-reference-data.server";
import { generateCompanies } from "~/server/demo/generate-companies.server";

const { values } = parseArgs({
  options: { count: { type: "string", default: "300000" }, seed: { type: "string", default: "1" }, reset: { type: "boolean", default: false } },
});
const count = Number(values.count);
if (!Number.isInteger(count) || count < 1) {
  console.error("--count must be a positive integer");
  process.exit(2);
}

try {
  const db = await getDb();
  await migrate(db);
  await loadReferenceData(db);
  const started = performance.now();
  const result = await generateCompanies(db, { count, seed: Number(values.seed), reset: values.reset, newId: randomUUID, log: (m) => console.log(m) });
  console.log(`Generated ${result.companies} companies and ${result.ads} ads in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
} finally {
  await closeDb();
}
