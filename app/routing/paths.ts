import { matchPath } from "react-router";
import { type Locale, localeOfPath, otherLocale } from "~/i18n/locales";
import { getPage, PAGES, type PageDef } from "./catalogue";

export type Params = Record<string, string | number | undefined>;

/** The path of a page in a locale, e.g. href("companyDetail", "cs", { id }) → "/cs/firmy/…". */
export function href(id: string, locale: Locale, params: Params = {}): string {
  const pattern = getPage(id)[locale];
  const filled = pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing param ${name} for page ${id}`);
    return encodeURIComponent(String(value));
  });
  return filled ? `/${locale}/${filled}` : `/${locale}`;
}

// Static patterns first so "veranstaltungen/anzeigen" wins over "veranstaltungen/:id".
const MATCH_ORDER = [...PAGES].sort((a, b) => Number(a.de.includes(":")) - Number(b.de.includes(":")));

function safeDecode(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

export interface PageMatch {
  page: PageDef;
  locale: Locale;
  params: Record<string, string>;
}

/**
 * Answers of matchPage by pathname. One request asks for its own path several times (root
 * middleware, SEO head, current page, language switch, analytics), and each answer walks the
 * catalogue compiling a pattern per page: remembering the last few hundred paths makes the
 * repeats free. Bounded, so arbitrary paths cannot grow it.
 */
const MATCH_MEMO_SIZE = 500;
const matchMemo = new Map<string, Readonly<PageMatch> | null>();

/** Finds which catalogue page a pathname shows (accepts percent-encoded or decoded paths). Callers must not modify the answer. */
export function matchPage(pathname: string): Readonly<PageMatch> | null {
  const remembered = matchMemo.get(pathname);
  if (remembered !== undefined) return remembered;
  const found = findPage(pathname);
  if (matchMemo.size >= MATCH_MEMO_SIZE) matchMemo.delete(matchMemo.keys().next().value!);
  matchMemo.set(pathname, found === null ? null : Object.freeze({ ...found, params: Object.freeze(found.params) }));
  return matchMemo.get(pathname)!;
}

function findPage(pathname: string): PageMatch | null {
  const decoded = safeDecode(pathname).replace(/\/+$/, "") || "/";
  const locale = localeOfPath(decoded);
  if (!locale) return null;
  for (const page of MATCH_ORDER) {
    const pattern = page[locale] ? `/${locale}/${page[locale]}` : `/${locale}`;
    const match = matchPath({ path: pattern, end: true }, decoded);
    if (match) {
      const params: Record<string, string> = {};
      for (const [k, v] of Object.entries(match.params)) if (v !== undefined) params[k] = v;
      return { page, locale, params };
    }
  }
  return null;
}

/**
 * The same page in the other language, ids kept; for unknown paths the other locale's home.
 * The query string is kept so filters and tokens survive the switch.
 */
export function counterpartPath(pathname: string, search = "", target?: Locale): string {
  const match = matchPage(pathname);
  const from = match?.locale ?? localeOfPath(pathname) ?? "de";
  const to = target ?? otherLocale(from);
  if (!match) return `/${to}`;
  return href(match.page.id, to, match.params) + search;
}
