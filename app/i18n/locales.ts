export const LOCALES = ["de", "cs"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "de";

/** BCP 47 tags used for <html lang> and Intl formatting (spec §1: de-DE, cs-CZ). */
export const LOCALE_TAGS: Record<Locale, string> = { de: "de-DE", cs: "cs-CZ" };

export const LOCALE_COOKIE = "locale";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return value === "de" || value === "cs";
}

export function otherLocale(locale: Locale): Locale {
  return locale === "de" ? "cs" : "de";
}

/** The locale a pathname belongs to (its first segment), or null for paths outside /de and /cs. */
export function localeOfPath(pathname: string): Locale | null {
  const first = pathname.split("/")[1];
  return isLocale(first) ? first : null;
}

/** Picks de or cs from an Accept-Language header by quality; German when neither is acceptable. */
export function localeFromAcceptLanguage(header: string | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { lang: tag.toLowerCase().split("-")[0], q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { lang } of ranked) if (isLocale(lang)) return lang;
  return DEFAULT_LOCALE;
}
