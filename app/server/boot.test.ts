import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { count, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { TEST_ENGINE } from "../../tests/support/db";
import { bootstrapDatabase } from "./boot.server";
import { isDatabaseUnavailable, waitForPostgres, withPostgresBootLock } from "./db/availability.server";
import { openPostgres, rowsOf } from "./db/client.server";
import { companies, events, users } from "./db/schema";
import { DEMO_USERS } from "./db/seed.server";
import { DEMO_EVENTS, DEMO_PARTICIPANTS } from "./demo/demo-events";
import { B2B_DEMO_COMPANIES } from "./demo/seed-b2b.server";
import { DEMO_COMPANY_COUNT } from "./demo/seed-companies.server";
import { LocalDiskStorage } from "./storage/storage.server";

const ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PG_PORT = Number(new URL(ADMIN_URL).port || 5432);
const servers: net.Server[] = [];
afterAll(() => {
  for (const server of servers) server.close();
});

/** A TCP server on a free port; `onSocket` decides what it does with each connection. */
async function tcpServer(onSocket: (socket: net.Socket) => void): Promise<{ server: net.Server; port: number }> {
  const server = net.createServer(onSocket);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as net.AddressInfo).port };
}

async function freePort(): Promise<number> {
  const { server, port } = await tcpServer(() => {});
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("a database that accepts connections but never answers", () => {
  it("fails requests within the connect timeout, recognisably as unavailable (503), instead of hanging", async () => {
    const sockets: net.Socket[] = [];
    const { port } = await tcpServer((socket) => sockets.push(socket));
    const handle = await openPostgres(`postgres://postgres@127.0.0.1:${port}/x`, { connectTimeoutMs: 300, statementTimeoutMs: 1_000 });
    const started = Date.now();
    const error = await handle.db.execute(sql`SELECT 1`).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(isDatabaseUnavailable(error)).toBe(true);
    await handle.close().catch(() => undefined);
    for (const socket of sockets) socket.destroy();
  });

  it("does not mistake application errors for an unavailable database", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: Object.assign(new Error("x"), { code: "ECONNREFUSED" }) }))).toBe(true);
  });
});

describe.skipIf(TEST_ENGINE !== "postgres")("start-up on PostgreSQL", () => {
  it("waits for an unreachable server with growing delays and a clear message, then carries on", async () => {
    const port = await freePort();
    const lines: string[] = [];
    const waiting = waitForPostgres(`postgres://postgres@127.0.0.1:${port}/postgres`, {
      connectTimeoutMs: 1_000,
      delaysMs: [50, 100, 200],
      log: (line) => {
        lines.push(line);
        // After three refusals the "server" comes up: a proxy to the real one on that port.
        if (lines.length === 3) {
          const proxy = net.createServer((client) => {
            const upstream = net.connect(PG_PORT, "127.0.0.1");
            client.pipe(upstream).pipe(client);
            client.on("error", () => upstream.destroy());
            upstream.on("error", () => client.destroy());
          });
          servers.push(proxy);
          proxy.listen(port, "127.0.0.1");
        }
      },
    });
    await waiting;
    expect(lines[0]).toMatch(new RegExp(`PostgreSQL at 127\\.0\\.0\\.1:${port}/postgres is not reachable \\(ECONNREFUSED\\); attempt 1, retrying in 0\\.05 s`));
    expect(lines[1]).toMatch(/attempt 2, retrying in 0\.1 s/);
    expect(lines.at(-1)).toMatch(/is reachable now/);
    expect(lines.join("\n")).not.toMatch(/password|at .*\.js:\d+/);
  });

  it("cancels a statement that runs past the statement timeout, as unavailable", async () => {
    const handle = await openPostgres(ADMIN_URL, { connectTimeoutMs: 2_000, statementTimeoutMs: 200 });
    const error = await handle.db.execute(sql`SELECT pg_sleep(3)`).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
    await handle.close();
  });

  it("runs start-up work of concurrent instances one after the other", async () => {
    const spans: Array<[number, number]> = [];
    const work = () =>
      withPostgresBootLock(ADMIN_URL, 2_000, async () => {
        const start = performance.now();
        await new Promise((resolve) => setTimeout(resolve, 150));
        spans.push([start, performance.now()]);
      });
    await Promise.all([work(), work(), work()]);
    spans.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![1]);
  });

  it("two instances starting together on an empty database both come up, with one schema and one demo directory", async () => {
    const name = `pn_t_${process.ppid}_boot_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    const storage = new LocalDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), "pn-boot-")));
    const settings = { databaseUrl: url.toString(), connectTimeoutMs: 2_000, seedDemoData: true, storage, log: () => {} };
    try {
      await Promise.all([bootstrapDatabase(settings), bootstrapDatabase(settings)]);
      const handle = await openPostgres(url.toString());
      const [companyCount] = await handle.db.select({ n: count() }).from(companies);
      const [userCount] = await handle.db.select({ n: count() }).from(users);
      const migrations = rowsOf<{ n: number }>(await handle.db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`));
      expect(companyCount?.n).toBe(DEMO_COMPANY_COUNT);
      // The demo accounts, the demo participants and one registrant per further B2B exchange company.
      expect(userCount?.n).toBe(DEMO_USERS.length + DEMO_PARTICIPANTS.length + B2B_DEMO_COMPANIES.length);
      const [eventCount] = await handle.db.select({ n: count() }).from(events);
      expect(eventCount?.n).toBe(DEMO_EVENTS.length);
      expect(migrations[0]?.n).toBe(fs.readdirSync("drizzle").filter((f) => f.endsWith(".sql")).length);
      await handle.close();
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 120_000);
});
