import { z } from "zod";
import { singleLine } from "./text";
import { COUNTRIES } from "./enums";
import { DEFAULT_RADIUS_KM, SEARCH_FORM_MARKER, SEARCH_KINDS, SEARCH_LIMITS, SEARCH_SORTS, type SearchParseResult, type SearchQuery } from "./search-params";

export * from "./search-params";

const number = z.coerce.number().finite();

/** The search page's URL parameters (also the filters of the public API, app/schemas/public-api.ts). */
export const searchParamsSchema = z.object({
  q: singleLine().trim().max(SEARCH_LIMITS.term, "TEXT_TOO_LONG").default(""),
  type: z.enum(SEARCH_KINDS).catch("COMPANY"),
  tag: z.array(z.uuid("INVALID_INPUT")).max(SEARCH_LIMITS.maxTags, "INVALID_INPUT").default([]),
  nace: z
    .array(z.string().regex(/^[A-U]$|^\d{2}(\.\d{1,2})?$/, "NACE_INVALID"))
    .max(SEARCH_LIMITS.maxNace, "INVALID_INPUT")
    .default([]),
  country: z.array(z.enum(COUNTRIES, "SEARCH_COUNTRY_REQUIRED")).default([]),
  lat: number.min(-90).max(90).optional().catch(undefined),
  lon: number.min(-180).max(180).optional().catch(undefined),
  place: singleLine().trim().max(200).default(""),
  r: number.int("SEARCH_RADIUS_INVALID").min(1, "SEARCH_RADIUS_INVALID").max(SEARCH_LIMITS.maxRadiusKm, "SEARCH_RADIUS_INVALID").optional(),
  sort: z.enum(SEARCH_SORTS).catch("relevance"),
  page: z.coerce.number().int().min(1).max(SEARCH_LIMITS.maxPage).catch(1),
});

const ARRAY_KEYS = ["tag", "nace", "country"] as const;

/**
 * Reads a search from the URL. No parameters at all → "empty" (the page shows the form only).
 * Rules (spec §5, decision 008): at least one country (a link without any searches both, see
 * SEARCH_FORM_MARKER); a radius needs a location and a location gets the default radius; a term
 * of ≥ 2 characters is required unless a tag, industry or location filter narrows the search.
 */
export function parseSearchParams(params: URLSearchParams): SearchParseResult {
  if ([...params.keys()].length === 0) return { kind: "empty" };
  const raw: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key).filter((v) => v !== "");
    raw[key] = (ARRAY_KEYS as readonly string[]).includes(key) ? values : values[0];
  }
  const errors: Extract<SearchParseResult, { kind: "invalid" }>["errors"] = {};
  const parsed = searchParamsSchema.safeParse(raw);
  const data = parsed.success ? parsed.data : searchParamsSchema.parse(dropInvalid(raw, parsed.error, errors));

  const hasLocation = data.lat !== undefined && data.lon !== undefined;
  const query: SearchQuery = {
    term: data.q,
    type: data.type,
    tagIds: [...new Set(data.tag)],
    nace: [...new Set(data.nace)],
    countries: data.country.length === 0 && !params.has(SEARCH_FORM_MARKER) && !("country" in errors) ? [...COUNTRIES] : [...new Set(data.country)],
    location: hasLocation ? { lat: data.lat!, lon: data.lon!, label: data.place } : null,
    radiusKm: hasLocation ? (data.r ?? DEFAULT_RADIUS_KM) : null,
    sort: data.sort === "distance" && hasLocation ? "distance" : "relevance",
    page: data.page,
  };
  if (query.countries.length === 0) errors.country ??= "SEARCH_COUNTRY_REQUIRED";
  if (data.r !== undefined && !hasLocation) errors.location ??= "SEARCH_LOCATION_REQUIRED";
  const narrowed = query.tagIds.length > 0 || query.nace.length > 0 || query.location !== null;
  if (query.term.length < SEARCH_LIMITS.minTermLength && !narrowed) errors.q ??= "SEARCH_TERM_REQUIRED";
  return Object.keys(errors).length > 0 ? { kind: "invalid", query, errors } : { kind: "ok", query };
}

/** Removes the offending keys so the rest of the search still renders in the form; records the errors. */
function dropInvalid(raw: Record<string, unknown>, error: z.ZodError, errors: Record<string, string>): Record<string, unknown> {
  const cleaned = { ...raw };
  for (const issue of error.issues) {
    const key = String(issue.path[0]);
    const field = key === "lat" || key === "lon" ? "location" : key === "place" ? "location" : key;
    errors[field] ??= issue.message.startsWith("SEARCH_") || issue.message === "TEXT_TOO_LONG" || issue.message === "NACE_INVALID" ? issue.message : "INVALID_INPUT";
    delete cleaned[key];
  }
  return cleaned;
}
