import { toBerlin } from "./berlin-time";

/**
 * The statistics page's period (decision 035): whole calendar months in the region's time zone,
 * `from` and `to` as "YYYY-MM", both included. Default: the last 12 months up to this one.
 */
export const STATISTICS_MAX_MONTHS = 60;
export const DEFAULT_MONTHS = 12;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export interface Period {
  from: string;
  to: string;
}

const monthIndex = (month: string) => {
  const [, y, m] = MONTH.exec(month)!;
  return Number(y) * 12 + Number(m) - 1;
};
const monthOfIndex = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;

export function currentMonth(now: Date): string {
  const { year, month } = toBerlin(now);
  return `${year}-${String(month).padStart(2, "0")}`;
}

export function defaultPeriod(now: Date): Period {
  const to = currentMonth(now);
  return { from: monthOfIndex(monthIndex(to) - (DEFAULT_MONTHS - 1)), to };
}

/** Every month of the period, oldest first. */
export function monthsOf(period: Period): string[] {
  const months: string[] = [];
  for (let i = monthIndex(period.from); i <= monthIndex(period.to); i++) months.push(monthOfIndex(i));
  return months;
}

/** The month after `month` (the period's end, exclusive). */
export function nextMonth(month: string): string {
  return monthOfIndex(monthIndex(month) + 1);
}

export type PeriodResult = { ok: true; period: Period } | { ok: false; period: Period; code: "STATISTICS_PERIOD_INVALID" };

/**
 * The period from the query (`from`, `to`); none given is the default. A malformed month, `from`
 * after `to`, a year before 2000 or a span over STATISTICS_MAX_MONTHS falls back to the default
 * with the error code, so the page still shows figures and says why.
 */
export function parsePeriod(params: URLSearchParams, now: Date): PeriodResult {
  const fallback = defaultPeriod(now);
  const from = params.get("from")?.trim() || null;
  const to = params.get("to")?.trim() || null;
  if (!from && !to) return { ok: true, period: fallback };
  const period = { from: from ?? fallback.from, to: to ?? fallback.to };
  if (!MONTH.test(period.from) || !MONTH.test(period.to)) return { ok: false, period: fallback, code: "STATISTICS_PERIOD_INVALID" };
  const span = monthIndex(period.to) - monthIndex(period.from) + 1;
  if (span < 1 || span > STATISTICS_MAX_MONTHS || period.from < "2000-01") return { ok: false, period: fallback, code: "STATISTICS_PERIOD_INVALID" };
  return { ok: true, period };
}

/** Width classes of the device (spec §9 breakpoints: below sm a phone, below lg a tablet). */
export function deviceClassOf(width: number | undefined): "phone" | "tablet" | "desktop" {
  if (width === undefined || width >= 1280) return "desktop";
  return width < 600 ? "phone" : "tablet";
}

/** The analytics beacon's body limit (decision 035): a few hundred bytes of JSON are sent. */
export const ANALYTICS_BODY_MAX_BYTES = 4 * 1024;

/** The top-pages filter from the query (`page`): trimmed, at most 200 characters. */
export function parsePathFilter(params: URLSearchParams): string {
  return (params.get("page") ?? "").trim().slice(0, 200);
}
