import { lookup as dnsLookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import type { LookupFunction } from "node:net";
import { classifyAddress } from "./addresses.server";

/**
 * Fetching an imported logo from a URL an admin's spreadsheet named (decision 042), safe against
 * server-side request forgery: http/https only, no credentials in the URL; the host name is
 * resolved here and every address it resolves to must be public (no private, loopback, link-local,
 * multicast or reserved IPv4/IPv6 address, IPv4-mapped ones included); the connection goes to
 * exactly those checked addresses (the socket's lookup is pinned), so a second DNS answer cannot
 * switch it to an internal one (DNS rebinding); at most 3 redirects, each checked the same way;
 * one deadline for everything (10 s); the body is streamed and cut off at 4 MB; the response must
 * say it is an image and its first bytes must be a PNG, JPEG or WebP.
 */

export const LOGO_FETCH_TIMEOUT_MS = 10_000;
export const LOGO_FETCH_MAX_BYTES = 4 * 1024 * 1024;
export const LOGO_FETCH_MAX_REDIRECTS = 3;

/** Why a logo could not be fetched (stored with the failed fetch, shown translated in the import list). */
export const LOGO_FETCH_FAILURES = [
  "LOGO_URL_INVALID",
  "LOGO_ADDRESS_BLOCKED",
  "LOGO_DNS_FAILED",
  "LOGO_UNREACHABLE",
  "LOGO_TIMEOUT",
  "LOGO_HTTP_STATUS",
  "LOGO_TOO_MANY_REDIRECTS",
  "LOGO_TOO_LARGE",
  "LOGO_NOT_IMAGE",
  "LOGO_IMAGE_INVALID",
  "LOGO_INTERRUPTED",
] as const;
export type LogoFetchFailure = (typeof LOGO_FETCH_FAILURES)[number];

export class LogoFetchError extends Error {
  constructor(
    readonly code: LogoFetchFailure,
    /** Worth another attempt later (the server or network was away), not a property of the URL. */
    readonly retryable: boolean,
    message?: string,
  ) {
    super(message ?? code);
    this.name = "LogoFetchError";
  }
}

export type ImageType = "image/png" | "image/jpeg" | "image/webp";

export interface FetchedLogo {
  bytes: Buffer;
  /** From the first bytes (not from the server's Content-Type). */
  type: ImageType;
  /** The URL the image came from after redirects. */
  url: string;
}

export interface FetchLogoOptions {
  /**
   * Loopback addresses (127.0.0.0/8, ::1): "refused" (production), "allowed" (tests and e2e with
   * LOGO_FETCH_ALLOW_LOOPBACK=1), or "first-request": the URL itself may be a loopback one, a
   * redirect may not (a test that shows redirects are checked again).
   */
  loopback?: "refused" | "allowed" | "first-request";
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  signal?: AbortSignal;
  /** Name resolution (default: the system resolver); all addresses of the answer are checked. */
  resolve?: (hostname: string) => Promise<Array<{ address: string; family: number }>>;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Sniffs the image type from the first bytes; null when they are no PNG, JPEG or WebP. */
export function sniffImage(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (bytes.length >= 12 && bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") return "image/webp";
  return null;
}

/** The URL as the fetcher accepts it: http(s), a host, no user name or password. */
export function checkLogoUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new LogoFetchError("LOGO_URL_INVALID", false, "not a URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new LogoFetchError("LOGO_URL_INVALID", false, `scheme ${url.protocol}`);
  if (url.username !== "" || url.password !== "") throw new LogoFetchError("LOGO_URL_INVALID", false, "credentials in the URL");
  if (url.hostname === "") throw new LogoFetchError("LOGO_URL_INVALID", false, "no host");
  return url;
}

const systemResolve = async (hostname: string) => dnsLookup(hostname, { all: true, verbatim: true });

/** Resolves the URL's host and checks every address; returns the checked addresses to connect to. */
async function resolveChecked(
  url: URL,
  allowLoopback: boolean,
  resolve: NonNullable<FetchLogoOptions["resolve"]>,
  deadline: AbortSignal,
): Promise<Array<{ address: string; family: 4 | 6 }>> {
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  let answers: Array<{ address: string; family: number }>;
  if (isIP(host)) answers = [{ address: host, family: isIP(host) }];
  else {
    try {
      answers = await abortable(resolve(host), deadline);
    } catch (error) {
      if (error instanceof LogoFetchError) throw error;
      throw new LogoFetchError("LOGO_DNS_FAILED", true, `${host} does not resolve`);
    }
  }
  if (answers.length === 0) throw new LogoFetchError("LOGO_DNS_FAILED", true, `${host} has no address`);
  for (const { address } of answers) {
    const verdict = classifyAddress(address);
    if (verdict === "blocked" || (verdict === "loopback" && !allowLoopback)) {
      throw new LogoFetchError("LOGO_ADDRESS_BLOCKED", false, `${host} resolves to ${address}`);
    }
  }
  return answers.map(({ address }) => ({ address, family: isIP(address) === 6 ? 6 : 4 }));
}

/** The socket's name lookup: only the addresses checked before (no second DNS question). */
function pinnedLookup(addresses: Array<{ address: string; family: 4 | 6 }>): LookupFunction {
  return ((_hostname: string, options: { all?: boolean; family?: number | string }, callback: (...args: unknown[]) => void) => {
    const family = options.family === 4 || options.family === "IPv4" ? 4 : options.family === 6 || options.family === "IPv6" ? 6 : 0;
    const usable = family ? addresses.filter((a) => a.family === family) : addresses;
    if (usable.length === 0) {
      callback(Object.assign(new Error("no pinned address"), { code: "ENOTFOUND" }));
      return;
    }
    if (options.all) callback(null, usable);
    else callback(null, usable[0]!.address, usable[0]!.family);
  }) as unknown as LookupFunction;
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(timeoutOrAbort(signal));
    const onAbort = () => reject(timeoutOrAbort(signal));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error as Error);
      },
    );
  });
}

