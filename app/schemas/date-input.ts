/**
 * Typed dates (spec §5 "Date input"), shared by the server's form parsing and the date input
 * component (no server imports). German writes `24.12.2026`, Czech `24. 12. 2026`: both are
 * day.month.year, so either spelling is read in either language. When the locale order cannot be
 * read, the spec's fallback `mm/dd/yyyy` is tried; the ISO form `yyyy-mm-dd` (what a browser's
 * native date field or a bookmark sends) is accepted too. Month 1–12, day valid for the month,
 * two-digit years go to the nearest century, and only years from 100 back to 52 ahead are valid.
 */
export type DateLocale = "de" | "cs";

export interface DateParts {
  year: number;
  month: number;
  day: number;
}

/** The year window of spec §5, relative to the current year. */
export const YEARS_BACK = 100;
export const YEARS_AHEAD = 52;

const LOCALE_ORDER = /^(\d{1,2})\s*\.\s*(\d{1,2})\s*\.\s*(\d{2}|\d{4})$/;
const US_FALLBACK = /^(\d{1,2})\s*\/\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * A two-digit year goes to the century that puts it nearest the current year (2026: "30" → 2030,
 * "80" → 1980). A tie (50 years either way) goes to the future one: event dates lie ahead.
 */
export function expandYear(twoDigits: number, currentYear: number): number {
  const century = Math.floor(currentYear / 100) * 100;
  const candidates = [century - 100 + twoDigits, century + twoDigits, century + 100 + twoDigits];
  let best = candidates[0]!;
  for (const year of candidates) {
    const d = Math.abs(year - currentYear);
    const bestD = Math.abs(best - currentYear);
    if (d < bestD || (d === bestD && year > best)) best = year;
  }
  return best;
}

function build(dayText: string, monthText: string, yearText: string, currentYear: number): DateParts | null {
  const day = Number(dayText);
  const month = Number(monthText);
  const year = yearText.length === 2 ? expandYear(Number(yearText), currentYear) : Number(yearText);
  if (month < 1 || month > 12) return null;
  if (day < 1 || day > 31 || day > daysInMonth(year, month)) return null;
  if (year < currentYear - YEARS_BACK || year > currentYear + YEARS_AHEAD) return null;
  return { year, month, day };
}

/**
 * Reads a typed date; null when it is not a valid date (the caller reports DATE_INVALID).
 * `currentYear` anchors two-digit years and the year window (pass the clock's year on the server).
 */
export function parseDateInput(text: string, currentYear: number): DateParts | null {
  const value = text.trim();
  const local = LOCALE_ORDER.exec(value);
  if (local) return build(local[1]!, local[2]!, local[3]!, currentYear);
  const us = US_FALLBACK.exec(value);
  if (us) return build(us[2]!, us[1]!, us[3]!, currentYear);
  const iso = ISO.exec(value);
  if (iso) return build(iso[3]!, iso[2]!, iso[1]!, currentYear);
  return null;
}

/** The locale's spelling: de `24.12.2026`, cs `24. 12. 2026`. */
export function formatDateInput(parts: DateParts, locale: DateLocale): string {
  const dd = String(parts.day).padStart(2, "0");
  const mm = String(parts.month).padStart(2, "0");
  return locale === "cs" ? `${parts.day}. ${parts.month}. ${parts.year}` : `${dd}.${mm}.${parts.year}`;
}

/** The placeholder showing the expected spelling. */
export function datePlaceholder(locale: DateLocale): string {
  return locale === "cs" ? "d. m. rrrr" : "TT.MM.JJJJ";
}

export interface TimeParts {
  hour: number;
  minute: number;
}

const TIME = /^(\d{1,2})\s*[:.]\s*(\d{2})$/;

/** "9:30", "09:30" or "09.30", 00:00–23:59; null when invalid. */
export function parseTimeInput(text: string): TimeParts | null {
  const match = TIME.exec(text.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return null;
  return { hour, minute };
}

export function formatTimeInput(parts: TimeParts): string {
  return `${String(parts.hour).padStart(2, "0")}:${String(parts.minute).padStart(2, "0")}`;
}
