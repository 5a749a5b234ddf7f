import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Request, Response, Router } from "express";
import express from "express";
import { config } from "~/server/config.server";
import { getDb } from "~/server/db/client.server";
import { jobQueueState } from "~/server/jobs/runtime.server";

/**
 * Liveness and readiness for load balancers and orchestrators (issue 23):
 * - `GET /healthz` — the process answers; touches nothing else, so it stays cheap under load.
 * - `GET /readyz` — this instance can serve: the database answers within READY_DB_TIMEOUT_MS, every
 *   shipped migration is applied, and the job queue has started (when this instance runs jobs).
 * Both answer JSON with `Cache-Control: no-store`, need no sign-in and name only which check failed —
 * never an error message, host or version. Mounted before the page cache and the in-flight limit:
 * a busy instance is alive and still ready, and a probe never waits behind page renders.
 */
const READY_DB_TIMEOUT_MS = 2_000;

type CheckResult = "ok" | "fail" | "off";

function answer(res: Response, status: number, body: object): void {
  res.status(status).set("Cache-Control", "no-store").type("application/json").send(JSON.stringify(body));
}

/** How many migrations the build ships (drizzle's journal next to the SQL files). */
function shippedMigrations(): number {
  const folder = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Applied migrations: drizzle's bookkeeping table, the same on PGlite and PostgreSQL. */
async function databaseChecks(): Promise<{ database: CheckResult; migrations: CheckResult }> {
  try {
    const applied = await withTimeout(
      (async () => {
        const db = await getDb();
        const rows = await db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
        return Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
      })(),
      READY_DB_TIMEOUT_MS,
    );
    return { database: "ok", migrations: applied >= expected() ? "ok" : "fail" };
  } catch {
    return { database: "fail", migrations: "fail" };
  }
}

/** Set once shutdown begins (decision 051): readiness fails at once, so a balancer stops sending. */
let stopping = false;
export function markStopping(): void {
  stopping = true;
}

let shipped: number | null = null;
const expected = () => (shipped ??= shippedMigrations());

export function healthRouter(): Router {
  const router = express.Router();
  router.get("/healthz", (_req: Request, res: Response) => answer(res, 200, { status: "ok" }));
  router.get("/readyz", async (_req: Request, res: Response) => {
    if (stopping) return answer(res, 503, { status: "stopping" });
    const [{ database, migrations }, queue] = await Promise.all([
      databaseChecks(),
      config.jobs.worker ? withTimeout(jobQueueState(), READY_DB_TIMEOUT_MS).catch(() => "stopped" as const) : Promise.resolve(null),
    ]);
    const jobs: CheckResult = queue === null ? "off" : queue === "running" ? "ok" : "fail";
    const ready = database === "ok" && migrations === "ok" && jobs !== "fail";
    answer(res, ready ? 200 : 503, { status: ready ? "ready" : "not-ready", checks: { database, migrations, jobs } });
  });
  return router;
}
