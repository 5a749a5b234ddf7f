import path from "node:path";

// One template per vitest run: the global setup (main process) writes it, the workers
// (its children) read it, so parallel runs never share a file.
const runId = process.env.VITEST_WORKER_ID ? process.ppid : process.pid;

/** Where the vitest global setup leaves the migrated PGlite template with reference data. */
export const PGLITE_TEMPLATE = path.resolve(`.tmp/vitest-pglite-template-${runId}.tar`);
