import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractCode, lastMailTo } from "../tests/support/outbox";
import { admission, slowPost, waitForAdmission } from "../tests/support/load";
import { rawRequest, rssOf, startServer, type TestServer } from "../tests/support/server";

/**
 * The Express layer against the real production build (decision 012): body limits, proxies,
 * headers, methods, malformed input and the bound on work in flight. The server trusts
 * 127.0.0.1 as its proxy; requests from 127.0.0.2 are clients that talk to it directly.
 */
let server: TestServer;
const MIB = 1024 * 1024;
const PER_IP = 3;

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "127.0.0.1", RATE_LIMIT_PER_IP_PER_HOUR: String(PER_IP) });
});

afterAll(async () => {
  await server?.close();
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
let ipCounter = 10;
/** A fresh client address as the trusted proxy reports it (separate rate-limit buckets per test). */
const nextIp = () => `198.51.100.${ipCounter++}`;

async function* zeros(total: number, chunk = 64 * 1024): AsyncIterable<Buffer> {
  const block = Buffer.alloc(chunk, 0x61);
  for (let sent = 0; sent < total; sent += chunk) yield block;
}

function noStackTrace(body: string) {
  expect(body).not.toMatch(/\bat .+\(.*:\d+:\d+\)|node_modules|\/work\/|server\/index\.js|Error:/);
}

describe("request bodies (item 1)", () => {
  it("refuses a 1 GB Content-Length on a text form at once with a translated 413", async () => {
    const response = await rawRequest(server, {
      method: "POST",
      path: "/cs/prihlaseni",
      headers: { ...FORM, "Content-Length": String(1024 * MIB), Origin: server.url },
      body: () => zeros(1024 * MIB),
    });
    expect(response.status).toBe(413);
    expect(response.body).toContain("Odeslaná data jsou příliš velká");
    expect(response.sent).toBeLessThan(64 * MIB);
  });

  it("cuts off chunked bodies past the limit without the process growing", async () => {
    const before = rssOf(server.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 50);
    const responses = [];
    for (const pair of [["/de/anmelden", "/de/registrieren"], ["/auth/logout", "/cs/overeni"]]) {
      responses.push(
        ...(await Promise.all(
          pair.map((path) => rawRequest(server, { method: "POST", path, headers: { ...FORM, "Transfer-Encoding": "chunked", Origin: server.url }, body: () => zeros(300 * MIB) })),
        )),
      );
    }
    clearInterval(sampler);
    for (const response of responses) {
      expect(response.status).toBe(413);
      expect(response.sent).toBeLessThan(32 * MIB);
    }
    expect(peak - before).toBeLessThan(64 * MIB);
  });

  it("allows the upload routes the image limit plus form overhead, and no more", async () => {
    const justBelow = await rawRequest(server, {
      method: "POST",
      path: "/de/firmen/anlegen",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Transfer-Encoding": "chunked", Origin: server.url },
      body: () => zeros(4.5 * MIB),
    });
    expect(justBelow.status).not.toBe(413); // anonymous: the page guard answers
    const above = await rawRequest(server, {
      method: "POST",
      path: "/de/firmen/anlegen",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(6 * MIB), Origin: server.url },
      body: () => zeros(6 * MIB),
    });
    expect(above.status).toBe(413);
  });

  it("answers data requests (fetchers) with the code PAYLOAD_TOO_LARGE", async () => {
    const response = await rawRequest(server, {
      method: "POST",
      path: "/de/anmelden.data",
      headers: { ...FORM, "Transfer-Encoding": "chunked", Origin: server.url },
      body: () => zeros(2 * MIB),
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({ ok: false, error: "PAYLOAD_TOO_LARGE" });
  });
});

describe("malformed input (item 13)", () => {
  const post = (path: string, body: string, headers: Record<string, string> = FORM) =>
    rawRequest(server, { method: "POST", path, headers: { ...headers, Origin: server.url, "X-Forwarded-For": nextIp() }, body });

  it("answers a NUL in a text field with 400 and the translated error, also on anonymous sign-up", async () => {
    const signup = await post("/de/registrieren", form({ name: "A\u0000B", email: "nul@example.org", acceptTerms: "on", acceptPrivacy: "on" }));
    expect(signup.status).toBe(400);
    expect(signup.body).toContain("Bitte prüfen Sie Ihre Eingaben.");
    expect((await post("/de/anmelden", form({ intent: "request", email: "a\u0000@example.org" }))).status).toBe(400);
    expect((await post("/de/verifizieren", form({ token: "x".repeat(20) + "\u0000" }))).status).toBe(400);
  });

  it.each([
    ["broken multipart", "--x\r\nContent-Disposition: form-data; name=\"email\"\r\n\r\na@b", { "Content-Type": "multipart/form-data; boundary=x" }],
    ["multipart without boundary", "--x--", { "Content-Type": "multipart/form-data" }],
    ["JSON", '{"email":"a@example.org"}', { "Content-Type": "application/json" }],
    ["plain text", "hello", { "Content-Type": "text/plain" }],
  ])("answers a %s body with 400", async (_name, body, headers) => {
    const response = await post("/de/anmelden", body, headers);
    expect(response.status).toBe(400);
    noStackTrace(response.body);
  });

  it("answers a NUL in the search term or place with 400 and the form", async () => {
    for (const query of ["q=bau%00&country=DE", "q=bau&place=Dres%00den&country=DE"]) {
      const response = await rawRequest(server, { path: `/de/suche?${query}` });
      expect(response.status).toBe(400);
      expect(response.body).toContain("Bitte prüfen Sie Ihre Eingaben.");
    }
    expect((await rawRequest(server, { path: "/api/places?q=Dres%00den" })).status).toBe(400);
    expect((await rawRequest(server, { path: "/api/geocode?country=DE&postalCode=01067&city=%00" })).status).toBe(400);
  });

  it("refuses a redirectTo with CR/LF, U+2028 or NUL before the login code is used", async () => {
    const ip = nextIp();
    const email = "admin@partnernet.example";
    const headers = { ...FORM, Origin: server.url, "X-Forwarded-For": ip };
    expect((await rawRequest(server, { method: "POST", path: "/de/anmelden", headers, body: form({ intent: "request", email }) })).status).toBe(200);
    const code = extractCode((await lastMailTo(email))!);
    for (const redirectTo of ["/de/mein-account\r\nSet-Cookie: x=1", "/de/\u2028", "/de/\u0000"]) {
      const response = await rawRequest(server, { method: "POST", path: "/de/anmelden", headers, body: form({ intent: "verify", email, code, redirectTo }) });
      expect(response.status).toBe(400);
    }
    // The code still works.
    const ok = await rawRequest(server, { method: "POST", path: "/de/anmelden", headers, body: form({ intent: "verify", email, code, redirectTo: "/de/suche" }) });
    expect(ok.status).toBe(302);
    expect(ok.headers.location).toBe("/de/suche");
    const cookie = ok.headers["set-cookie"]?.find((c) => c.startsWith("pb_auth="))?.split(";")[0] ?? "";

    // Signed-in pages are never cached (item 8).
    const account = await rawRequest(server, { path: "/de/mein-account", headers: { Cookie: cookie } });
    expect(account.status).toBe(200);
    expect(account.headers["cache-control"]).toBe("private, no-store");
  });
});

describe("proxies (item 5)", () => {
  const signup = (n: number, headers: Record<string, string>, localAddress?: string) =>
    rawRequest(server, {
      method: "POST",
      path: "/de/registrieren",
      localAddress,
      headers: { ...FORM, Origin: server.url, ...headers },
      body: form({ name: `Person ${n}`, email: `proxy-${n}-${Math.random().toString(36).slice(2)}@example.org`, acceptTerms: "on", acceptPrivacy: "on" }),
    });

  it("ignores X-Forwarded-For from a client that is not a trusted proxy", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < PER_IP + 2; i++) statuses.push((await signup(i, { "X-Forwarded-For": `203.0.113.${i}` }, "127.0.0.2")).status);
    expect(statuses).toEqual([...Array(PER_IP).fill(200), 429, 429]);
  });

  it("takes the address the trusted proxy saw; forged entries in front of it change nothing", async () => {
    const client = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < PER_IP + 2; i++) statuses.push((await signup(100 + i, { "X-Forwarded-For": `203.0.113.${i}, ${client}` })).status);
    expect(statuses).toEqual([...Array(PER_IP).fill(200), 429, 429]);
  });

  it("accepts a form post with an https Origin through the trusted TLS proxy, not from others", async () => {
    const headers = { Origin: "https://partnernet.example.org", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "partnernet.example.org", "X-Forwarded-For": nextIp() };
    const viaProxy = await rawRequest(server, { method: "POST", path: "/de/anmelden", headers: { ...FORM, ...headers }, body: form({ intent: "request", email: "nobody@example.org" }) });
    expect(viaProxy.status).toBe(200);
    const direct = await rawRequest(server, { method: "POST", path: "/de/anmelden", localAddress: "127.0.0.2", headers: { ...FORM, ...headers }, body: form({ intent: "request", email: "nobody@example.org" }) });
    expect(direct.status).toBe(400);
  });
});

