import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import express from "express";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { openPglite } from "~/server/db/client.server";
import { TEST_ENGINE } from "../tests/support/db";
import { rawRequest, type RawResponse, startServer, type TestServer } from "../tests/support/server";
import { healthRouter, markStopping } from "./health";

/**
 * Graceful shutdown (decision 051) against the production build, on the engine of TEST_DB: on
 * SIGTERM the server refuses new connections at once, answers the request in flight, lets the
 * job in hand finish (its row ends "completed", not failed or left active) and exits 0 within
 * 30 s; past SHUTDOWN_TIMEOUT_MS it gives up and exits non-zero with a line saying so. The test
 * routes and the test job exist only on test servers (APP_ENV=test).
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function until(condition: () => boolean | Promise<boolean>, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await sleep(50);
  }
  return condition();
}

/** The state of the test job with this tag, read after the server stopped (PGlite allows one process). */
async function jobState(server: TestServer, tag: string): Promise<string | undefined> {
  const query = "select state::text as state from pgboss.job where name = 'test-slow' and data->>'tag' = $1";
  if (server.databaseUrl) {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      return (await client.query<{ state: string }>(query, [tag])).rows[0]?.state;
    } finally {
      await client.end();
    }
  }
  const handle = await openPglite(path.join(server.dataDir, "pglite"));
  try {
    return (await handle.client.query<{ state: string }>(query, [tag])).rows[0]?.state;
  } finally {
    await handle.close();
  }
}

let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("graceful shutdown on SIGTERM", () => {
  it("refuses new connections, finishes the request and the job in hand, and exits 0", async () => {
    server = await startServer({ JOBS_POLL_SECONDS: "0.5" });
    const marks = path.join(server.dataDir, "test-slow-job");
    // The job first: it is in hand (started) before the signal, and outlasts the request.
    expect((await rawRequest(server, { path: "/_test/slow-job?tag=in-hand&ms=6000" })).status).toBe(202);
    expect(await until(() => fs.existsSync(path.join(marks, "in-hand.started")), 30_000)).toBe(true);

    let slow: RawResponse | undefined;
    const slowRequest = rawRequest(server, { path: "/_test/slow?ms=3000", headers: { Connection: "keep-alive" } }).then((r) => (slow = r));
    await sleep(300);
    const signalledAt = Date.now();
    process.kill(server.pid, "SIGTERM");

    // The listener closes at once, while the slow request is still being worked on.
    expect(await until(async () => !(await connects(server!.port)), 2_000)).toBe(true);
    expect(slow).toBeUndefined();

    await slowRequest;
    expect(slow!.status).toBe(200);
    expect(slow!.body).toBe("slow done\n");
    // Its connection is not kept for another request.
    expect(slow!.headers.connection).toBe("close");

    const exit = await Promise.race([server.exited, sleep(30_000).then(() => null)]);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(30_000);
    // The job ran to its end before the process left, and the queue recorded it as done.
    expect(fs.existsSync(path.join(marks, "in-hand.finished"))).toBe(true);
    expect(await jobState(server, "in-hand")).toBe("completed");
    expect(server.output()).not.toContain("did not stop within");
  }, 120_000);

  it("exits non-zero with a line when the work outlasts SHUTDOWN_TIMEOUT_MS", async () => {
    server = await startServer({ SHUTDOWN_TIMEOUT_MS: "3000" });
    const cut = rawRequest(server, { path: "/_test/slow?ms=15000" }).catch((error: Error) => error);
    await sleep(300);
    const signalledAt = Date.now();
    process.kill(server.pid, "SIGTERM");
    const exit = await Promise.race([server.exited, sleep(15_000).then(() => null)]);
    expect(exit).not.toBeNull();
    expect(exit!.code).not.toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(8_000);
    expect(await cut).toBeInstanceOf(Error);
    expect(server.output()).toMatch(/requests still in flight at the deadline were cut|did not stop within 3000 ms/);
  }, 120_000);
});

describe.skipIf(TEST_ENGINE !== "postgres")("graceful shutdown of a cluster (PostgreSQL, WEB_CONCURRENCY=2)", () => {
  it("SIGTERM to the primary: the request in flight on a worker is answered, then everything exits 0", async () => {
    server = await startServer({ WEB_CONCURRENCY: "2" });
    let slow: RawResponse | undefined;
    const slowRequest = rawRequest(server, { path: "/_test/slow?ms=3000" }).then((r) => (slow = r));
    await sleep(300);
    const signalledAt = Date.now();
    process.kill(server.pid, "SIGTERM");
    expect(await until(async () => !(await connects(server!.port)), 3_000)).toBe(true);
    expect(slow).toBeUndefined();
    await slowRequest;
    expect(slow!.status).toBe(200);
    expect(slow!.body).toBe("slow done\n");
    expect(Number(slow!.headers["x-worker-pid"])).not.toBe(server.pid);
    const exit = await Promise.race([server.exited, sleep(30_000).then(() => null)]);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(30_000);
  }, 180_000);
});

describe("readiness while stopping", () => {
  it("answers 503 stopping as soon as shutdown begins", async () => {
    const app = express().use(healthRouter());
    const listener = app.listen(0, "127.0.0.1");
    await new Promise((r) => listener.once("listening", r));
    try {
      markStopping();
      const response = await fetch(`http://127.0.0.1:${(listener.address() as net.AddressInfo).port}/readyz`);
      expect(response.status).toBe(503);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toEqual({ status: "stopping" });
    } finally {
      listener.close();
    }
  });
});
