import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, localeOfPath } from "~/i18n/locales";
import { serializeCookie } from "~/server/http/cookies.server";

/**
 * A short-lived cache of anonymous pages in each instance (decision 045): the same public page for
 * every visitor without a session is rendered once per `ttlMs` instead of once per request.
 *
 * - Only GET requests that carry no cookie but the language one are served from it or stored, and
 *   only answers with status 200, no `Cache-Control: private/no-store` and no cookie but the
 *   language one: a signed-in page (session cookie) never comes from it or goes into it.
 * - Freshness: every instance forgets a page after `ttlMs` (default 2 s), so a change made on any
 *   instance is seen by anonymous visitors on all of them within that time; the instance that took
 *   a write (any non-GET answered below 500) forgets everything at once, and a render that began
 *   before such a write is not stored. The workers of one cluster (decision 047) tell each other
 *   through their primary, so one machine is fresh at once too.
 * - A stored page is served byte for byte as rendered, with the Content-Security-Policy of its render:
 *   its nonce was made for that render, after its content was fixed, so sharing it for the page's
 *   few seconds tells nobody anything they could put into a page (decision 069). That makes the body
 *   constant, so it is compressed once per encoding (brotli, gzip) instead of once per answer, and a
 *   stored page costs about what a static file does. The language cookie is set per request as the
 *   page itself would.
 * - Requests for the same missing page wait for one render instead of rendering it side by side.
 */
export interface PageCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** Larger bodies are served but not stored. */
  maxBodyBytes: number;
  /** Paths that never use the cache (files, APIs, development pages). */
  bypass: (req: Request) => boolean;
  /** Called after a write emptied this cache (cluster workers pass it on to their siblings, decision 047). */
  onWrite?: () => void;
}

/** The encodings a stored page is kept in, the browser's preferred first (as the compression middleware prefers). */
const ENCODINGS = ["br", "gzip"] as const;
type Encoding = (typeof ENCODINGS)[number];
/** Same levels as the compression middleware in front of the renders (compression 1.8: brotli quality 4, zlib's default gzip). */
const ENCODE: Record<Encoding, (body: Buffer) => Buffer> = {
  br: (body) => brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => gzipSync(body),
};

interface Entry {
  status: number;
  headers: Array<[string, string | string[] | number]>;
  body: Buffer;
  /** The body compressed, made on the first answer that asks for that encoding. */
  encoded: Partial<Record<Encoding, Buffer>>;
  /** The Content-Security-Policy of the render (its nonce is in the body's scripts). */
  csp: string | null;
  /** On the monotonic clock (monotonicNow). */
  expires: number;
}

/**
 * Milliseconds on a clock that only moves forward at a steady pace: a stored page's lifetime must not
 * end early (or late) when the system clock is stepped (NTP, a virtual machine resuming), which
 * Date.now() follows.
 */
const monotonicNow = () => performance.now();

type Chunk = string | Buffer | Uint8Array;
type Write = (chunk: Chunk, encoding?: BufferEncoding | ((error?: Error | null) => void), callback?: (error?: Error | null) => void) => boolean;
type End = (chunk?: Chunk | (() => void), encoding?: BufferEncoding | (() => void), callback?: () => void) => Response;

/**
 * Headers not stored: set per answer (cookies, the CSP with its nonce, length, date, the request's
 * own X-Request-Id, decision 049) or by the outer layers (compression sets Content-Encoding and
 * Vary for each answer). Stored pages are status 200 without an error screen, so their bodies
 * carry no request id either (app/request-id.ts).
 */
const PER_ANSWER = new Set(["set-cookie", "content-security-policy", "content-encoding", "vary", "content-length", "date", "connection", "keep-alive", "transfer-encoding", "x-page-cache", "x-request-id"]);

/** The stored encoding this request accepts (q=0 refuses), brotli first, or null for the plain body. */
function encodingFor(req: Request): Encoding | null {
  // One at a time, in our order: asked for a list, the negotiator follows the header's order at equal q
  // ("gzip, deflate, br" → gzip), while the compression middleware prefers brotli.
  return ENCODINGS.find((encoding) => req.acceptsEncodings(encoding) === encoding) ?? null;
}