function timeoutOrAbort(signal: AbortSignal): LogoFetchError {
  const reason = signal.reason as { name?: string } | undefined;
  return reason?.name === "TimeoutError" ? new LogoFetchError("LOGO_TIMEOUT", true, "deadline passed") : new LogoFetchError("LOGO_INTERRUPTED", true, "stopped");
}

function request(url: URL, addresses: Array<{ address: string; family: 4 | 6 }>, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
    const req = client.request(
      {
        protocol: url.protocol,
        hostname: host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: "GET",
        // No connection reuse: every request gets its own socket through the pinned lookup.
        agent: false,
        lookup: pinnedLookup(addresses),
        signal,
        headers: {
          "user-agent": "PartnerNet-LogoFetcher/1.0",
          accept: "image/png, image/jpeg, image/webp;q=0.9, image/*;q=0.5",
          "accept-encoding": "identity",
        },
      },
      resolve,
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (signal.aborted) reject(timeoutOrAbort(signal));
      else reject(new LogoFetchError("LOGO_UNREACHABLE", true, `${error.code ?? ""} ${error.message}`.trim()));
    });
    req.end();
  });
}

/** Reads the body up to `maxBytes` (never more), checking the first bytes as soon as they arrived. */
function readImage(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<{ bytes: Buffer; type: ImageType }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let type: ImageType | null = null;
    let settled = false;
    const onAbort = () => fail(timeoutOrAbort(signal));
    const fail = (error: LogoFetchError) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      response.destroy();
      reject(error);
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    response.on("data", (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > maxBytes) return fail(new LogoFetchError("LOGO_TOO_LARGE", false, `more than ${maxBytes} bytes`));
      chunks.push(chunk);
      if (type === null && size >= 12) {
        type = sniffImage(Buffer.concat(chunks));
        if (!type) fail(new LogoFetchError("LOGO_NOT_IMAGE", false, "not a PNG, JPEG or WebP"));
      }
    });
    response.on("end", () => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      const bytes = Buffer.concat(chunks);
      const sniffed = type ?? sniffImage(bytes);
      if (!sniffed) reject(new LogoFetchError("LOGO_NOT_IMAGE", false, "not a PNG, JPEG or WebP"));
      else resolve({ bytes, type: sniffed });
    });
    response.on("error", () => fail(signal.aborted ? timeoutOrAbort(signal) : new LogoFetchError("LOGO_UNREACHABLE", true, "connection lost")));
    response.on("aborted", () => fail(signal.aborted ? timeoutOrAbort(signal) : new LogoFetchError("LOGO_UNREACHABLE", true, "connection lost")));
  });
}

/** Fetches a logo (see the module comment); throws LogoFetchError. */
export async function fetchLogo(rawUrl: string, options: FetchLogoOptions = {}): Promise<FetchedLogo> {
  const maxBytes = options.maxBytes ?? LOGO_FETCH_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? LOGO_FETCH_MAX_REDIRECTS;
  const loopback = options.loopback ?? "refused";
  const resolve = options.resolve ?? systemResolve;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? LOGO_FETCH_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let url = checkLogoUrl(rawUrl);
  for (let hop = 0; ; hop++) {
    const allowLoopback = loopback === "allowed" || (loopback === "first-request" && hop === 0);
    const addresses = await resolveChecked(url, allowLoopback, resolve, signal);
    const response = await request(url, addresses, signal);
    const status = response.statusCode ?? 0;
    if (REDIRECTS.has(status)) {
      response.destroy();
      const location = response.headers.location;
      if (!location) throw new LogoFetchError("LOGO_HTTP_STATUS", false, `${status} without Location`);
      if (hop + 1 > maxRedirects) throw new LogoFetchError("LOGO_TOO_MANY_REDIRECTS", false, `more than ${maxRedirects} redirects`);
      url = checkLogoUrl(location, url);
      continue;
    }
    if (status < 200 || status > 299) {
      response.destroy();
      throw new LogoFetchError("LOGO_HTTP_STATUS", status === 408 || status === 429 || status >= 500, `HTTP ${status}`);
    }
    const contentType = (response.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    if (!contentType.startsWith("image/")) {
      response.destroy();
      throw new LogoFetchError("LOGO_NOT_IMAGE", false, `Content-Type ${contentType || "missing"}`);
    }
    const declared = Number(response.headers["content-length"] ?? NaN);
    if (Number.isFinite(declared) && declared > maxBytes) {
      response.destroy();
      throw new LogoFetchError("LOGO_TOO_LARGE", false, `Content-Length ${declared}`);
    }
    const { bytes, type } = await readImage(response, maxBytes, signal);
    return { bytes, type, url: url.toString() };
  }
}
