import { SEARCH_RADII_KM } from "./search-params";

/** The event list's URL parameters without their zod schema (event-list.ts), for the browser (decision 044). */

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