export function createPageCache(options: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry | null>>();
  let generation = 0;

  function forget(): void {
    entries.clear();
    generation++;
  }

  /**
   * Empties the cache as the write's answer is handed over, not on its `finish` event: `finish` comes
   * after the socket write completes, and on a busy machine the client had read the answer and sent
   * its next request before it (a render begun then was discarded, and the page missed twice). A
   * write answered at 500 or above changed nothing, unless the connection closed before any answer.
   */
  function forgetWhenAnswered(res: Response): void {
    let answered = false;
    const end = res.end.bind(res) as End;
    (res as unknown as { end: End }).end = (chunk, encoding, callback) => {
      if (!answered) {
        answered = true;
        if (res.statusCode < 500) {
          forget();
          options.onWrite?.();
        }
      }
      return end(chunk, encoding, callback);
    };
    res.on("close", () => {
      if (answered) return;
      answered = true;
      forget();
      options.onWrite?.();
    });
  }

  function fresh(key: string, now: number): Entry | null {
    const entry = entries.get(key);
    if (!entry) return null;
    if (entry.expires <= now) {
      entries.delete(key);
      return null;
    }
    return entry;
  }

  function serve(req: Request, res: Response, entry: Entry): void {
    res.status(entry.status);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    if (entry.csp) res.setHeader("Content-Security-Policy", entry.csp);
    const cookie = languageCookie(req);
    if (cookie) res.append("Set-Cookie", cookie);
    res.setHeader("X-Page-Cache", "hit");
    res.setHeader("Vary", "Accept-Encoding");
    const encoding = encodingFor(req);
    let body = entry.body;
    if (encoding) {
      body = entry.encoded[encoding] ??= ENCODE[encoding](entry.body);
      // A Content-Encoding already set makes the compression middleware outside leave the answer alone.
      res.setHeader("Content-Encoding", encoding);
    }
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  function middleware(req: Request, res: Response, next: NextFunction): void {
    if (options.ttlMs <= 0 || options.bypass(req)) return next();
    if (req.method !== "GET") {
      // A write (or its refusal) on this instance: what anonymous visitors see may have changed.
      if (req.method !== "HEAD" && req.method !== "OPTIONS") forgetWhenAnswered(res);
      return next();
    }
    if (!onlyLanguageCookie(req.headers.cookie)) return next();
    const key = `${req.protocol}://${req.get("host") ?? ""}${req.originalUrl}`;
    const hit = fresh(key, monotonicNow());
    if (hit) return serve(req, res, hit);
    const inFlight = pending.get(key);
    if (inFlight) {
      void inFlight.then((entry) => (entry && !res.headersSent ? serve(req, res, entry) : next()));
      return;
    }
    let settle!: (entry: Entry | null) => void;
    pending.set(
      key,
      new Promise<Entry | null>((resolve) => (settle = resolve)),
    );
    const startedIn = generation;
    const done = (entry: Entry | null) => {
      pending.delete(key);
      if (entry && startedIn === generation) {
        entries.delete(key);
        entries.set(key, entry);
        while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
      }
      settle(entry && startedIn === generation ? entry : null);
    };
    capture(res, options.maxBodyBytes, (body) => done(body ? storable(res, body) : null));
    res.on("close", () => pending.get(key) && done(null));
    res.setHeader("X-Page-Cache", "miss");
    next();
  }

  function storable(res: Response, body: Buffer): Entry | null {
    if (res.statusCode !== 200) return null;
    const cacheControl = String(res.getHeader("cache-control") ?? "");
    if (/private|no-store|no-cache/i.test(cacheControl)) return null;
    const cookies = res.getHeader("set-cookie");
    const list = cookies === undefined ? [] : Array.isArray(cookies) ? cookies : [String(cookies)];
    if (list.some((cookie) => !cookie.startsWith(`${LOCALE_COOKIE}=`))) return null;
    const headers = Object.entries(res.getHeaders())
      .filter(([name, value]) => value !== undefined && !PER_ANSWER.has(name.toLowerCase()))
      .map(([name, value]) => [name, value] as [string, string | string[] | number]);
    const csp = res.getHeader("content-security-policy");
    return { status: 200, headers, body, encoded: {}, csp: csp === undefined ? null : String(csp), expires: monotonicNow() + options.ttlMs };
  }

  return { middleware, forget, size: () => entries.size };
}

/** The language cookie the page would set: when the path's language is not the remembered one. */
function languageCookie(req: Request): string | null {
  const pathLocale = localeOfPath(req.path);
  if (!pathLocale) return null;
  const remembered = cookieValue(req.headers.cookie, LOCALE_COOKIE);
  return pathLocale === remembered ? null : serializeCookie(LOCALE_COOKIE, pathLocale, { maxAge: LOCALE_COOKIE_MAX_AGE, httpOnly: false });
}

function onlyLanguageCookie(header: string | undefined): boolean {
  if (!header) return true;
  return header.split(";").every((part) => part.trim() === "" || part.split("=")[0]!.trim() === LOCALE_COOKIE);
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** Copies what the handler writes (uncompressed: compression sits outside), up to `limit` bytes. */
function capture(res: Response, limit: number, finished: (body: Buffer | null) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let overflow = false;
  const keep = (chunk: unknown, encoding: unknown) => {
    if (overflow || chunk === undefined || chunk === null || typeof chunk === "function") return;
    const buffer = typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > limit) {
      overflow = true;
      chunks.length = 0;
      return;
    }
    chunks.push(buffer);
  };
  const write = res.write.bind(res) as Write;
  const end = res.end.bind(res) as End;
  (res as unknown as { write: Write }).write = (chunk, encoding, callback) => {
    keep(chunk, encoding);
    return write(chunk, encoding, callback);
  };
  (res as unknown as { end: End }).end = (chunk, encoding, callback) => {
    keep(chunk, encoding);
    finished(overflow ? null : Buffer.concat(chunks));
    return end(chunk, encoding, callback);
  };
}
