import { z } from "zod";
import { COUNTRIES, SERVICE_TYPES } from "./enums";
import { SEARCH_LIMITS, searchParamsSchema } from "./search";
import { singleLine } from "./text";

/**
 * The public read-only API under /api/v1 (issue 25, decision 064): its parameters and answers as
 * zod schemas. The same schemas parse the requests (app/server/public-api/) and generate the
 * OpenAPI 3.1 document (openapi.server.ts), so the document cannot drift from what is served.
 * The filters of companies and ads are the search page's own fields (searchParamsSchema).
 * Descriptions are English: the document is for developers (decision 064).
 */

export const API_LANGS = ["de", "cs"] as const;
export const API_NEWS_QUERY_MAX = 200;
export const API_EVENTS_MAX_PAGE = 1000;
export const API_NEWS_MAX_PAGE = 10_000;

const search = searchParamsSchema.shape;
const coordinate = (min: number, max: number, description: string) => z.coerce.number().finite().min(min).max(max).optional().meta({ description });

const lang = z.enum(API_LANGS).default("de").meta({ description: "Language of texts and labels (German or Czech)." });
const page = (max: number) => z.coerce.number().int().min(1).max(max).default(1).meta({ description: `Page number, 1 to ${max}.` });

/** GET /api/v1/companies: the search page's company filters. */
export const companyListQuery = z.object({
  q: search.q.meta({ description: `Search term (at least ${SEARCH_LIMITS.minTermLength} characters when given), as in the site search.` }),
  tag: search.tag.meta({ description: "Tag ids (repeat the parameter); any of them matches." }),
  nace: search.nace.meta({ description: "NACE codes (section letter, division, group or class; repeat the parameter); any of them matches." }),
  country: search.country.meta({ description: "Countries (repeat the parameter); default both." }),
  lat: coordinate(-90, 90, "Latitude of the search point (with lon)."),
  lon: coordinate(-180, 180, "Longitude of the search point (with lat)."),
  r: search.r.meta({ description: `Radius in km around lat/lon (1 to ${SEARCH_LIMITS.maxRadiusKm}, default 50).` }),
  page: page(SEARCH_LIMITS.maxPage),
  lang,
});

/** GET /api/v1/ads: the same filters, for one kind of ad. */
export const adListQuery = companyListQuery.extend({
  kind: z.enum(SERVICE_TYPES).meta({ description: "Offers or requests (inquiries)." }),
});

/** GET /api/v1/events: the public event list's filters. */
export const eventListQuery = z.object({
  q: singleLine().trim().max(200, "TEXT_TOO_LONG").default("").meta({ description: "Part of the title (either language, case and accents ignored)." }),
  when: z.enum(["upcoming", "past"]).default("upcoming").meta({ description: "Upcoming (soonest first, running events included) or past (latest first)." }),
  from: z.iso.date().optional().meta({ description: "Events ending on or after this day (Europe/Berlin)." }),
  to: z.iso.date().optional().meta({ description: "Events starting on or before this day (Europe/Berlin)." }),
  lat: coordinate(-90, 90, "Latitude of a place (with lon)."),
  lon: coordinate(-180, 180, "Longitude of a place (with lat)."),
  r: z.coerce.number().int().min(1).max(500).optional().meta({ description: "Radius in km around lat/lon (default 50)." }),
  page: page(API_EVENTS_MAX_PAGE),
  lang,
});

/** GET /api/v1/news. */
export const newsListQuery = z.object({
  q: singleLine().trim().max(API_NEWS_QUERY_MAX, "TEXT_TOO_LONG").default("").meta({ description: "Part of the title (either language)." }),
  page: page(API_NEWS_MAX_PAGE),
  lang,
});

/** The detail endpoints take only the language. */
export const detailQuery = z.object({ lang });
export const idParams = z.object({ id: z.string().meta({ description: "The item's id (a UUID)." }) });

export type CompanyListQuery = z.infer<typeof companyListQuery>;
export type AdListQuery = z.infer<typeof adListQuery>;
export type EventListApiQuery = z.infer<typeof eventListQuery>;
export type NewsListApiQuery = z.infer<typeof newsListQuery>;

// ---- Answers ----

const dateTime = z.iso.datetime({ offset: true });
const url = z.string().meta({ description: "Absolute URL." });
const nullableUrl = url.nullable();
const country = z.enum(COUNTRIES).nullable();
const tag = z.object({ id: z.string(), label: z.string() }).meta({ id: "Tag" });

export const companySummary = z
  .object({
    id: z.string(),
    name: z.string(),
    excerpt: z.string(),
    logoUrl: nullableUrl,
    city: z.string().nullable(),
    country,
    lat: z.number().nullable(),
    lon: z.number().nullable(),
    distanceKm: z.number().nullable().meta({ description: "Distance from lat/lon when given." }),
    tags: z.array(tag),
    url: url.meta({ description: "The company's page on the site." }),
  })
  .meta({ id: "CompanySummary" });

export const adSummary = z
  .object({
    id: z.string(),
    kind: z.enum(SERVICE_TYPES),
    title: z.string(),
    excerpt: z.string(),
    imageUrl: nullableUrl,
    keywords: z.array(tag),
    validUntil: dateTime,
    company: z.object({ id: z.string(), name: z.string() }),
    city: z.string().nullable(),
    country,
    distanceKm: z.number().nullable(),
    url: url.meta({ description: "The company's page, which lists the ad." }),
  })
  .meta({ id: "AdSummary" });

