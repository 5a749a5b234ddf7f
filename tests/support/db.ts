import { randomBytes } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type DbHandle, openPglite, openPostgres } from "~/server/db/client.server";
import { PGLITE_TEMPLATE } from "./pglite-template";

export const TEST_ENGINE = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

/**
 * A fresh PostgreSQL database cloned from the run's migrated template (or from `template`, e.g. the
 * seeded database of tests/support/server.ts); drop() removes it.
 */
export async function clonePostgres(template: string = inject("pgTemplate")): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `pn_t_${process.ppid}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * A migrated, empty database for one test file: in-memory PGlite, or a fresh PostgreSQL
 * database cloned from the run's template. close() drops it.
 */
export async function createTestDb(): Promise<DbHandle> {
  if (TEST_ENGINE === "pglite") {
    const template = new Blob([fs.readFileSync(PGLITE_TEMPLATE)]);
    return openPglite(undefined, template);
  }
  const clone = await clonePostgres();
  const handle = await openPostgres(clone.url);
  return {
    db: handle.db,
    close: async () => {
      await handle.close();
      await clone.drop();
    },
  };
}
