import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import type { z } from "zod";
import * as api from "~/schemas/public-api";

/**
 * The OpenAPI 3.1 document of the public API (decision 064), generated from the zod schemas that
 * parse its requests (app/schemas/public-api.ts). Also the table the router dispatches by
 * (ENDPOINTS), so an endpoint cannot be served without being documented.
 */

export const API_BASE = "/api/v1";

export interface Endpoint {
  operationId: string;
  /** Path under API_BASE with {id} for the item. */
  path: string;
  summary: string;
  description: string;
  tag: "Companies" | "Ads" | "Events" | "News" | "Meta";
  query: z.ZodObject | null;
  detail: boolean;
  response: z.ZodType | null;
}

export const ENDPOINTS: readonly Endpoint[] = [
  {
    operationId: "listCompanies",
    path: "/companies",
    summary: "Verified companies",
    description: "Verified companies matching the filters of the site search; newest first without a term, nearest first with only a point. No contact data.",
    tag: "Companies",
    query: api.companyListQuery,
    detail: false,
    response: api.companyList,
  },
  {
    operationId: "getCompany",
    path: "/companies/{id}",
    summary: "One verified company",
    description: "Profile, industries, tags, addresses and current ads of a verified company. No contact persons, e-mails or phone numbers.",
    tag: "Companies",
    query: api.detailQuery,
    detail: true,
    response: api.companyDetail,
  },
  {
    operationId: "listAds",
    path: "/ads",
    summary: "Current offers or requests",
    description: "Unexpired offers (kind=OFFER) or requests (kind=INQUIRY) of verified companies, with the filters of the site search.",
    tag: "Ads",
    query: api.adListQuery,
    detail: false,
    response: api.adList,
  },
  {
    operationId: "getAd",
    path: "/ads/{id}",
    summary: "One current offer or request",
    description: "An unexpired, active ad of a verified company.",
    tag: "Ads",
    query: api.detailQuery,
    detail: true,
    response: api.adDetail,
  },
  {
    operationId: "listEvents",
    path: "/events",
    summary: "Public events",
    description: "Published events, upcoming (soonest first) or past (latest first), filtered by title, days and place.",
    tag: "Events",
    query: api.eventListQuery,
    detail: false,
    response: api.eventList,
  },
  {
    operationId: "getEvent",
    path: "/events/{id}",
    summary: "One public event",
    description: "A published event. Participants are not listed.",
    tag: "Events",
    query: api.detailQuery,
    detail: true,
    response: api.eventDetail,
  },
  {
    operationId: "listNews",
    path: "/news",
    summary: "Published news",
    description: "Published news, newest first, optionally filtered by title.",
    tag: "News",
    query: api.newsListQuery,
    detail: false,
    response: api.newsList,
  },
  {
    operationId: "getNews",
    path: "/news/{id}",
    summary: "One published news item",
    description: "A published news item. The author is not named.",
    tag: "News",
    query: api.detailQuery,
    detail: true,
    response: api.newsDetail,
  },
  {
    operationId: "getOpenApiDocument",
    path: "/openapi.json",
    summary: "This document",
    description: "The OpenAPI 3.1 document of this API.",
    tag: "Meta",
    query: null,
    detail: false,
    response: null,
  },
];

const json = (schema: z.ZodType) => ({ "application/json": { schema } });

const HEADERS = {
  ETag: { description: "Entity tag of the body; send it back in If-None-Match for a 304.", schema: { type: "string" as const } },
  "Cache-Control": { description: "public, max-age=60", schema: { type: "string" as const } },
  RateLimit: { description: "Remaining requests and seconds until the window frees up (IETF draft), e.g. `limit=120, remaining=119, reset=60`.", schema: { type: "string" as const } },
};

function buildDocument(): object {
  const registry = new OpenAPIRegistry();
  for (const endpoint of ENDPOINTS) {
    const errors = {
      400: { description: "Invalid parameters (code INVALID_PARAMETERS, with the issues).", content: json(api.apiError) },
      429: {
        description: "Too many requests from this address; see Retry-After.",
        headers: { "Retry-After": { description: "Seconds to wait.", schema: { type: "string" as const } } },
        content: json(api.apiError),
      },
    };
    registry.registerPath({
      method: "get",
      path: `${API_BASE}${endpoint.path}`,
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      description: endpoint.description,
      tags: [endpoint.tag],
      request: {
        ...(endpoint.detail ? { params: api.idParams } : {}),
        ...(endpoint.query ? { query: endpoint.query } : {}),
      },
      responses: {
        200: endpoint.response
          ? { description: "OK", headers: HEADERS, content: json(endpoint.response) }
          : { description: "The OpenAPI document", headers: HEADERS, content: { "application/json": { schema: { type: "object" } } } },
        304: { description: "Not modified (If-None-Match matched the ETag)." },
        ...(endpoint.query ? { 400: errors[400] } : {}),
        ...(endpoint.detail ? { 404: { description: "Unknown, unpublished or not public.", content: json(api.apiError) } } : {}),
        429: errors[429],
      },
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "PartnerNet public API",
      version: "1.0.0",
      description:
        "Read-only data of PartnerNet: verified companies (without contact data), current offers and requests, public events and news. " +
        "Anonymous, no key. GET and HEAD only; CORS allowed from any origin. Every 200 carries an ETag (If-None-Match → 304). " +
        "Requests per client address are limited (429 with Retry-After). Texts are in German or Czech (parameter lang).",
    },
    servers: [{ url: "/" }],
    tags: [
      { name: "Companies", description: "Verified company profiles." },
      { name: "Ads", description: "Offers and requests." },
      { name: "Events", description: "Public events." },
      { name: "News", description: "Published news." },
      { name: "Meta", description: "About the API." },
    ],
  });
}

let cached: object | null = null;

/** The document (built once per process: it depends on the code only). */
export function openApiDocument(): object {
  cached ??= buildDocument();
  return cached;
}