describe("headers and methods (item 8)", () => {
  it("sends a CSP whose nonce every inline script carries", async () => {
    const page = await rawRequest(server, { path: "/de/suche" });
    const csp = String(page.headers["content-security-policy"]);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("https://*.tile.openstreetmap.org");
    const scripts = page.body.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // A new nonce per render (a stored anonymous page keeps its render's: server/page-cache.test.ts).
    const again = await rawRequest(server, { path: "/de/suche?rendered=again" });
    expect(again.headers["x-page-cache"]).toBe("miss");
    expect(again.headers["content-security-policy"]).not.toBe(csp);
  });

  it("sends nosniff and the CSP on static files too", async () => {
    const icon = await rawRequest(server, { path: "/favicon.svg" });
    expect(icon.status).toBe(200);
    expect(icon.headers["x-content-type-options"]).toBe("nosniff");
    expect(icon.headers["content-security-policy"]).toBeTruthy();
  });

  it.each(["TRACE", "PUT", "DELETE", "PATCH", "OPTIONS"])("answers %s with 405 and no stack trace", async (method) => {
    const response = await rawRequest(server, { method, path: "/de" });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe("GET, HEAD, POST");
    noStackTrace(response.body);
  });

  it("answers a malformed static path without Express's stack trace page", async () => {
    const response = await rawRequest(server, { path: "/%E0%A4%A" });
    expect(response.status).toBeLessThan(500);
    noStackTrace(response.body);
  });
});

