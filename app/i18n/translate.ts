import { IntlMessageFormat } from "intl-messageformat";
import cs from "./messages/cs.json";
import de from "./messages/de.json";
import { type Locale, LOCALE_TAGS } from "./locales";

export type MessageKey = keyof typeof de;
export type MessageValues = Record<string, string | number | Date>;

export const CATALOGUES: Record<Locale, Record<MessageKey, string>> = { de, cs };

const cache = new Map<string, IntlMessageFormat>();

/** Formats an ICU message; German is the fallback for a key missing in Czech (a test forbids that). */
export function translate(locale: Locale, key: MessageKey, values?: MessageValues): string {
  const cacheKey = `${locale}\u0000${key}`;
  let format = cache.get(cacheKey);
  if (!format) {
    const source = CATALOGUES[locale][key] ?? CATALOGUES.de[key] ?? key;
    format = new IntlMessageFormat(source, LOCALE_TAGS[locale]);
    cache.set(cacheKey, format);
  }
  return String(format.format(values));
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(de, key);
}
