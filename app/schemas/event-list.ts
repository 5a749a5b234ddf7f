import { z } from "zod";
import { parseDateInput } from "./date-input";
import { SEARCH_RADII_KM } from "./search";
import { singleLine } from "./text";

export const EVENT_LIST_PAGE_SIZE = 30; // spec §9 default list page size
export const EVENT_RADII_KM = SEARCH_RADII_KM;
export const DEFAULT_EVENT_RADIUS_KM = 50;

/**
 * Filters of the public event list, as they appear in the URL (a GET form that works without
 * JavaScript): q=title  when=upcoming|past  from, to (a day as typed in the locale, spec §5 "Date
 * input"; links carry ISO YYYY-MM-DD)  place=<town or text>  lat, lon (a town picked from the
 * gazetteer)  r=<km>  page=1.
 */
export interface EventListQuery {
  title: string;
  when: "upcoming" | "past";
  from: string | null;
  to: string | null;
  place: string;
  point: { lat: number; lon: number } | null;
  radiusKm: number;
  page: number;
}

const pad = (n: number) => String(n).padStart(2, "0");
/** A day typed in the locale (24.12.2026, 24. 12. 2026; ISO from links too), kept as ISO. */
const optionalDate = singleLine()
  .optional()
  .transform((v, ctx) => {
    if (!v?.trim()) return null;
    const parts = parseDateInput(v, new Date().getUTCFullYear());
    if (!parts) {
      ctx.addIssue({ code: "custom", message: "DATE_INVALID" });
      return z.NEVER;
    }
    return `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`;
  });
const number = z.coerce.number().finite();

const schema = z.object({
  q: singleLine().trim().max(200, "TEXT_TOO_LONG").default(""),
  when: z.enum(["upcoming", "past"]).catch("upcoming"),
  from: optionalDate,
  to: optionalDate,
  place: singleLine().trim().max(200, "TEXT_TOO_LONG").default(""),
  lat: number.min(-90).max(90).optional().catch(undefined),
  lon: number.min(-180).max(180).optional().catch(undefined),
  r: z.coerce.number().int().min(1).max(500).catch(DEFAULT_EVENT_RADIUS_KM),
  page: z.coerce.number().int().min(1).max(1000).catch(1),
});

export type EventListParse = { ok: true; query: EventListQuery } | { ok: false; query: EventListQuery; errors: Partial<Record<"q" | "from" | "to" | "place", string>> };

const DEFAULTS: EventListQuery = { title: "", when: "upcoming", from: null, to: null, place: "", point: null, radiusKm: DEFAULT_EVENT_RADIUS_KM, page: 1 };

export function parseEventListParams(params: URLSearchParams): EventListParse {
  const raw = Object.fromEntries([...params.keys()].map((k) => [k, params.get(k) ?? undefined]));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const errors: Partial<Record<"q" | "from" | "to" | "place", string>> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (key === "q" || key === "from" || key === "to" || key === "place") errors[key] ??= issue.message;
    }
    return { ok: false, query: { ...DEFAULTS, title: params.get("q") ?? "", place: params.get("place") ?? "" }, errors };
  }
  const v = parsed.data;
  const query: EventListQuery = {
    title: v.q,
    when: v.when,
    from: v.from,
    to: v.to,
    place: v.place,
    point: v.lat !== undefined && v.lon !== undefined && v.place ? { lat: v.lat, lon: v.lon } : null,
    radiusKm: v.r,
    page: v.page,
  };
  if (query.from && query.to && query.to < query.from) return { ok: false, query, errors: { to: "DATE_RANGE_INVALID" } };
  return { ok: true, query };
}

/** The URL parameters of a query (for pagination links and redirects). */
export function eventListParamsOf(query: EventListQuery, overrides: Partial<EventListQuery> = {}): URLSearchParams {
  const q = { ...query, ...overrides };
  const params = new URLSearchParams();
  if (q.title) params.set("q", q.title);
  if (q.when !== "upcoming") params.set("when", q.when);
  if (q.from) params.set("from", q.from);
  if (q.to) params.set("to", q.to);
  if (q.place) params.set("place", q.place);
  if (q.point) {
    params.set("lat", q.point.lat.toFixed(5));
    params.set("lon", q.point.lon.toFixed(5));
  }
  if (q.place && q.radiusKm !== DEFAULT_EVENT_RADIUS_KM) params.set("r", String(q.radiusKm));
  if (q.page > 1) params.set("page", String(q.page));
  return params;
}

/** One event as the list and the home page show it. */
export interface EventListItem {
  id: string;
  title: string;
  startsAt: string;
  endsAt: string;
  online: boolean;
  city: string | null;
  venue: string | null;
  country: "DE" | "CZ" | null;
  organiser: string;
  imageKey: string | null;
  feeMinor: number | null;
  currency: "EUR" | "CZK" | null;
  external: boolean;
  b2b: boolean;
  maxParticipants: number | null;
  registered: number;
  distanceKm: number | null;
}

export interface EventListResult {
  items: EventListItem[];
  total: number;
  page: number;
  pageCount: number;
}

