import { DEFAULT_LOCALE, type Locale, LOCALES, localeOfPath } from "~/i18n/locales";
import { href, matchPage } from "./paths";

/**
 * What search engines are told about a URL, decided centrally from the route catalogue
 * (issue 13, decision 025 "SEO head"): whether it may be indexed, its canonical path and its
 * counterparts in both languages. The root layout renders the links, `pageMeta` the robots tag;
 * both read this function, so a new catalogue page gets the right head without code of its own.
 */
export interface SeoHead {
  locale: Locale;
  indexable: boolean;
  /** Path (+ `?page=N`) of the canonical URL; null when the page is not indexable. */
  canonical: string | null;
  /** hreflang → path; de, cs and x-default (the German page); empty when not indexable. */
  alternates: Array<{ hreflang: string; path: string }>;
}

/** Query parameters that say where a visitor came from, not what the page shows. */
const TRACKING = /^(utm_.*|mtm_.*|pk_.*|fbclid|gclid|dclid|gbraid|wbraid|msclkid|yclid|mc_cid|mc_eid|igshid|_ga|_gl)$/i;

/** Public pages that should not be found: a one-time confirmation link. */
const NOINDEX_PUBLIC = new Set(["verify", "adProlong"]);

/** Pages whose parameters are a visitor's query: one result page per query would be thin duplicates. */
const QUERY_PAGES = new Set(["search"]);

/** The parameters of a query string that change what the page shows (tracking removed). */
export function contentParams(search: string): URLSearchParams {
  const params = new URLSearchParams(search);
  for (const key of [...params.keys()]) if (TRACKING.test(key)) params.delete(key);
  return params;
}

/**
 * `?page=N` when the page shows page N > 1 of an unfiltered list; "" otherwise. A filtered list
 * points at the unfiltered one (its first page): filter combinations are not separate pages.
 */
function canonicalQuery(params: URLSearchParams): string {
  const keys = [...new Set(params.keys())];
  if (keys.length !== 1 || keys[0] !== "page") return "";
  const page = params.getAll("page");
  const n = page.length === 1 && /^\d+$/.test(page[0]!) ? Number(page[0]) : 1;
  return n > 1 ? `?page=${n}` : "";
}

export function seoHead(pathname: string, search = ""): SeoHead {
  const match = matchPage(pathname);
  const locale = match?.locale ?? localeOfPath(pathname) ?? DEFAULT_LOCALE;
  const params = contentParams(search);
  const page = match?.page;
  const indexable =
    !!page && page.access === "public" && !page.resource && !NOINDEX_PUBLIC.has(page.id) && !(QUERY_PAGES.has(page.id) && [...params.keys()].length > 0);
  if (!match || !indexable) return { locale, indexable: false, canonical: null, alternates: [] };
  const query = canonicalQuery(params);
  const pathIn = (l: Locale) => href(match.page.id, l, match.params) + query;
  return {
    locale,
    indexable,
    canonical: pathIn(locale),
    alternates: [...LOCALES.map((l) => ({ hreflang: l, path: pathIn(l) })), { hreflang: "x-default", path: pathIn(DEFAULT_LOCALE) }],
  };
}

/** An absolute URL of a path on the site (paths with "ü" or "á" percent-encoded, as browsers send them). */
export function absoluteUrl(base: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${base.replace(/\/$/, "")}${encodeURI(path)}`;
}

/** Open Graph's locale spelling (de_DE, cs_CZ). */
export const OG_LOCALES: Record<Locale, string> = { de: "de_DE", cs: "cs_CZ" };
