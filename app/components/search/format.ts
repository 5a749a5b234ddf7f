import { useMemo } from "react";
import { useLocale } from "~/i18n/i18n-context";
import { type Locale, LOCALE_TAGS } from "~/i18n/locales";
import { numberFormat } from "~/i18n/intl-cache";

/** "12,3 km" in both languages: one decimal below 100 km, whole kilometres from there on. */
export function formatDistance(locale: Locale, km: number): string {
  return numberFormat(LOCALE_TAGS[locale], { style: "unit", unit: "kilometer", maximumFractionDigits: km < 100 ? 1 : 0 }).format(km);
}

export function useDistanceFormat(): (km: number) => string {
  const locale = useLocale();
  return useMemo(() => (km: number) => formatDistance(locale, km), [locale]);
}
