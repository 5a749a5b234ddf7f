import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

const INCLUDE = ["app/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"];

/**
 * Test files that reach no database (pure functions: no test helper, no database client). They
 * give the same result on both engines, so scripts/test-all.sh runs them on PGlite only: it sets
 * VITEST_DATA_TESTS_ONLY=1 for the PostgreSQL run. A run naming files explicitly runs them all.
 */
function pureTestFiles(): string[] {
  const reachesData = /tests\/support\/|client\.server|TEST_DB|@electric-sql\/pglite|from "pg"/;
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith(".test.ts") && !reachesData.test(fs.readFileSync(file, "utf8"))) found.push(file);
    }
  };
  for (const dir of ["app", "server", "scripts"]) walk(dir);
  return found;
}

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: INCLUDE,
    exclude: [...configDefaults.exclude, ...(process.env.VITEST_DATA_TESTS_ONLY === "1" ? pureTestFiles() : [])],
    environment: "node",
    globalSetup: ["./tests/support/global-setup.ts"],
    setupFiles: ["./tests/support/setup-env.ts"],
    // npm test runs vitest beside the e2e suite on 2 cores (decision 037): an HTTP policy test that
    // restarts its server for SQL took 21–38 s there, so 30 s made it flaky. A hang still fails.
    testTimeout: 90_000,
    hookTimeout: 180_000,
    pool: "forks",
    // Vitest 4 runs one file fewer at a time than there are CPUs: on CI's 2 cores that is one file
    // at a time, while a PGlite file waits on WASM start-up and an HTTP file on its server process.
    // Two files at once fill both cores (decision 037).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
