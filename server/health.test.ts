import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest, signIn, startServer, type TestServer } from "../tests/support/server";

/**
 * Liveness and readiness probes (issue 23) against the production build, on the engine of TEST_DB:
 * JSON, never cached, no sign-in needed, nothing sensitive in them; readiness checks the database,
 * the migrations and the job queue. The database outage case is in db-outage.test.ts (PostgreSQL).
 */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.close();
});

describe("health probes", () => {
  it("/healthz answers that the process is alive, uncached, for anyone", async () => {
    const response = await rawRequest(server, { path: "/healthz" });
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["x-page-cache"]).toBeUndefined();
    expect(JSON.parse(response.body)).toEqual({ status: "ok" });
  });

  it("/readyz reports the database, the migrations and the job queue as ready, and nothing else", async () => {
    for (let i = 0; i < 2; i++) {
      const response = await rawRequest(server, { path: "/readyz" });
      expect(response.status).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.headers["x-page-cache"]).toBeUndefined();
      expect(JSON.parse(response.body)).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok", jobs: "ok" } });
    }
  });

  it("answers the same signed in, and refuses writes", async () => {
    const session = await signIn(server, "admin@partnernet.example");
    const response = await rawRequest(server, { path: "/readyz", headers: { Cookie: session } });
    expect(JSON.parse(response.body)).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok", jobs: "ok" } });
    const post = await rawRequest(server, { method: "POST", path: "/healthz", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url }, body: "" });
    expect(post.status).toBeGreaterThanOrEqual(400);
    expect(post.status).toBeLessThan(500);
  }, 60_000);
});
