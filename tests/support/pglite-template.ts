import path from "node:path";

// One template per vitest run: the global setup (main process) writes it, the workers
// (its children) read it, so parallel runs never share a file.
const runId = process.env.VITEST_WORKER_ID ? process.ppid : process.pid;

/** Where the vitest global setup leaves the migrated PGlite template with reference data. */
export const PGLITE_TEMPLATE = path.resolve(`.tmp/vitest-pglite-template-${runId}.tar`);

/** Where the first test server of a run leaves its seeded data folder for the others (server.ts). */
export const SERVER_TEMPLATE_DIR = path.resolve(`.tmp/vitest-server-template-${runId}`);
