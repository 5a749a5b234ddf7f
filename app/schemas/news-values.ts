import { fromBerlin, toBerlin } from "./berlin-time";
import { type DateLocale, formatDateInput, formatTimeInput, parseDateInput, parseTimeInput } from "./date-input";

/** What the news form shows: strings as typed, to fill it and to refill it after a refused submit. */
export interface NewsFormValues {
  titleDe: string;
  titleCs: string;
  descriptionDe: string;
  descriptionCs: string;
  publishNow: boolean;
  publishDate: string;
  publishTime: string;
  companyId: string;
}

export const EMPTY_NEWS_FORM: NewsFormValues = {
  titleDe: "",
  titleCs: "",
  descriptionDe: "",
  descriptionCs: "",
  publishNow: true,
  publishDate: "",
  publishTime: "",
  companyId: "",
};

const TEXT = ["titleDe", "titleCs", "descriptionDe", "descriptionCs", "publishDate", "publishTime", "companyId"] as const;

/** The submitted values, to refill the form after the server refused them (the image must be chosen again). */
export function submittedNewsValues(form: FormData): NewsFormValues {
  // Read like the schema's flag: an empty value is "off" (a checked box sends "on").
  const flag = form.get("publishNow");
  const values: NewsFormValues = { ...EMPTY_NEWS_FORM, publishNow: flag === "on" || flag === "true" };
  for (const field of TEXT) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value : "";
  }
  return values;
}

/**
 * A stored item as form values in the user's locale (Berlin wall-clock date and time). An item
 * that is out already shows "publish now", which keeps its date (manage.server.ts).
 */
export function newsToValues(n: { titleDe: string; titleCs: string; descriptionDe: string; descriptionCs: string; publishAt: Date; companyId: string }, locale: DateLocale, now: Date): NewsFormValues {
  const published = n.publishAt <= now;
  const berlin = toBerlin(n.publishAt);
  return {
    titleDe: n.titleDe,
    titleCs: n.titleCs,
    descriptionDe: n.descriptionDe,
    descriptionCs: n.descriptionCs,
    publishNow: published,
    publishDate: published ? "" : formatDateInput(berlin, locale),
    publishTime: published ? "" : formatTimeInput(berlin),
    companyId: n.companyId,
  };
}

/** The instant a typed publication date and time stand for, or null while they cannot be read. */
export function typedPublication(dateText: string, timeText: string, currentYear: number): Date | null {
  const date = parseDateInput(dateText, currentYear);
  const time = parseTimeInput(timeText);
  return date && time ? fromBerlin({ ...date, ...time }) : null;
}
