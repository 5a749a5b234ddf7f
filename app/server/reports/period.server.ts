import { fromBerlin, toBerlin } from "~/schemas/berlin-time";
import type { DateParts } from "~/schemas/date-input";

/**
 * Report periods are whole days on the region's clock (Europe/Berlin, as event times): `from`
 * starts at its midnight, `to` ends at the next midnight (exclusive), so "1.1.–31.12." is the
 * whole year whatever the UTC offset.
 */
export function startOfDay(day: DateParts): Date {
  return fromBerlin({ ...day, hour: 0, minute: 0 });
}

export function endOfDay(day: DateParts): Date {
  const next = new Date(Date.UTC(day.year, day.month - 1, day.day + 1));
  return startOfDay({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() });
}

/** The Berlin calendar day of an instant. */
export function berlinDay(instant: Date): DateParts {
  const w = toBerlin(instant);
  return { year: w.year, month: w.month, day: w.day };
}

/** `yyyy-mm-dd`, what the date parser reads back in any language (links to the downloads). */
export function isoDay(day: DateParts): string {
  return `${day.year}-${String(day.month).padStart(2, "0")}-${String(day.day).padStart(2, "0")}`;
}
