import { IntlMessageFormat } from "intl-messageformat";
import type de from "./messages/de.json";
import { catalogueOf, isKnownKey, PRECOMPILED } from "./catalogue-store";
import { type Locale, LOCALE_TAGS } from "./locales";

export type MessageKey = keyof typeof de;
export type MessageValues = Record<string, string | number | Date>;

const cache = new Map<string, IntlMessageFormat>();

/**
 * Formats an ICU message; German is the fallback for a key missing in Czech (a test forbids that).
 * In the browser only the fetched catalogues are at hand (decision 044): the page's language is
 * loaded before anything renders, precompiled (decision 067).
 */
export function translate(locale: Locale, key: MessageKey, values?: MessageValues): string {
  const cacheKey = `${locale}\u0000${key}`;
  let format = cache.get(cacheKey);
  if (!format) {
    const source = catalogueOf(locale)?.[key] ?? catalogueOf("de")?.[key];
    if (source === undefined) return key;
    // A precompiled plain-text message is its own result (decision 067).
    if (PRECOMPILED && typeof source === "string") return source;
    format = new IntlMessageFormat(source, LOCALE_TAGS[locale]);
    cache.set(cacheKey, format);
  }
  return String(format.format(values));
}

export function isMessageKey(key: string): key is MessageKey {
  return isKnownKey(key);
}
