import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { clonePostgres, TEST_ENGINE } from "../tests/support/db";
import { startServer, type TestServer } from "../tests/support/server";

const ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PG_PORT = Number(new URL(ADMIN_URL).port || 5432);

/**
 * A TCP proxy in front of the real PostgreSQL that can freeze: from then on it accepts
 * connections and bytes but answers nothing, like a hung server or a black-holed network.
 */
function freezableProxy() {
  let frozen = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => {});
    if (frozen) return;
    const upstream = net.connect(PG_PORT, "127.0.0.1");
    sockets.add(upstream);
    upstream.on("error", () => client.destroy());
    client.on("data", (chunk) => {
      if (!frozen) upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (!frozen) client.write(chunk);
    });
  });
  return {
    listen: () => new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port))),
    freeze: () => (frozen = true),
    thaw: () => (frozen = false),
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

describe.skipIf(TEST_ENGINE !== "postgres")("a database that stops answering while the app runs", () => {
  const proxy = freezableProxy();
  let app: TestServer | undefined;
  let clone: Awaited<ReturnType<typeof clonePostgres>> | undefined;
  afterAll(async () => {
    await app?.close();
    proxy.close();
    await clone?.drop();
  });

  it("answers 503 with the translated error screen within the timeouts, and recovers", async () => {
    clone = await clonePostgres();
    const port = await proxy.listen();
    app = await startServer({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}${new URL(clone.url).pathname}`,
      DB_CONNECT_TIMEOUT_MS: "1000",
      DB_STATEMENT_TIMEOUT_MS: "1500",
      // Every request reaches the database: a page stored by the anonymous page cache (decision 045)
      // would still be answered from memory for up to its 2 s.
      PAGE_CACHE_TTL_MS: "0",
    });
    expect((await fetch(`${app.url}/de`)).status).toBe(200);

    proxy.freeze();
    const started = Date.now();
    const [de, cs] = await Promise.all([fetch(`${app.url}/de`), fetch(`${app.url}/cs/vyhledavani?q=stavba`)]);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(de.status).toBe(503);
    expect(de.headers.get("retry-after")).toBe("10");
    const html = await de.text();
    expect(html).toContain("Der Dienst ist gerade nicht erreichbar.");
    expect(html).not.toMatch(/at .*\.js:\d+|node_modules/);
    expect(cs.status).toBe(503);
    expect(await cs.text()).toContain("Služba je momentálně nedostupná.");

    // The probes (issue 23): alive, but not ready, within the readiness check's 2 s, naming only the check.
    const probeStarted = Date.now();
    const [alive, ready] = await Promise.all([fetch(`${app.url}/healthz`), fetch(`${app.url}/readyz`)]);
    expect(Date.now() - probeStarted).toBeLessThan(5_000);
    expect(alive.status).toBe(200);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "not-ready", checks: { database: "fail", migrations: "fail", jobs: "ok" } });

    proxy.thaw();
    await expect.poll(async () => (await fetch(`${app!.url}/de`)).status, { timeout: 15_000, interval: 500 }).toBe(200);
    await expect.poll(async () => (await fetch(`${app!.url}/readyz`)).status, { timeout: 15_000, interval: 500 }).toBe(200);
  }, 120_000);
});
