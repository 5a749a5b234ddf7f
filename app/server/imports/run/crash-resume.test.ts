import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { insertUser } from "../../../../tests/support/approvals-fixtures";
import { clonePostgres, TEST_ENGINE } from "../../../../tests/support/db";
import { expectedResume, insertQueuedImport } from "../../../../tests/support/import-fixtures";
import { PGLITE_TEMPLATE } from "../../../../tests/support/pglite-template";
import { type Db, type DbHandle, openPglite, openPostgres } from "~/server/db/client.server";
import { companies, companyIdentifiers, companyImportRejections, companyImports } from "~/server/db/schema";

/**
 * kill -9 in the middle of an import (issue 21, decision 039): a child process runs it and is
 * killed with SIGKILL after a few committed batches; a second process resumes it once the lease
 * ran out, and the import ends with exactly the rows of an uninterrupted run — on PostgreSQL and
 * on a PGlite data directory (one process at a time, as in production).
 */
const ROWS = 1_500;
const BASE = 60_000_000;
const LEASE_MS = 1_000;

interface ChildResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

/** Runs the child; `killAfter` rows done → SIGKILL. */
function runChild(env: Record<string, string>, killAfter?: number): Promise<ChildResult> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/import-crash-child.ts"], {
    env: { ...process.env, ...env, CRASH_ROWS: String(ROWS), CRASH_BASE: String(BASE), CRASH_LEASE_MS: String(LEASE_MS) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  child.stdout.on("data", (d: Buffer) => {
    output += d.toString();
    const done = [...output.matchAll(/done (\d+)/g)].map((m) => Number(m[1]));
    if (killAfter !== undefined && done.some((n) => n >= killAfter) && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal, output })));
}

async function checkResult(db: Db, importId: string) {
  const [run] = await db.select().from(companyImports).where(eq(companyImports.id, importId));
  const expected = expectedResume(ROWS);
  expect(run).toMatchObject({ status: "READY", ...expected });
  expect(run!.attempts).toBe(2);
  // Nothing doubled, nothing lost: one company per identifier, as many as an uninterrupted run makes.
  expect(await db.$count(companies, sql`${companies.name} LIKE 'Resume %'`)).toBe(expected.createdCount);
  const perIdentifier = await db.execute(sql`SELECT count(*)::int AS n FROM ${companyIdentifiers} WHERE import_id = ${importId} GROUP BY normalized HAVING count(*) > 1`);
  expect(perIdentifier).toSatisfy((r: unknown) => ((r as { rows?: unknown[] }).rows ?? (r as unknown[])).length === 0);
  expect(await db.$count(companyImportRejections, eq(companyImportRejections.importId, importId))).toBe(expected.failedCount);
  // Row 1406 names the company of row 1405 again: it carries the later row's website.
  const [updated] = await db.select({ website: companies.website }).from(companies).where(eq(companies.name, `Resume ${BASE + 1405}`));
  expect(updated?.website).toBe("https://r1406.example");
}

describe.runIf(TEST_ENGINE === "postgres")("kill -9 during an import on PostgreSQL", () => {
  let handle: DbHandle | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });

  it("resumes after the lease and ends with exactly the rows of an uninterrupted run", async () => {
    const clone = await clonePostgres();
    drop = clone.drop;
    handle = await openPostgres(clone.url);
    const admin = await insertUser(handle.db, "Admin");
    const importId = await insertQueuedImport(handle.db, admin.id);
    const env = { CRASH_DB_URL: clone.url, CRASH_IMPORT_ID: importId };

    const killed = await runChild(env, 500);
    expect(killed.signal).toBe("SIGKILL");
    const [midway] = await handle.db.select().from(companyImports).where(eq(companyImports.id, importId));
    expect(midway).toMatchObject({ status: "PROCESSING" });
    expect(midway!.rowsDone).toBeGreaterThanOrEqual(500);
    expect(midway!.rowsDone).toBeLessThan(ROWS);

    await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 200));
    const resumed = await runChild(env);
    expect(resumed.output).toContain("outcome READY");
    await checkResult(handle.db, importId);
  }, 120_000);
});

describe.runIf(TEST_ENGINE === "pglite")("kill -9 during an import on a PGlite data directory", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pn-import-crash-"));
  const dataDir = path.join(dir, "data");
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("resumes after restart and ends with exactly the rows of an uninterrupted run", async () => {
    let importId: string;
    {
      const setup = await openPglite(dataDir, new Blob([fs.readFileSync(PGLITE_TEMPLATE)]));
      const admin = await insertUser(setup.db, "Admin");
      importId = await insertQueuedImport(setup.db, admin.id);
      await setup.close();
    }
    const env = { CRASH_PGLITE_DIR: dataDir, CRASH_IMPORT_ID: importId };
    const killed = await runChild(env, 500);
    expect(killed.signal).toBe("SIGKILL");

    await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 200));
    const resumed = await runChild(env);
    expect(resumed.output).toContain("outcome READY");

    const check = await openPglite(dataDir);
    try {
      await checkResult(check.db, importId);
    } finally {
      await check.close();
    }
  }, 120_000);
});
