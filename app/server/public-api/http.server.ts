import { createHash } from "node:crypto";
import type { z } from "zod";
import type { Locale } from "~/i18n/locales";
import type { AdListQuery, ApiError, ApiErrorCode, CompanyListQuery, EventListApiQuery, NewsListApiQuery } from "~/schemas/public-api";
import * as clock from "~/server/clock.server";
import { config } from "~/server/config.server";
import { isDatabaseUnavailable } from "~/server/db/availability.server";
import { type Db, getDb } from "~/server/db/client.server";
import { AppError } from "~/server/errors";
import { type Logger, logger } from "~/server/logger.server";
import { hitWindowLimit } from "~/server/rate-limit.server";
import { publicBaseUrl } from "~/server/request-origin.server";
import { CORS_HEADERS } from "./cors";
import { API_BASE, ENDPOINTS, type Endpoint, openApiDocument } from "./openapi.server";
import * as reads from "./public-api.server";

/**
 * The HTTP side of the public API (decision 064): rate limit per client address → find the
 * documented endpoint → parse the query with its zod schema (400 with the issues) → the read as
 * an anonymous visitor → JSON with an ETag (If-None-Match → 304), public caching and CORS.
 * Cookies are never read: the root middleware skips /api/v1, and every read is anonymous.
 */

const CACHE_CONTROL = "public, max-age=60";
/** Parameters that may repeat (the search page's lists). */
const ARRAY_PARAMS = new Set(["tag", "nace", "country"]);

interface Issue {
  parameter: string;
  code: string;
}

function errorResponse(status: number, code: ApiErrorCode, headers: Record<string, string> = {}, issues?: Issue[]): Response {
  const body: ApiError = { error: { code, ...(issues ? { issues } : {}) } };
  return Response.json(body, { status, headers: { ...CORS_HEADERS, "Cache-Control": "no-store", ...headers } });
}

/** The entity tag of a body: a hash of its bytes (strong: equal tags mean equal bytes). */
export function etagOf(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

/** If-None-Match (a list, weak or strong tags, or *) against the tag of the body (weak comparison, RFC 9110). */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => bare(tag) === bare(etag));
}

function rawQuery(params: URLSearchParams): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key).filter((v) => v !== "");
    if (values.length === 0) continue;
    raw[key] = ARRAY_PARAMS.has(key) ? values : values[0];
  }
  return raw;
}

/** zod's issues as (parameter, code): our own codes (TEXT_TOO_LONG, NACE_INVALID, …) as they are, zod's upper-cased. */
function issuesOf(error: z.ZodError): Issue[] {
  return error.issues.map((issue) => ({
    parameter: String(issue.path[0] ?? ""),
    code: /^[A-Z][A-Z0-9_]+$/.test(issue.message) ? issue.message : issue.code.toUpperCase(),
  }));
}

/** The rules across parameters (zod checks each on its own). */
function crossIssues(endpoint: Endpoint, q: Record<string, unknown>): Issue[] {
  const issues: Issue[] = [];
  const hasLat = q.lat !== undefined;
  const hasLon = q.lon !== undefined;
  if (hasLat !== hasLon) issues.push({ parameter: hasLat ? "lon" : "lat", code: "LOCATION_INCOMPLETE" });
  if (q.r !== undefined && !(hasLat && hasLon)) issues.push({ parameter: "r", code: "SEARCH_LOCATION_REQUIRED" });
  if ((endpoint.operationId === "listCompanies" || endpoint.operationId === "listAds") && typeof q.q === "string" && q.q.length === 1) {
    issues.push({ parameter: "q", code: "SEARCH_TERM_TOO_SHORT" });
  }
  if (typeof q.from === "string" && typeof q.to === "string" && q.to < q.from) issues.push({ parameter: "to", code: "DATE_RANGE_INVALID" });
  return issues;
}

function findEndpoint(pathname: string): { endpoint: Endpoint; id: string | null } | null {
  const rest = pathname.slice(API_BASE.length).replace(/\/$/, "");
  for (const endpoint of ENDPOINTS) {
    if (!endpoint.detail && rest === endpoint.path) return { endpoint, id: null };
    const prefix = endpoint.path.replace("/{id}", "/");
    if (endpoint.detail && rest.startsWith(prefix) && !rest.slice(prefix.length).includes("/") && rest.length > prefix.length) {
      return { endpoint, id: decodeURIComponent(rest.slice(prefix.length)) };
    }
  }
  return null;
}

