import type { NextFunction, Request, RequestHandler, Response } from "express";
import { errorBody, sendError } from "./error-response";

/**
 * Express middlewares in front of React Router (decision 012): allowed methods, the request body
 * limit, the bound on work in flight, and the final error handler.
 */

/** What the app answers; anything else (TRACE, PUT, OPTIONS, …) is 405 before any route code runs. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;

export function methodGuard(req: Request, res: Response, next: NextFunction): void {
  if ((ALLOWED_METHODS as readonly string[]).includes(req.method)) return next();
  sendError(req, res, 405, "METHOD_NOT_ALLOWED", { Allow: ALLOWED_METHODS.join(", ") });
}

/**
 * Refuses bodies above the route's limit with 413 before anything buffers them: at once on a
 * larger Content-Length (Node itself never reads past a declared length), and for chunked bodies
 * by counting the bytes as they arrive; the first byte over the limit is not passed on, the
 * reader (the action's readForm) gets an error, the client a 413 and a closed connection.
 */
export function bodyLimit(limitFor: (pathname: string) => number): RequestHandler {
  return (req, res, next) => {
    const limit = limitFor(req.path);
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

function refuse(req: Request, res: Response): void {
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
  const { type, body } = errorBody(req, 413, "PAYLOAD_TOO_LARGE");
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
  queueTimeoutMs: number;
  /** Requests that never count (stored files, static assets). */
  bypass?: (req: Request) => boolean;
  /** Seconds for Retry-After on 503. */
  retryAfterSeconds?: number;
}

/**
 * At most `maxInFlight` dynamic requests run at once; up to `queueLength` more wait (each at most
 * `queueTimeoutMs`); beyond that, or after waiting too long, 503 with Retry-After. A request
 * leaves its slot when its response finishes or its connection closes.
 */
export function concurrencyLimit(options: ConcurrencyOptions): RequestHandler & { stats: () => { inFlight: number; queued: number } } {
  const { maxInFlight, queueLength, queueTimeoutMs, bypass, retryAfterSeconds = 5 } = options;
  let inFlight = 0;
  const queue: Array<{ start: () => void; timer: NodeJS.Timeout }> = [];

  const release = () => {
    inFlight -= 1;
    const next = queue.shift();
    if (next) {
      clearTimeout(next.timer);
      next.start();
    }
  };
  const busy = (req: Request, res: Response) => sendError(req, res, 503, "SERVER_BUSY", { "Retry-After": String(retryAfterSeconds) });

  const handler = ((req: Request, res: Response, next: NextFunction) => {
    if (bypass?.(req)) return next();
    const start = () => {
      inFlight += 1;
      if (res.writableEnded || res.destroyed) return release(); // answered or gone while waiting
      let released = false;
      const done = () => {
        if (released) return;
        released = true;
        release();
      };
      res.once("finish", done);
      res.once("close", done);
      next();
    };
    if (inFlight < maxInFlight) {
      start();
      return;
    }
    if (queue.length >= queueLength) return busy(req, res);
    const entry = {
      start,
      timer: setTimeout(() => {
        const index = queue.indexOf(entry);
        if (index >= 0) queue.splice(index, 1);
        busy(req, res);
      }, queueTimeoutMs),
    };
    queue.push(entry);
    res.once("close", () => {
      const index = queue.indexOf(entry);
      if (index >= 0) {
        queue.splice(index, 1);
        clearTimeout(entry.timer);
      }
    });
  }) as RequestHandler & { stats: () => { inFlight: number; queued: number } };
  handler.stats = () => ({ inFlight, queued: queue.length });
  return handler;
}

/**
 * The last handler: logs the error and answers a generic, translated 500 (or the 4xx an Express
 * layer attached, e.g. a malformed path for the static files), never Express's default page with
 * the stack trace and server paths.
 */
export function errorHandler(error: unknown, req: Request, res: Response, _next: NextFunction): void {
  const declared = typeof error === "object" && error !== null ? Number((error as { status?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode) : Number.NaN;
  const status = declared >= 400 && declared < 600 ? declared : 500;
  if (status >= 500) console.error(error);
  const code = status === 413 ? "PAYLOAD_TOO_LARGE" : status === 404 ? "NOT_FOUND" : status === 405 ? "METHOD_NOT_ALLOWED" : status < 500 ? "INVALID_INPUT" : "GENERIC";
  sendError(req, res, status, code);
}