describe("work in flight (item 16)", () => {
  // Its own server with two slots and a line of one, so the other tests' requests (a 1 GB body
  // whose 413 closes after a second) never take its slots. Nothing here waits a fixed time: the
  // tests read the server's own counts (waitForAdmission) and the longest wait is a minute, so a
  // slow machine changes how long they take, not what they see. The wait limit itself:
  // server/overload.test.ts.
  let busy: TestServer;
  beforeAll(async () => {
    busy = await startServer({ MAX_CONCURRENT_REQUESTS: "2", REQUEST_QUEUE_LENGTH: "1", REQUEST_QUEUE_TIMEOUT_MS: "60000", PAGE_CACHE_TTL_MS: "0" });
  }, 120_000);
  afterAll(async () => {
    expect(busy.output()).not.toMatch(/Unhandled|ERR_HTTP_HEADERS_SENT|TypeError/);
    await busy?.close();
  });

  it("answers requests beyond the limit and the line with 503 + Retry-After without waiting, then recovers", async () => {
    let open!: () => void;
    const release = new Promise<void>((r) => (open = r));
    await waitForAdmission(busy, (c) => c.inFlight === 0 && c.queued === 0);
    const slow = [slowPost(busy, release), slowPost(busy, release)];
    await waitForAdmission(busy, (c) => c.inFlight === 2);
    const queued = rawRequest(busy, { path: "/de" });
    await waitForAdmission(busy, (c) => c.queued === 1);
    // Both slots stay taken until open(): a 503 now is the refusal of a full line, not a timeout.
    const rejected = await rawRequest(busy, { path: "/de/suche" });
    expect(rejected.status).toBe(503);
    expect(rejected.headers["retry-after"]).toBe("5");
    expect(rejected.headers["x-requests-queued"]).toBe("1");
    expect(rejected.body).toContain("Der Server ist gerade ausgelastet");
    // Stored files never wait.
    expect((await rawRequest(busy, { path: "/files/logos/none.webp" })).status).toBe(404);
    expect(await admission(busy)).toEqual({ inFlight: 2, queued: 1 });

    open();
    for (const response of await Promise.all(slow)) expect(response.status).toBe(200);
    expect((await queued).status).toBe(200);
    expect((await rawRequest(busy, { path: "/de" })).status).toBe(200);
    await waitForAdmission(busy, (c) => c.inFlight === 0 && c.queued === 0);
  });

  it("runs a queued request as soon as a slot frees", async () => {
    let open!: () => void;
    const release = new Promise<void>((r) => (open = r));
    await waitForAdmission(busy, (c) => c.inFlight === 0 && c.queued === 0);
    const slow = [slowPost(busy, release), slowPost(busy, release)];
    await waitForAdmission(busy, (c) => c.inFlight === 2);
    const queued = rawRequest(busy, { path: "/de" });
    await waitForAdmission(busy, (c) => c.queued === 1);
    open();
    expect((await queued).status).toBe(200);
    for (const response of await Promise.all(slow)) expect(response.status).toBe(200);
  });
});

describe("the server log", () => {
  it("has no uncaught errors", () => {
    expect(server.output()).not.toMatch(/Unhandled|ERR_HTTP_HEADERS_SENT|TypeError/);
  });
});