type Read = (db: Db, query: Record<string, unknown>, id: string | null, origin: string, now: Date) => Promise<unknown>;

const lang = (q: Record<string, unknown>) => q.lang as Locale;
const READS: Record<string, Read> = {
  listCompanies: (db, q, _id, origin, now) => reads.listCompanies(db, q as CompanyListQuery, origin, now),
  getCompany: (db, q, id, origin, now) => reads.getCompany(db, id!, lang(q), origin, now),
  listAds: (db, q, _id, origin, now) => reads.listAds(db, q as AdListQuery, origin, now),
  getAd: (db, q, id, origin, now) => reads.getAd(db, id!, lang(q), origin, now),
  listEvents: (db, q, _id, origin, now) => reads.listEvents(db, q as EventListApiQuery, origin, now),
  getEvent: (db, q, id, origin, now) => reads.getEvent(db, id!, lang(q), origin, now),
  listNews: (db, q, _id, origin, now) => reads.listNews(db, q as NewsListApiQuery, origin, now),
  getNews: (db, q, id, origin, now) => reads.getNews(db, id!, lang(q), origin, now),
};

/** The URL of the next page (the same parameters, page + 1), or null on the last. */
function nextLink(url: URL, origin: string, page: number, pageCount: number): string | null {
  if (page >= pageCount) return null;
  const params = new URLSearchParams(url.searchParams);
  params.set("page", String(page + 1));
  return `${origin}${url.pathname}?${params.toString()}`;
}

export async function handleApiRequest(request: Request, ip: string, log: Logger = logger): Promise<Response> {
  const url = new URL(request.url);
  const origin = publicBaseUrl();
  const now = clock.now();
  try {
    const db = await getDb();
    const { rateLimit, rateLimitWindowSeconds } = config.publicApi;
    const limit = await hitWindowLimit(db, `api:${ip}`, rateLimit, rateLimitWindowSeconds, now);
    const limitHeaders = {
      "RateLimit-Limit": String(limit.limit),
      "RateLimit-Remaining": String(limit.remaining),
      "RateLimit-Reset": String(limit.resetSeconds),
      "RateLimit-Policy": `${limit.limit};w=${rateLimitWindowSeconds}`,
    };
    if (!limit.allowed) return errorResponse(429, "TOO_MANY_REQUESTS", { ...limitHeaders, "Retry-After": String(limit.resetSeconds) });

    const found = findEndpoint(url.pathname);
    if (!found) return errorResponse(404, "NOT_FOUND", limitHeaders);
    const { endpoint, id } = found;

    let payload: unknown;
    if (endpoint.operationId === "getOpenApiDocument") {
      payload = openApiDocument();
    } else {
      const parsed = endpoint.query!.safeParse(rawQuery(url.searchParams));
      if (!parsed.success) return errorResponse(400, "INVALID_PARAMETERS", limitHeaders, issuesOf(parsed.error));
      const query = parsed.data as Record<string, unknown>;
      const cross = crossIssues(endpoint, query);
      if (cross.length > 0) return errorResponse(400, "INVALID_PARAMETERS", limitHeaders, cross);
      const result = await READS[endpoint.operationId]!(db, query, id, origin, now);
      if (endpoint.detail) {
        payload = { lang: query.lang, data: result };
      } else {
        const paged = result as reads.Paged<unknown>;
        payload = { lang: query.lang, ...paged, next: nextLink(url, origin, paged.page, paged.pageCount) };
      }
    }

    const body = JSON.stringify(payload);
    const etag = etagOf(body);
    const headers = { ...CORS_HEADERS, ...limitHeaders, ETag: etag, "Cache-Control": CACHE_CONTROL };
    if (matchesIfNoneMatch(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
    return new Response(request.method === "HEAD" ? null : body, { status: 200, headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } });
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") return errorResponse(404, "NOT_FOUND");
    if (isDatabaseUnavailable(error)) return errorResponse(503, "SERVICE_UNAVAILABLE", { "Retry-After": "10" });
    log.error({ err: error }, "public API request failed");
    return errorResponse(500, "INTERNAL_ERROR");
  }
}
