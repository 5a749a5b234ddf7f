import { existsSync } from "node:fs";
import type { Socket } from "node:net";
import { performance } from "node:perf_hooks";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { logger } from "~/server/logger.server";
import { CORS_HEADERS } from "~/server/public-api/cors";
import { errorBody, sendError } from "./error-response";

/**
 * Express middlewares in front of React Router (decision 012): allowed methods, the request body
 * limit, the bound on work in flight, and the final error handler.
 */

/** What the app answers; anything else (TRACE, PUT, OPTIONS except the API's preflight, …) is 405 before any route code runs. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;

export function methodGuard(req: Request, res: Response, next: NextFunction): void {
  if ((ALLOWED_METHODS as readonly string[]).includes(req.method)) return next();
  // The CORS preflight of the public API (decision 064): the only OPTIONS the app answers.
  if (req.method === "OPTIONS" && req.path.startsWith("/api/v1/")) {
    res.status(204).set({ ...CORS_HEADERS, "Cache-Control": "public, max-age=86400" }).end();
    return;
  }
  sendError(req, res, 405, "METHOD_NOT_ALLOWED", { Allow: ALLOWED_METHODS.join(", ") });
}

/**
 * Refuses bodies above the route's limit with 413 before anything buffers them: at once on a
 * larger Content-Length (Node itself never reads past a declared length), and for chunked bodies
 * by counting the bytes as they arrive; the first byte over the limit is not passed on, the
 * reader (the action's readForm) gets an error, the client a 413 and a closed connection.
 */
export function bodyLimit(limitFor: (pathname: string) => number | { maxBytes: number; fileMaxBytes?: number }): RequestHandler {
  return (req, res, next) => {
    const found = limitFor(req.path);
    const limit = typeof found === "number" ? found : found.maxBytes;
    // A route that takes a file names its file limit (FILE_TOO_LARGE "at most 25 MB"), as its action would.
    const fileMaxBytes = typeof found === "number" ? undefined : found.fileMaxBytes;
    const refuse = (req: Request, res: Response) => refuseBody(req, res, fileMaxBytes);
    const declared = req.headers["content-length"];
    if (declared === undefined && req.headers["transfer-encoding"] === undefined) return next();

    let received = 0;
    let exceeded = false;
    const emit = req.emit;
    req.emit = function limitedEmit(this: Request, event: string | symbol, ...args: unknown[]): boolean {
      if (event === "data") {
        if (exceeded) return false; // discarded, never buffered
        received += (args[0] as Buffer).length;
        if (received > limit) {
          exceeded = true;
          refuse(req, res);
          if (this.listenerCount("error") > 0) emit.call(this, "error", Object.assign(new Error("Request body too large"), { status: 413 }));
          return false;
        }
      }
      return emit.call(this, event, ...args);
    } as typeof req.emit;
    if (declared !== undefined && !(Number(declared) <= limit)) {
      exceeded = true;
      return refuse(req, res);
    }
    next();
  };
}

/** How long a refused client may go on sending (discarded) so it can read the 413 before the connection closes. */
const LINGER_MS = 1_000;

function refuseBody(req: Request, res: Response, fileMaxBytes: number | undefined): void {
  if (res.headersSent) {
    req.socket.destroy();
    return;
  }
  // The whole answer (with its length) goes out now, so the client can read it at once; the
  // response is only ended once the body is in or after a moment: ending it while the client
  // is still sending makes Node close the socket, and the client gets a reset before it reads
  // the 413. Meanwhile arriving bytes are dropped; then the connection is closed instead of
  // reading the rest of a huge body.
  res.locals.refused = true;
  const { type, body } = fileMaxBytes ? errorBody(req, 413, "FILE_TOO_LARGE", { maxMb: Math.round((fileMaxBytes / (1024 * 1024)) * 10) / 10 }) : errorBody(req, 413, "PAYLOAD_TOO_LARGE");
  const bytes = Buffer.from(body);
  res.writeHead(413, {
    "Content-Type": type === "json" ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
    "Content-Length": String(bytes.length),
    "Cache-Control": "no-store",
  });
  res.write(bytes);
  let ended = false;
  const finish = (close: boolean) => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    res.end();
    if (close) res.once("finish", () => req.socket.destroy());
  };
  const timer = setTimeout(() => finish(true), LINGER_MS);
  timer.unref();
  req.once("end", () => finish(false));
  req.once("close", () => finish(true));
  req.resume();
}

