import type { DateParts, TimeParts } from "./date-input";

/**
 * Event times are Europe/Berlin wall-clock times (the region's time zone; Czechia keeps the same
 * clock), stored as UTC instants. The conversion asks Intl for the zone's offset, so summer and
 * winter time (and future rule changes in the runtime's tz data) are right without a table.
 */
export const EVENT_TIME_ZONE = "Europe/Berlin";

const formatter = new Intl.DateTimeFormat("en-GB", {
  timeZone: EVENT_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

export interface WallClock extends DateParts, TimeParts {}

/** The Berlin wall-clock reading of an instant. */
export function toBerlin(instant: Date): WallClock {
  const parts: Record<string, number> = {};
  for (const p of formatter.formatToParts(instant)) if (p.type !== "literal") parts[p.type] = Number(p.value);
  return { year: parts["year"]!, month: parts["month"]!, day: parts["day"]!, hour: parts["hour"]!, minute: parts["minute"]! };
}

/** Offset of Berlin from UTC at an instant, in milliseconds (+1 h winter, +2 h summer). */
function offsetAt(instant: number): number {
  const w = toBerlin(new Date(instant));
  const seconds = new Date(instant).getUTCSeconds();
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, seconds) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant of a Berlin wall-clock time. A time skipped by the spring change (02:30 on the last
 * Sunday of March) lands an hour later; a doubled autumn time takes its first (summer) occurrence.
 */
export function fromBerlin(w: WallClock): Date {
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  // The zone's offsets half a day either side cover both sides of any change on that day.
  const before = offsetAt(asUtc - HALF_DAY);
  const after = offsetAt(asUtc + HALF_DAY);
  const matches = [asUtc - before, asUtc - after].filter((t) => {
    const back = toBerlin(new Date(t));
    return back.day === w.day && back.hour === w.hour && back.minute === w.minute;
  });
  // Overlap: two matches, the earlier is summer time. Gap: none, the old offset moves it forward.
  return new Date(matches.length > 0 ? Math.min(...matches) : asUtc - before);
}

const HALF_DAY = 12 * 3_600_000;
