import { useFormat, useLocale } from "~/i18n/i18n-context";
import { zoneLabelForSpan } from "~/schemas/event-time-zone";

/**
 * An event's span with the zone it is stated in ("12.03.2027, 09:00–17:00 MEZ"), the full words
 * in the abbreviation's title (decision 031). Used wherever event times are listed, so the event
 * page, the cards, my events and the registration page say it the same way.
 */
export function EventTimeRange({ start, end }: { start: string; end: string }) {
  const format = useFormat();
  const locale = useLocale();
  const zone = zoneLabelForSpan(locale, start, end);
  return (
    <>
      <time dateTime={start}>{format.dateTimeRange(start, end)}</time>{" "}
      <abbr title={zone.long} data-testid="event-time-zone" style={{ textDecoration: "none" }}>
        {zone.short}
      </abbr>
    </>
  );
}
