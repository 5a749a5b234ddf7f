import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { PGLITE_TEMPLATE, SERVER_TEMPLATE_DIR } from "./pglite-template";
import type { TestProject } from "vitest/node";

/**
 * For TEST_DB=postgres: creates a migrated template database once per run; every test file
 * clones it (CREATE DATABASE … TEMPLATE) and drops its clone. The template is dropped at the end.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB !== "postgres") {
    await buildPgliteTemplate();
    return () => {
      fs.rmSync(PGLITE_TEMPLATE, { force: true });
      removeServerTemplate();
    };
  }
  const adminUrl = process.env.TEST_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const template = `pn_tmpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();

  const { openPostgres } = await import("../../app/server/db/client.server");
  const { migrate } = await import("../../app/server/db/migrate.server");
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const handle = await openPostgres(url.toString());
  await migrate(handle.db);
  const { loadReferenceData } = await import("../../app/server/reference/load-reference-data.server");
  await loadReferenceData(handle.db);
  await handle.close();
  project.provide("pgTemplate", template);

  return async () => {
    removeServerTemplate();
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2",
      [template, `pn_t_${process.pid}_%`],
    );
    for (const row of rows) await client.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    await client.end();
  };
}

/** The seeded data folder tests/support/server.ts left (its PostgreSQL database is a pn_t_ clone, dropped above). */
function removeServerTemplate(): void {
  fs.rmSync(SERVER_TEMPLATE_DIR, { recursive: true, force: true });
  fs.rmSync(`${SERVER_TEMPLATE_DIR}.lock`, { recursive: true, force: true });
}

/**
 * For PGlite: one migrated database with reference data, dumped to a tarball that every test
 * file loads (loading 16k postal codes per file would cost seconds each).
 */
async function buildPgliteTemplate(): Promise<void> {
  const { openPglite } = await import("../../app/server/db/client.server");
  const { migrate } = await import("../../app/server/db/migrate.server");
  const { loadReferenceData } = await import("../../app/server/reference/load-reference-data.server");
  const handle = await openPglite(undefined);
  await migrate(handle.db);
  await loadReferenceData(handle.db);
  const dump = await handle.client.dumpDataDir("none");
  fs.mkdirSync(path.dirname(PGLITE_TEMPLATE), { recursive: true });
  fs.writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
}

declare module "vitest" {
  export interface ProvidedContext {
    pgTemplate: string;
  }
}
