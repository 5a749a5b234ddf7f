import fs from "node:fs";
import http from "node:http";
import { type RawResponse, rawRequest, type TestServer } from "./server";

/**
 * Helpers for the admission tests (decisions 012, 043): what the server's bound on work in flight
 * reports, requests that hold a slot until released, and the test hook that blocks the event loop.
 */

/**
 * The server's own count of dynamic requests at work and in line: test servers (APP_ENV=test) send
 * them on requests that bypass the bound, e.g. a stored file that does not exist (404).
 */
export async function admission(server: TestServer): Promise<{ inFlight: number; queued: number }> {
  const probe = await rawRequest(server, { path: "/files/logos/none.webp" });
  const inFlight = Number(probe.headers["x-requests-in-flight"]);
  const queued = Number(probe.headers["x-requests-queued"]);
  if (!Number.isInteger(inFlight) || !Number.isInteger(queued)) throw new Error(`no admission counts on ${probe.status} /files/ (APP_ENV=test?)`);
  return { inFlight, queued };
}

/** Polls the server's counts until `ready` holds: the state a test needs, not a guessed sleep. */
export async function waitForAdmission(server: TestServer, ready: (counts: { inFlight: number; queued: number }) => boolean, withinMs = 60_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  let last = await admission(server);
  while (!ready(last)) {
    if (Date.now() > deadline) throw new Error(`admission counts stayed ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 20));
    last = await admission(server);
  }
}

/** A sign-in code request whose body trickles in until `release` resolves: it holds its slot meanwhile. */
export function slowPost(server: TestServer, release: Promise<void>): Promise<RawResponse> {
  return rawRequest(server, {
    method: "POST",
    path: "/de/anmelden",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked", Origin: server.url },
    body: async function* () {
      yield Buffer.from("intent=request&email=");
      await release;
      yield Buffer.from(`slow-${Math.random().toString(36).slice(2)}%40example.org`);
    },
  });
}

/**
 * GET /_test/block-event-loop on a server started with TEST_BLOCK_EVENT_LOOP_FILE=`file`: resolves
 * `blocked` once the response head arrived — the server's event loop is busy from then on, until
 * `release()` removes the file; `done` is the whole answer.
 */
export function blockEventLoop(server: TestServer, file: string): { blocked: Promise<void>; release: () => void; done: Promise<RawResponse> } {
  fs.writeFileSync(file, "");
  let headed!: () => void;
  const blocked = new Promise<void>((resolve) => (headed = resolve));
  const done = new Promise<RawResponse>((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port: server.port, path: "/_test/block-event-loop", agent: false }, (res) => {
      headed();
      collect(res, resolve);
    });
    req.on("error", reject);
  });
  return { blocked, release: () => fs.rmSync(file, { force: true }), done };
}

/**
 * A GET sent on its own connection; `sent` resolves once the connection is established and the
 * request handed to the kernel (so it waits in the server's backlog even while its loop is blocked).
 */
export function sentRequest(server: TestServer, path: string): { sent: Promise<void>; response: Promise<RawResponse> } {
  let written!: () => void;
  const sent = new Promise<void>((resolve) => (written = resolve));
  const response = new Promise<RawResponse>((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port: server.port, path, agent: false }, (res) => {
      collect(res, resolve);
    });
    req.on("error", reject);
    req.on("finish", () => {
      if (req.socket && !req.socket.connecting) written();
      else req.socket?.once("connect", () => written());
    });
  });
  return { sent, response };
}

/** Reads a whole answer into the shape rawRequest gives. */
function collect(res: http.IncomingMessage, resolve: (response: RawResponse) => void): void {
  const chunks: Buffer[] = [];
  res.on("data", (c: Buffer) => chunks.push(c));
  res.on("end", () => {
    const rawBody = Buffer.concat(chunks);
    resolve({ status: res.statusCode ?? 0, headers: res.headers, rawHeaders: res.rawHeaders, body: rawBody.toString(), rawBody, sent: 0 });
  });
}
