import { type Locale, LOCALE_TAGS } from "~/i18n/locales";
import { translate } from "~/i18n/translate";
import { EVENT_TIME_ZONE, toBerlin } from "./berlin-time";
import { dateTimeFormat } from "~/i18n/intl-cache";

/**
 * The words for the time zone event times are shown in (issue 19, decision 031). Every venue of
 * the region — Saxony and the Czech border regions — keeps Central European Time, so the zone is
 * named for both countries ("Mitteleuropäische Zeit" / "středoevropský čas"), never after one of
 * them; summer time gets its own words. Which one applies is read from the instant (Intl's tz
 * data), so the change on the last Sundays of March and October needs no table.
 */
export type ZoneKind = "standard" | "summer";

/** Standard (UTC+1) or summer time (UTC+2) at an instant, in the events' zone. */
export function zoneKindAt(instant: Date | string): ZoneKind {
  const d = new Date(instant);
  const w = toBerlin(d);
  const offsetMinutes = Math.round((Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - Math.floor(d.getTime() / 60_000) * 60_000) / 60_000);
  return offsetMinutes >= 120 ? "summer" : "standard";
}

export interface ZoneLabel {
  /** "Mitteleuropäische Zeit" / "středoevropský letní čas". */
  long: string;
  /** "MEZ" / "SELČ". */
  short: string;
}

export function zoneLabel(locale: Locale, instant: Date | string): ZoneLabel {
  const kind = zoneKindAt(instant);
  return { long: translate(locale, `timeZone.${kind}.long`), short: translate(locale, `timeZone.${kind}.short`) };
}

/**
 * The zone words for a span: one label, or "MEZ/MESZ"-style pairs when a (multi-day) event
 * crosses a change of clocks, so each end time is read right.
 */
export function zoneLabelForSpan(locale: Locale, start: Date | string, end: Date | string): ZoneLabel {
  const a = zoneLabel(locale, start);
  const b = zoneLabel(locale, end);
  if (a.short === b.short) return a;
  return { long: `${a.long} / ${b.long}`, short: `${a.short}/${b.short}` };
}

export { EVENT_TIME_ZONE };

/**
 * An event's span as plain text for mails and calendar files:
 * "12. März 2027, 09:00–17:00 (Mitteleuropäische Zeit)".
 */
export function eventTimeText(locale: Locale, start: Date, end: Date): string {
  const range = dateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "long", timeStyle: "short", timeZone: EVENT_TIME_ZONE }).formatRange(start, end);
  return `${range} (${zoneLabelForSpan(locale, start, end).long})`;
}