/**
 * Wraps the React Router handler: when the body limiter already answered (413) while an action
 * was reading, the action's own late answer is dropped instead of failing on sent headers.
 */
export function unlessRefused(handler: RequestHandler): RequestHandler {
  return (req, res, next) =>
    handler(req, res, (error?: unknown) => {
      if (res.locals.refused === true) return;
      next(error);
    });
}

/**
 * X-Forwarded-* only count from a trusted proxy (Express's `trust proxy`, set from TRUST_PROXY):
 * from anyone else they are removed, so no later code can be fooled by them. Through a trusted
 * proxy, the forwarded host replaces Host, so React Router's request URL (which takes the port
 * from Host) is exactly the public origin the browser sends as Origin.
 */
export function forwardedHeaders(req: Request, _res: Response, next: NextFunction): void {
  const trust = req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
  if (!trust(req.socket.remoteAddress, 0)) {
    for (const name of ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded"]) delete req.headers[name];
  } else {
    const host = req.headers["x-forwarded-host"];
    const first = (Array.isArray(host) ? host[0] : host)?.split(",")[0]?.trim();
    if (first) req.headers.host = first;
  }
  next();
}

export interface ConcurrencyOptions {
  maxInFlight: number;
  queueLength: number;
  /**
   * The longest a request may wait before its work starts, counted from when its connection was
   * accepted (plus the event-loop delay it may have spent unread in the listen backlog). Older
   * requests are answered 503 without any work (decision 043).
   */
  queueTimeoutMs: number;
  /** Requests that never count (stored files, static assets, robots.txt). */
  bypass?: (req: Request) => boolean;
  /** Seconds for Retry-After on 503. */
  retryAfterSeconds?: number;
  /** Test servers only: the counts as `X-Requests-In-Flight` / `X-Requests-Queued` on bypassing requests and 503s. */
  exposeStats?: boolean;
  /** The estimated arrival of a request (performance.now() milliseconds); default: watchArrivals' stamp. */
  arrivedAt?: (req: Request) => number;
  /**
   * Also refuse a request at once when the line ahead, at the recent pace of starts, would make it
   * wait past `queueTimeoutMs` (REQUEST_BACKLOG_ESTIMATE, off by default: an embedded-database stall
   * stretches the pace and the prediction refused ordinary requests in the end-to-end suite).
   */
  estimateBacklog?: boolean;
}

export type ConcurrencyLimit = RequestHandler & { stats: () => { inFlight: number; queued: number; shed: number } };

/**
 * Measures how long requests wait before the app sees them (decision 043). The event loop only
 * accepts and reads connections between two pieces of work, and Node (libuv ≥ 1.45) accepts one
 * connection per loop turn: while the loop is busy (a long render, a synchronous embedded-database
 * query, a starved CPU) new connections sit unseen in the listen backlog. So a connection accepted
 * in the first turn after an event-loop stall, or in each following turn that goes on accepting
 * (the backlog being emptied one per turn), may have waited since that stall began and is stamped
 * with its start; any other connection and every further request on a kept-alive connection is
 * stamped when seen.
 */
export function watchArrivals(server: { on: (event: "connection", listener: (socket: Socket) => void) => unknown }, options: { estimateBacklog: boolean }): void {
  estimateBacklog = options.estimateBacklog;
  watchStalls();
  server.on("connection", (socket: Socket) => {
    acceptedConnections += 1;
    const backlogged = estimateBacklog && (stallJustEnded || acceptsInARow);
    if (backlogged && burst?.start !== stallStart) burst = { start: stallStart, count: 0 };
    if (backlogged) burst!.count += 1;
    (socket as StampedSocket)[ACCEPTED] = { burst: backlogged ? burst : null };
    // The next turn continues the run only if it accepts again (checked in its check phase).
    if (backlogged && !acceptsInARow) chainAccepts();
    acceptedThisTurn = true;
  });
}

/** An event-loop stall: the loop did not get to its timers for longer than this (ms). */
const STALL_MS = 50;
const TICK_MS = 20;
/** When the last stall began (performance.now()). */
let stallStart = 0;
/**
 * The connections accepted from the backlog after the last stall. Their wait counts from the stall's
 * start only once they are a crowd (at least the in-flight limit): a stall alone — a synchronous
 * embedded-database job, a long render — with a visitor or two waiting is no overload, and those
 * few are served rather than refused for a wait that may have been a millisecond.
 */
let burst: { start: number; count: number } | null = null;
let crowdSize = 1;
/**
 * Off by default (REQUEST_BACKLOG_ESTIMATE): in the end-to-end suite the estimate refused ordinary
 * requests that followed a stall of the embedded database (an import batch, a cold start), so a
 * request's wait counts from when the app sees it unless an operator turns the estimate on.
 */
let estimateBacklog = false;
/** True from the timers phase that saw a stall end until that turn's check phase. */
let stallJustEnded = false;
/** True while every turn since such a stall accepted a connection (the backlog is being emptied). */
let acceptsInARow = false;
let acceptedThisTurn = false;
let stallWatch: NodeJS.Timeout | null = null;

function watchStalls(): void {
  if (stallWatch) return;
  let last = performance.now();
  stallWatch = setInterval(() => {
    const now = performance.now();
    if (now - last > TICK_MS + STALL_MS) {
      // While the backlog of an earlier stall is still being emptied (or the loop has not even
      // finished a turn since it), its connections waited since that one began.
      if (!acceptsInARow && !stallJustEnded) stallStart = last;
      stallJustEnded = true;
      acceptedThisTurn = false;
      setImmediate(() => {
        stallJustEnded = false;
      });
    }
    last = now;
  }, TICK_MS);
  stallWatch.unref();
}

/** Keeps `acceptsInARow` while each turn accepts a connection; the first turn without one ends the run. */
function chainAccepts(): void {
  acceptsInARow = true;
  acceptedThisTurn = true;
  const check = () => {
    if (!acceptedThisTurn) {
      acceptsInARow = false;
      return;
    }
    acceptedThisTurn = false;
    setImmediate(check);
  };
  setImmediate(check);
}

/** Connections accepted so far (watchArrivals); afterAcceptsDrained watches it change. */
let acceptedConnections = 0;

/** How many event-loop turns one drain may take at most, so a flood of connections cannot keep renders from starting. */
const MAX_DRAIN_TURNS = 256;

/**
 * Runs `then` once the listen backlog is empty. Node (libuv ≥ 1.45) accepts at most one connection
 * per event-loop turn, and a turn that runs a render lasts as long as the render: with renders
 * back to back, a crowd of connections would be accepted one per render, waiting unseen in the
 * backlog meanwhile. So before each start the loop turns (setImmediate) until a turn accepts
 * nothing new: every waiting connection is then accepted, read and admitted or refused in cheap
 * turns of its own. A quiet server spends a single turn.
 */
function afterAcceptsDrained(then: () => void): void {
  let seen = acceptedConnections;
  let turns = 0;
  const turn = () => {
    if (acceptedConnections !== seen && turns < MAX_DRAIN_TURNS) {
      seen = acceptedConnections;
      turns += 1;
      setImmediate(turn);
      return;
    }
    then();
  };
  setImmediate(turn);
}

const ACCEPTED = Symbol("acceptedAt");
type StampedSocket = Socket & { [ACCEPTED]?: { burst: { start: number; count: number } | null } };

const inCrowd = (b: { start: number; count: number } | null): b is { start: number; count: number } => b !== null && b.count >= crowdSize;

/**
 * The stamp of a request: when the app sees it, or — for the first request on a connection taken
 * from the backlog with a crowd after a stall (REQUEST_BACKLOG_ESTIMATE) — the stall's start.
 * Never the moment a connection was merely accepted: browsers open connections ahead of need
 * (preconnect) and may send the first request on one many seconds later; counting that idle time
 * as waiting refused ordinary requests on a quiet server.
 */
export function arrivalOf(req: Request): number {
  const socket = req.socket as StampedSocket;
  const accepted = socket[ACCEPTED];
  if (accepted !== undefined) {
    socket[ACCEPTED] = undefined; // a later request on this connection arrived later
    if (inCrowd(accepted.burst)) return accepted.burst.start;
  }
  return estimateBacklog && stallJustEnded && inCrowd(burst) && burst.start === stallStart ? stallStart : performance.now();
}

/**
 * Admission of dynamic requests (decisions 012, 043). At most `maxInFlight` run at once, up to
 * `queueLength` more wait in line. A request is refused at once with 503 + Retry-After, before
 * any work, when it has already waited `queueTimeoutMs` since it arrived (see watchArrivals), when
 * the line is full, or when the line ahead of it would make it wait longer than that (estimated
 * from the recent pace of starts). Requests are started one at a time, each only once the listen
 * backlog is empty (afterAcceptsDrained): a render that never yields (the embedded database answers
 * synchronously) then still lets the loop accept, read and refuse the connections that arrived
 * meanwhile between two renders, instead of each freed slot starting the next render at once and
 * the crowd waiting unseen in the backlog. A queued request that is too old when its turn
 * comes (or when the sweep every 250 ms finds it) gets its 503 then. A request leaves its slot when
 * its response finishes or its connection closes.
 */
export function concurrencyLimit(options: ConcurrencyOptions): ConcurrencyLimit {
  const { maxInFlight, queueLength, queueTimeoutMs, bypass, retryAfterSeconds = 5, exposeStats = false, arrivedAt = arrivalOf, estimateBacklog: predict = false } = options;
  crowdSize = maxInFlight;
  let inFlight = 0;
  let shed = 0;
  interface Waiting {
    req: Request;
    res: Response;
    next: NextFunction;
    arrived: number;
  }
  const queue: Waiting[] = [];
  /** Milliseconds between two starts while requests wait (moving average); 0 until measured. */
  let startGapMs = 0;
  let lastStart = 0;
  let pumpScheduled = false;
  let sweeper: NodeJS.Timeout | null = null;

  const statsHeaders = (res: Response) => {
    if (!exposeStats || res.headersSent) return;
    res.setHeader("X-Requests-In-Flight", String(inFlight));
    res.setHeader("X-Requests-Queued", String(queue.length));
  };
  const busy = (req: Request, res: Response) => {
    shed += 1;
    statsHeaders(res);
    // The connection goes too: a kept-alive client does not come back on it at once.
    sendError(req, res, 503, "SERVER_BUSY", { "Retry-After": String(retryAfterSeconds), Connection: "close" });
  };
  const gone = (res: Response) => res.writableEnded || res.destroyed;

  const start = (entry: Waiting) => {
    inFlight += 1;
    const now = performance.now();
    // The pace of starts while requests wait: from the previous start or this one's arrival, whichever is later.
    if (queue.length > 0) {
      const gap = now - Math.max(lastStart, entry.arrived);
      startGapMs = startGapMs === 0 ? gap : 0.8 * startGapMs + 0.2 * gap;
    }
    lastStart = now;
    let released = false;
    const done = () => {
      if (released) return;
      released = true;
      inFlight -= 1;
      schedulePump();
    };
    entry.res.once("finish", done);
    entry.res.once("close", done);
    entry.next();
  };

  /** Refuses the requests at the head of the line that waited too long; starts at most one. */
  const pump = () => {
    pumpScheduled = false;
    const now = performance.now();
    while (queue.length > 0 && inFlight < maxInFlight) {
      const entry = queue.shift()!;
      if (gone(entry.res)) continue;
      if (now - entry.arrived > queueTimeoutMs) {
        busy(entry.req, entry.res);
        continue;
      }
      start(entry);
      break;
    }
    if (queue.length > 0 && inFlight < maxInFlight) schedulePump();
  };
  function schedulePump() {
    if (pumpScheduled || queue.length === 0) return;
    pumpScheduled = true;
    afterAcceptsDrained(pump);
  }

  /** Timers run late on a busy loop, so this only adds to the check each turn makes in pump(). */
  const sweep = () => {
    const now = performance.now();
    for (let i = queue.length - 1; i >= 0; i--) {
      const entry = queue[i]!;
      if (gone(entry.res)) queue.splice(i, 1);
      else if (now - entry.arrived > queueTimeoutMs) {
        queue.splice(i, 1);
        busy(entry.req, entry.res);
      }
    }
    if (queue.length === 0 && sweeper) {
      clearInterval(sweeper);
      sweeper = null;
    }
  };

  const handler = ((req: Request, res: Response, next: NextFunction) => {
    if (bypass?.(req)) {
      statsHeaders(res);
      return next();
    }
    const arrived = arrivedAt(req);
    const waited = performance.now() - arrived;
    if (waited > queueTimeoutMs) return busy(req, res);
    // Requests that arrived in the same turn are all in line until pump starts them: count both.
    if (inFlight + queue.length >= maxInFlight + queueLength) return busy(req, res);
    // Everyone in line ahead starts before this one: refuse now what would time out in line anyway.
    if (predict && waited + queue.length * startGapMs > queueTimeoutMs) return busy(req, res);
    queue.push({ req, res, next, arrived });
    if (!sweeper) {
      sweeper = setInterval(sweep, 250);
      sweeper.unref();
    }
    schedulePump();
  }) as ConcurrencyLimit;
  handler.stats = () => ({ inFlight, queued: queue.length, shed });
  return handler;
}

/**
 * Test hook (TEST_BLOCK_EVENT_LOOP_FILE, never in production): sends the response head, then keeps
 * the event loop busy — as a saturated CPU or a long synchronous query would — while the file
 * exists (at most 60 s), then ends the response. A test that has read the head knows the loop is
 * blocked, sends requests that wait unread in the backlog, and removes the file (decision 043).
 */
export function blockEventLoop(file: string): RequestHandler {
  return (_req, res) => {
    res.writeHead(200, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
    res.flushHeaders();
    const until = Date.now() + 60_000;
    let spins = 0;
    while (existsSync(file) && Date.now() < until) spins += 1;
    res.end(`blocked ${spins}\n`);
  };
}

/**
 * The last handler: logs the error (with its stack and the request id, decision 049) and answers
 * a generic, translated 500 (or the 4xx an Express layer attached, e.g. a malformed path for the
 * static files), never Express's default page with the stack trace and server paths.
 */
export function errorHandler(error: unknown, req: Request, res: Response, _next: NextFunction): void {
  const declared = typeof error === "object" && error !== null ? Number((error as { status?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode) : Number.NaN;
  const status = declared >= 400 && declared < 600 ? declared : 500;
  if (status >= 500) (req.log ?? logger).error({ err: error }, "Unhandled error");
  const code = status === 413 ? "PAYLOAD_TOO_LARGE" : status === 404 ? "NOT_FOUND" : status === 405 ? "METHOD_NOT_ALLOWED" : status < 500 ? "INVALID_INPUT" : "GENERIC";
  sendError(req, res, status, code);
}
