import { z } from "zod";
import { type DateParts, parseDateInput } from "./date-input";
import { singleLine } from "./text";

/** The admin event list's GET filters (spec §2 admin events; 30 per page, spec §9). */
export const EVENT_STATES = ["scheduled", "published", "inactive", "deleted"] as const;
export type EventState = (typeof EVENT_STATES)[number];
export const EVENT_TIMES = ["upcoming", "past", "all"] as const;
export const ADMIN_EVENTS_PAGE_SIZE = 30;

export interface EventAdminFilters {
  q: string;
  state: EventState | null;
  company: string | null;
  from: DateParts | null;
  to: DateParts | null;
  time: (typeof EVENT_TIMES)[number];
  page: number;
}

/** Lenient: an unreadable filter is ignored (a bookmark never breaks the page). */
export function parseEventAdminFilters(params: URLSearchParams, currentYear: number): EventAdminFilters {
  const get = (name: string) => params.get(name)?.trim() ?? "";
  const q = singleLine().max(200).safeParse(get("q"));
  const state = z.enum(EVENT_STATES).safeParse(get("state"));
  const company = z.uuid().safeParse(get("company"));
  const time = z.enum(EVENT_TIMES).safeParse(get("time"));
  const page = Number.parseInt(get("page"), 10);
  return {
    q: q.success ? q.data : "",
    state: state.success ? state.data : null,
    company: company.success ? company.data : null,
    from: get("from") ? parseDateInput(get("from"), currentYear) : null,
    to: get("to") ? parseDateInput(get("to"), currentYear) : null,
    time: time.success ? time.data : "upcoming",
    page: Number.isFinite(page) && page > 0 && page < 10_000 ? page : 1,
  };
}

/** The publication state shown in the list. */
export function eventState(e: { deletedAt: Date | null; active: boolean; publishAt: Date }, now: Date): EventState {
  if (e.deletedAt) return "deleted";
  if (!e.active) return "inactive";
  return e.publishAt > now ? "scheduled" : "published";
}