export const ad = z
  .object({
    id: z.string(),
    kind: z.enum(SERVICE_TYPES),
    title: z.string(),
    description: z.string(),
    keywords: z.array(z.string()),
    imageUrl: nullableUrl,
    termsUrl: url,
    validUntil: dateTime,
    updatedAt: dateTime,
    company: z.object({ id: z.string(), name: z.string() }),
    url,
  })
  .meta({ id: "Ad" });

export const company = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    website: z.string().nullable(),
    logoUrl: nullableUrl,
    updatedAt: dateTime,
    nace: z.array(z.object({ code: z.string(), label: z.string() })),
    tags: z.array(tag),
    addresses: z.array(
      z.object({
        kind: z.string(),
        country: z.enum(COUNTRIES),
        line1: z.string().nullable(),
        line2: z.string().nullable(),
        postalCode: z.string().nullable(),
        city: z.string().nullable(),
        lat: z.number().nullable(),
        lon: z.number().nullable(),
      }),
    ),
    ads: z.array(z.object({ id: z.string(), kind: z.enum(SERVICE_TYPES), title: z.string(), validUntil: dateTime })),
    url,
  })
  .meta({ id: "Company" });

export const eventSummary = z
  .object({
    id: z.string(),
    title: z.string(),
    startsAt: dateTime,
    endsAt: dateTime,
    online: z.boolean(),
    venue: z.string().nullable(),
    city: z.string().nullable(),
    country,
    organiser: z.string(),
    imageUrl: nullableUrl,
    feeMinor: z.number().int().nullable().meta({ description: "Fee in minor units (cent, haléř); null when free." }),
    currency: z.enum(["EUR", "CZK"]).nullable(),
    b2b: z.boolean(),
    distanceKm: z.number().nullable(),
    url,
  })
  .meta({ id: "EventSummary" });

export const event = z
  .object({
    id: z.string(),
    title: z.string(),
    descriptionHtml: z.string().meta({ description: "Sanitised HTML." }),
    startsAt: dateTime,
    endsAt: dateTime,
    online: z.boolean(),
    venue: z.string().nullable(),
    line1: z.string().nullable(),
    line2: z.string().nullable(),
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
    country,
    lat: z.number().nullable(),
    lon: z.number().nullable(),
    feeMinor: z.number().int().nullable(),
    currency: z.enum(["EUR", "CZK"]).nullable(),
    maxParticipants: z.number().int().nullable(),
    registrationClosesAt: dateTime,
    registrationState: z.string().meta({ description: "Registration state at the time of the request." }),
    externalRegistrationUrl: z.string().nullable(),
    b2b: z.boolean(),
    organisers: z.array(z.object({ id: z.string().nullable().meta({ description: "Null when the organiser has no public profile." }), name: z.string() })),
    imageUrls: z.array(url),
    updatedAt: dateTime,
    url,
  })
  .meta({ id: "Event" });

export const newsSummary = z
  .object({ id: z.string(), title: z.string(), excerpt: z.string(), imageUrl: url, publishedAt: dateTime, companyName: z.string(), url })
  .meta({ id: "NewsSummary" });

export const newsItem = z
  .object({
    id: z.string(),
    title: z.string(),
    descriptionHtml: z.string().meta({ description: "Sanitised HTML." }),
    imageUrl: url,
    publishedAt: dateTime,
    updatedAt: dateTime,
    company: z.object({ id: z.string().nullable().meta({ description: "Null when the company has no public profile." }), name: z.string() }),
    url,
  })
  .meta({ id: "News" });

const pageInfo = {
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
  totalCapped: z.boolean().meta({ description: "True when there are more matches than `total` (counted up to a cap)." }),
  next: z.string().nullable().meta({ description: "URL of the next page, null on the last." }),
};

export const listOf = <T extends z.ZodType>(item: T, id: string) => z.object({ lang: z.enum(API_LANGS), data: z.array(item), ...pageInfo }).meta({ id });
export const detailOf = <T extends z.ZodType>(item: T, id: string) => z.object({ lang: z.enum(API_LANGS), data: item }).meta({ id });

export const companyList = listOf(companySummary, "CompanyList");
export const adList = listOf(adSummary, "AdList");
export const eventList = listOf(eventSummary, "EventList");
export const newsList = listOf(newsSummary, "NewsList");
export const companyDetail = detailOf(company, "CompanyDetail");
export const adDetail = detailOf(ad, "AdDetail");
export const eventDetail = detailOf(event, "EventDetail");
export const newsDetail = detailOf(newsItem, "NewsDetail");

/** Error codes of the API (English, for developers; the site's own error codes appear in `issues`). */
export const API_ERRORS = ["INVALID_PARAMETERS", "NOT_FOUND", "TOO_MANY_REQUESTS", "METHOD_NOT_ALLOWED", "SERVICE_UNAVAILABLE", "INTERNAL_ERROR"] as const;
export type ApiErrorCode = (typeof API_ERRORS)[number];

export const apiError = z
  .object({
    error: z.object({
      code: z.enum(API_ERRORS),
      issues: z
        .array(z.object({ parameter: z.string(), code: z.string().meta({ description: "e.g. TEXT_TOO_LONG, NACE_INVALID, INVALID_VALUE, TOO_SMALL" }) }))
        .optional()
        .meta({ description: "With INVALID_PARAMETERS: which parameter, and why." }),
    }),
  })
  .meta({ id: "Error" });
export type ApiError = z.infer<typeof apiError>;
