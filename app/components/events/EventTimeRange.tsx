import { useFormat, useLocale } from "~/i18n/i18n-context";
import type { Locale } from "~/i18n/locales";
import { type ZoneLabel, zoneLabelForSpan } from "~/schemas/event-time-zone";

/**
 * An event's span with the zone it is stated in ("12.03.2027, 09:00–17:00 MEZ"), the full words
 * in the abbreviation's title (decision 031). Used wherever event times are listed, so the event
 * page, the cards, my events and the registration page say it the same way.
 */
export function EventTimeRange({ start, end }: { start: string; end: string }) {
  const format = useFormat();
  const locale = useLocale();
  const { range, zone } = spanText(locale, start, end, format.dateTimeRange);
  return (
    <>
      <time dateTime={start}>{range}</time>{" "}
      <abbr title={zone.long} data-testid="event-time-zone" style={{ textDecoration: "none" }}>
        {zone.short}
      </abbr>
    </>
  );
}

/**
 * The texts of the spans shown lately: Intl's formatRange and the zone look-up cost ~1 % of a home
 * page's CPU for three cards (decision 066); a span's text depends on nothing else.
 */
const SPANS = new Map<string, { range: string; zone: ZoneLabel }>();
const SPANS_KEPT = 500;

function spanText(locale: Locale, start: string, end: string, dateTimeRange: (start: string, end: string) => string) {
  const key = `${locale} ${start} ${end}`;
  let span = SPANS.get(key);
  if (!span) {
    span = { range: dateTimeRange(start, end), zone: zoneLabelForSpan(locale, start, end) };
    if (SPANS.size >= SPANS_KEPT) SPANS.delete(SPANS.keys().next().value!);
    SPANS.set(key, span);
  }
  return span;
}
