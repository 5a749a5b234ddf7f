import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ENGINE } from "../tests/support/db";
import { type RawResponse, rawRequest, startServer, type TestServer } from "../tests/support/server";

/**
 * Cluster mode (decision 047) against the production build: with WEB_CONCURRENCY=2 on PostgreSQL
 * two worker processes answer on one port, a worker killed with SIGKILL is replaced while the other
 * goes on answering, a write through one worker empties the page cache of both, and SIGTERM to
 * the primary stops every worker. With the embedded database the
 * setting is refused with a clear line and one process serves. Which process answered is the
 * `X-Worker-Pid` header, sent by test servers only (APP_ENV=test).
 */
const PAGE = "/de/impressum";
/** Long enough that a "miss" below can only come from a write, not from the page expiring. */
const TTL_MS = 8_000;
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const pidOf = (response: RawResponse) => Number(response.headers["x-worker-pid"]);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Asks until `done` holds for the pids seen so far (a new connection each time, so the primary hands each to the next worker). */
async function pidsUntil(server: TestServer, done: (pids: Set<number>) => boolean, withinMs: number): Promise<Set<number>> {
  const pids = new Set<number>();
  const deadline = Date.now() + withinMs;
  while (!done(pids) && Date.now() < deadline) {
    const response = await rawRequest(server, { path: PAGE });
    expect(response.status).toBe(200);
    pids.add(pidOf(response));
    if (!done(pids)) await sleep(100);
  }
  return pids;
}

describe.skipIf(TEST_ENGINE !== "postgres")("cluster workers on PostgreSQL (WEB_CONCURRENCY=2)", () => {
  let server: TestServer | undefined;
  let workers: number[] = [];

  beforeAll(async () => {
    server = await startServer({ WEB_CONCURRENCY: "2", PAGE_CACHE_TTL_MS: String(TTL_MS) });
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  it("answers from two worker processes on one port", async () => {
    // The server counts as up once one worker answers; the other may still be starting.
    const pids = await pidsUntil(server!, (seen) => seen.size >= 2, 90_000);
    workers = [...pids];
    expect(workers).toHaveLength(2);
    expect(workers).not.toContain(server!.pid);
    expect(server!.output()).toContain("PartnerNet starting 2 worker processes");
  }, 120_000);

  it("empties every worker's page cache when one of them takes a write", async () => {
    const page = "/de/faq";
    // Until each worker has answered it from its cache (the primary hands connections round robin,
    // but a busy machine may give one worker several in a row).
    const stored = new Set<number>();
    const deadline = Date.now() + 30_000;
    while (stored.size < 2 && Date.now() < deadline) {
      const response = await rawRequest(server!, { path: page });
      if (response.headers["x-page-cache"] === "hit") stored.add(pidOf(response));
      else await sleep(20);
    }
    expect(stored.size).toBe(2);
    const writtenAt = Date.now();
    // An anonymous POST the app refuses (no e-mail): still a write, on one of the workers.
    const write = await rawRequest(server!, { method: "POST", path: "/de/anmelden", headers: { ...FORM, Origin: server!.url }, body: "intent=request&email=" });
    expect(write.status).toBeLessThan(500);
    // The message travels worker → primary → worker after the write's answer: give it a moment
    // (far below the TTL), then the first answer of each worker is rendered afresh.
    await sleep(300);
    const first = new Map<number, string>();
    for (let i = 0; i < 40 && first.size < 2; i++) {
      const response = await rawRequest(server!, { path: page });
      if (!first.has(pidOf(response))) first.set(pidOf(response), String(response.headers["x-page-cache"]));
    }
    expect([...first.values()]).toEqual(["miss", "miss"]);
    // Only the write can explain both misses: no stored page has reached its TTL yet.
    expect(Date.now() - writtenAt).toBeLessThan(TTL_MS);
  }, 60_000);

  it("keeps answering when a worker is killed, and starts a replacement", async () => {
    const [victim, survivor] = workers as [number, number];
    process.kill(victim, "SIGKILL");
    const deadline = Date.now() + 10_000;
    while (alive(victim) && Date.now() < deadline) await sleep(20);
    expect(alive(victim)).toBe(false);
    // Meanwhile every request is answered (by the survivor, until the replacement listens).
    for (let i = 0; i < 6; i++) {
      const response = await rawRequest(server!, { path: PAGE });
      expect(response.status).toBe(200);
      expect(pidOf(response)).not.toBe(victim);
    }
    const pids = await pidsUntil(server!, (seen) => [...seen].some((pid) => pid !== survivor && pid !== victim), 90_000);
    const replacement = [...pids].find((pid) => pid !== survivor && pid !== victim);
    expect(replacement).toBeDefined();
    expect(pids.has(victim)).toBe(false);
    expect(server!.output()).toMatch(new RegExp(`worker ${victim} exited \\(SIGKILL\\); starting a new one in 1 s`));
    workers = [survivor, replacement!];
    expect(alive(survivor)).toBe(true);
  }, 120_000);

  it("stops every worker when the primary gets SIGTERM", async () => {
    expect(workers.every(alive)).toBe(true);
    await server!.close();
    server = undefined;
    const deadline = Date.now() + 10_000;
    while (workers.some(alive) && Date.now() < deadline) await sleep(50);
    expect(workers.filter(alive)).toEqual([]);
  }, 60_000);
});

describe.skipIf(TEST_ENGINE !== "pglite")("the embedded database runs single-process (WEB_CONCURRENCY=2 asked)", () => {
  let server: TestServer | undefined;

  beforeAll(async () => {
    server = await startServer({ WEB_CONCURRENCY: "2" });
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  it("says so and serves from the one process", async () => {
    expect(server!.output()).toContain("WEB_CONCURRENCY=2 is ignored: the embedded database (PGlite, no DATABASE_URL) is opened by one process only");
    const pids = await pidsUntil(server!, (seen) => seen.size > 1, 1_500);
    expect([...pids]).toEqual([server!.pid]);
  }, 30_000);
});
