import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractCode, lastMailTo } from "../tests/support/outbox";
import { rawRequest, startServer, type TestServer } from "../tests/support/server";

/**
 * Structured logs (issue 23, decision 049) against the production build, on the engine of TEST_DB:
 * every line the server writes is one JSON object; each request has one line with its id, method,
 * path, status, duration and (signed in) the user's hash; the id is answered in X-Request-Id and
 * shown on error pages; and nothing secret reaches the log — no login code, e-mail address,
 * session cookie, authorization header, query string or form content.
 */
let server: TestServer;
const EMAIL = "admin@partnernet.example";
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  // Long enough that two requests in a row meet the stored page even on a busy machine.
  server = await startServer({ PAGE_CACHE_TTL_MS: "8000" });
});

afterAll(async () => {
  await server?.close();
});

type Line = Record<string, unknown>;

function lines(): Line[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      try {
        return JSON.parse(line) as Line;
      } catch {
        throw new Error(`not a JSON log line: ${line}`);
      }
    });
}

/** The request line of `id`, once the server has written it (after the response ended). */
async function requestLine(id: string): Promise<Line> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const found = lines().find((line) => line.reqId === id && "status" in line);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no log line for request ${id}:\n${server.output()}`);
}

const idOf = (headers: Record<string, unknown>) => String(headers["x-request-id"]);

describe("structured logs", () => {
  it("write one JSON line per request, and no code, address, cookie, header, query or form content", async () => {
    const post = (body: Record<string, string>) =>
      rawRequest(server, { method: "POST", path: "/de/anmelden", headers: { ...FORM, Origin: server.url }, body: new URLSearchParams(body).toString() });
    expect((await post({ intent: "request", email: EMAIL })).status).toBe(200);
    const code = extractCode((await lastMailTo(EMAIL))!);
    const verified = await post({ intent: "verify", email: EMAIL, code });
    const setCookie = ([] as string[]).concat(verified.headers["set-cookie"] ?? []).find((c) => c.startsWith("pb_auth="));
    expect(setCookie).toBeTruthy();
    const cookie = setCookie!.split(";")[0]!;
    const sessionValue = cookie.slice("pb_auth=".length);
    expect(sessionValue.length).toBeGreaterThan(10);

    // Signed in, with secrets in the query string and an Authorization header.
    const token = "verification-token-0123456789";
    const bearer = "bearer-secret-abcdef";
    const page = await rawRequest(server, {
      path: `/de/mein-account?email=${encodeURIComponent(EMAIL)}&token=${token}`,
      headers: { Cookie: cookie, Authorization: `Bearer ${bearer}` },
    });
    expect(page.status).toBe(200);
    const anonymous = await rawRequest(server, { path: `/de/anmelden?email=${encodeURIComponent(EMAIL)}` });

    const signedInLine = await requestLine(idOf(page.headers));
    expect(signedInLine).toMatchObject({ level: "info", method: "GET", path: "/de/mein-account", status: 200, msg: "request" });
    expect(signedInLine.user).toMatch(/^[0-9a-f]{16}$/);
    expect(typeof signedInLine.durationMs).toBe("number");
    expect(new Date(String(signedInLine.time)).toISOString()).toBe(signedInLine.time);
    const anonymousLine = await requestLine(idOf(anonymous.headers));
    expect(anonymousLine).toMatchObject({ method: "GET", path: "/de/anmelden", status: 200 });
    expect(anonymousLine).not.toHaveProperty("user");
    // The code request and the sign-in are logged too (as POSTs of the login page, nothing more).
    expect(await requestLine(idOf(verified.headers))).toMatchObject({ method: "POST", path: "/de/anmelden" });

    // Every line is JSON with time and level; every request line has the fields.
    const all = lines();
    for (const line of all) {
      expect(typeof line.time).toBe("string");
      expect(typeof line.level).toBe("string");
      expect(typeof line.msg).toBe("string");
    }
    const requests = all.filter((line) => line.msg === "request" || line.msg === "request failed");
    expect(requests.length).toBeGreaterThanOrEqual(4);
    for (const line of requests) {
      expect(Object.keys(line)).toEqual(expect.arrayContaining(["time", "level", "reqId", "method", "path", "status", "durationMs"]));
      expect(String(line.path)).not.toContain("?");
    }

    const log = server.output();
    for (const secret of [code, EMAIL, encodeURIComponent(EMAIL), sessionValue, token, bearer, "intent=verify"]) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/pb_auth|authorization|cookie/i);
  }, 60_000);

  it("answer the request id in X-Request-Id: a new UUID, or a safe incoming one", async () => {
    const fresh = await rawRequest(server, { path: "/de/impressum" });
    expect(idOf(fresh.headers)).toMatch(UUID);
    expect((await requestLine(idOf(fresh.headers))).path).toBe("/de/impressum");

    const passed = await rawRequest(server, { path: "/de/impressum", headers: { "X-Request-Id": "lb-4711.a_B" } });
    expect(idOf(passed.headers)).toBe("lb-4711.a_B");
    await requestLine("lb-4711.a_B");
    for (const unsafe of ["x".repeat(65), "two words", "<script>", "a\"b"]) {
      const response = await rawRequest(server, { path: "/de/impressum", headers: { "X-Request-Id": unsafe } });
      expect(idOf(response.headers)).toMatch(UUID);
    }
  });

  it("never give a stored page another request's id", async () => {
    const first = await rawRequest(server, { path: "/de/faq" });
    const second = await rawRequest(server, { path: "/de/faq" });
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(idOf(second.headers)).toMatch(UUID);
    expect(idOf(second.headers)).not.toBe(idOf(first.headers));
    expect(second.body).not.toContain(idOf(first.headers));
    expect(second.body).not.toContain("data-request-id");
    expect((await requestLine(idOf(second.headers))).status).toBe(200);
  });

  it("show the id on the server-rendered error screen, and log the error with its stack under it", async () => {
    const response = await rawRequest(server, { path: "/dev/error" });
    expect(response.status).toBe(500);
    const id = idOf(response.headers);
    expect(id).toMatch(UUID);
    expect(response.body).toContain(`data-request-id="${id}"`);
    expect(response.body).toContain(`Fehlerkennung für Rückfragen: ${id}`);
    expect(await requestLine(id)).toMatchObject({ level: "error", method: "GET", path: "/dev/error", status: 500 });
    const error = lines().find((line) => line.reqId === id && line.level === "error" && typeof line.err === "object");
    expect(error?.err).toMatchObject({ type: "Error", message: "Deliberate test error" });
    expect(String((error!.err as { stack: string }).stack)).toContain("Deliberate test error\n    at ");

    // The Czech error page, and the small page of the Express layer (405 here), carry it too.
    const czech = await rawRequest(server, { path: "/cs/neexistuje", method: "PUT" });
    expect(czech.status).toBe(405);
    expect(czech.body).toContain(`Identifikátor chyby pro dotazy: ${idOf(czech.headers)}`);
    // A missing page needs no id to quote.
    const missing = await rawRequest(server, { path: "/de/gibt-es-nicht" });
    expect(missing.status).toBe(404);
    expect(missing.body).not.toContain("data-request-id");
  });

  it("log built assets and other static files below info", async () => {
    const page = await rawRequest(server, { path: "/de/impressum" });
    const asset = /\/assets\/[\w.-]+\.js(?=")/.exec(page.body)?.[0];
    expect(asset).toBeTruthy();
    const response = await rawRequest(server, { path: asset! });
    expect(response.status).toBe(200);
    expect(idOf(response.headers)).toMatch(UUID);
    const favicon = await rawRequest(server, { path: "/favicon.svg" });
    expect(favicon.status).toBe(200);
    await requestLine(idOf(page.headers));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(lines().filter((line) => line.reqId === idOf(response.headers) || line.reqId === idOf(favicon.headers))).toEqual([]);
  });
});
