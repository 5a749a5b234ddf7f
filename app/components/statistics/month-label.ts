import { useMemo } from "react";
import { useLocale } from "~/i18n/i18n-context";
import { LOCALE_TAGS } from "~/i18n/locales";
import { dateTimeFormat } from "~/i18n/intl-cache";

/** "2026-03" → "März 2026" / "březen 2026" (UTC noon of the 1st: the same month on every clock). */
export function useMonthLabel(): (month: string) => string {
  const locale = useLocale();
  return useMemo(() => {
    const format = dateTimeFormat(LOCALE_TAGS[locale], { month: "short", year: "numeric", timeZone: "UTC" });
    return (month: string) => format.format(new Date(`${month}-01T12:00:00Z`));
  }, [locale]);
}
