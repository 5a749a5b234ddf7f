import { createContext, type ReactNode, useCallback, useContext, useMemo } from "react";
import { dateTimeFormat, numberFormat } from "./intl-cache";
import { type Locale, LOCALE_TAGS } from "./locales";
import { type MessageKey, type MessageValues, translate } from "./translate";

const LocaleContext = createContext<Locale>("de");

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

export function useLocale(): Locale {
  return useContext(LocaleContext);
}

export type TFunction = (key: MessageKey, values?: MessageValues) => string;

export function useT(): TFunction {
  const locale = useLocale();
  return useCallback((key, values) => translate(locale, key, values), [locale]);
}

/** Locale-aware formatting of dates and numbers (de-DE / cs-CZ). */
export function useFormat() {
  const locale = useLocale();
  return useMemo(() => {
    const tag = LOCALE_TAGS[locale];
    return {
      // A fixed time zone, so server and browser render the same day (no hydration mismatch).
      date: (d: Date | string) => dateTimeFormat(tag, { dateStyle: "medium", timeZone: "Europe/Berlin" }).format(new Date(d)),
      dateTime: (d: Date | string) =>
        dateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Berlin" }).format(new Date(d)),
      /** An event's span: "24.12.2026, 09:00–17:00" on one day, both dates and times otherwise. */
      dateTimeRange: (start: Date | string, end: Date | string) =>
        dateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Berlin" }).formatRange(new Date(start), new Date(end)),
      /** A span of clock times on one day ("09:00–09:20"), e.g. a B2B round. */
      timeRange: (start: Date | string, end: Date | string) =>
        dateTimeFormat(tag, { timeStyle: "short", timeZone: "Europe/Berlin" }).formatRange(new Date(start), new Date(end)),
      number: (n: number) => numberFormat(tag).format(n),
      percent: (share: number) => numberFormat(tag, { style: "percent", maximumFractionDigits: 0 }).format(share),
      currency: (n: number, currency: "EUR" | "CZK") => numberFormat(tag, { style: "currency", currency }).format(n),
    };
  }, [locale]);
}
