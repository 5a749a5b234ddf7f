import type { Country } from "./enums";

/**
 * The search's URL parameters without their zod schema (search.ts): what the browser's search form,
 * results and pickers need, so that zod stays out of the public pages' scripts (decision 044).
 */

/** What the search page offers; URL parameter names are short because searches are shared as links. */
export const SEARCH_KINDS = ["COMPANY", "OFFER", "INQUIRY"] as const;
export type SearchKindParam = (typeof SEARCH_KINDS)[number];
export const SEARCH_SORTS = ["relevance", "distance"] as const;
export const SEARCH_RADII_KM = [10, 25, 50, 100, 200] as const;
export const DEFAULT_RADIUS_KM = 50;
export const SEARCH_PAGE_SIZE = 30; // spec §9 default list page size
export const SEARCH_LIMITS = { term: 200, minTermLength: 2, maxTags: 20, maxNace: 20, maxRadiusKm: 500, maxPage: 100 } as const;

/**
 * Search parameters as they appear in the URL:
 *   q=term  type=COMPANY|OFFER|INQUIRY  tag=<uuid>…  nace=<code>…  country=DE&country=CZ
 *   lat, lon, place=<label shown in the location field>  r=<km>  sort=relevance|distance  page=1
 */
export interface SearchQuery {
  term: string;
  type: SearchKindParam;
  tagIds: string[];
  nace: string[];
  countries: Country[];
  location: { lat: number; lon: number; label: string } | null;
  radiusKm: number | null;
  sort: (typeof SEARCH_SORTS)[number];
  page: number;
}

export type SearchParseResult =
  | { kind: "empty" }
  | { kind: "ok"; query: SearchQuery }
  | { kind: "invalid"; query: SearchQuery; errors: Partial<Record<"q" | "country" | "location" | "r" | "tag" | "nace", string>> };

/**
 * The search form's marker (a hidden field): the visitor has seen the country boxes. Without it —
 * a shared link like `/de/suche?q=usti` — no country means both countries (issue 13); with it, a
 * form sent with every country unticked breaks spec §5's "at least one country".
 */
export const SEARCH_FORM_MARKER = "f";

/** The URL of a search (inverse of parseSearchParams), e.g. for pagination and sort links. */
export function searchParamsOf(query: SearchQuery, overrides: Partial<SearchQuery> = {}): URLSearchParams {
  const q = { ...query, ...overrides };
  const params = new URLSearchParams();
  if (q.term) params.set("q", q.term);
  params.set("type", q.type);
  for (const id of q.tagIds) params.append("tag", id);
  for (const code of q.nace) params.append("nace", code);
  for (const country of q.countries) params.append("country", country);
  if (q.location) {
    params.set("lat", q.location.lat.toFixed(5));
    params.set("lon", q.location.lon.toFixed(5));
    if (q.location.label) params.set("place", q.location.label);
    if (q.radiusKm) params.set("r", String(q.radiusKm));
  }
  if (q.sort !== "relevance") params.set("sort", q.sort);
  if (q.page > 1) params.set("page", String(q.page));
  return params;
}
