import { z } from "zod";
import type { AuditAction } from "../server/db/schema";
import { type DateParts, parseDateInput } from "./date-input";
import { singleLine } from "./text";

/**
 * The admin reports' GET parameters (decision 036): the audit-trail view's filters and the funder
 * report's period. Shared with the browser (the forms), so no server imports beyond types.
 */
export const AUDIT_ACTION_FILTERS = [
  "LOGIN",
  "CREATED_COMPANY_PROFILE",
  "UPDATED_COMPANY_PROFILE",
  "SEARCHED",
  "CREATED_COMPANY_SERVICE",
  "UPDATED_COMPANY_SERVICE",
] as const satisfies readonly AuditAction[];

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_QUERY_MAX = 100;

/** A page boundary: the entry's time to the microsecond (ISO, UTC) and its id. */
export interface AuditCursor {
  at: string;
  id: string;
}

export interface AuditFilter {
  action: AuditAction | null;
  /** Part of a name or an e-mail address. */
  person: string;
  /** Part of a company name. */
  company: string;
  from: DateParts | null;
  to: DateParts | null;
  /** Older than this entry (next page), or newer than it (previous page). */
  before: AuditCursor | null;
  after: AuditCursor | null;
}

/** Which date fields could not be read, or that the period ends before it starts. */
export type PeriodErrors = Partial<Record<"from" | "to", "DATE_INVALID" | "DATE_RANGE_INVALID">>;

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)~([0-9a-f-]{36})$/;

export function parseCursor(text: string | null): AuditCursor | null {
  const match = CURSOR.exec(text ?? "");
  if (!match || !z.uuid().safeParse(match[2]).success) return null;
  return { at: match[1]!, id: match[2]! };
}

export const formatCursor = (c: AuditCursor) => `${c.at}~${c.id}`;

export const dayNumber = (d: DateParts) => Date.UTC(d.year, d.month - 1, d.day);

/** Reads the optional dates `from` and `to`; an unreadable one is reported and not applied. */
export function parsePeriod(params: URLSearchParams, currentYear: number): { from: DateParts | null; to: DateParts | null; errors: PeriodErrors } {
  const errors: PeriodErrors = {};
  const read = (name: "from" | "to") => {
    const text = params.get(name)?.trim() ?? "";
    if (!text) return null;
    const parts = parseDateInput(text, currentYear);
    if (!parts) errors[name] = "DATE_INVALID";
    return parts;
  };
  const from = read("from");
  const to = read("to");
  if (from && to && dayNumber(to) < dayNumber(from)) {
    errors.to = "DATE_RANGE_INVALID";
    return { from, to: null, errors };
  }
  return { from, to, errors };
}

/** Lenient like the other admin lists: a filter that cannot be read is not applied (and said so for dates). */
export function parseAuditFilter(params: URLSearchParams, currentYear: number): { filter: AuditFilter; errors: PeriodErrors } {
  const text = (name: string) => {
    const parsed = singleLine().max(AUDIT_QUERY_MAX).safeParse(params.get(name)?.trim() ?? "");
    return parsed.success ? parsed.data : "";
  };
  const action = z.enum(AUDIT_ACTION_FILTERS).safeParse(params.get("action") ?? "");
  const { from, to, errors } = parsePeriod(params, currentYear);
  const before = parseCursor(params.get("before"));
  return {
    filter: {
      action: action.success ? action.data : null,
      person: text("person"),
      company: text("company"),
      from,
      to,
      before,
      after: before ? null : parseCursor(params.get("after")),
    },
    errors,
  };
}

/**
 * The funder report's period: both dates, defaulting to the current calendar year so far (1 January
 * to today, Berlin time), so the page opens on numbers that can already be reported.
 */
export function parseReportPeriod(params: URLSearchParams, today: DateParts): { from: DateParts; to: DateParts; errors: PeriodErrors } {
  const { from, to, errors } = parsePeriod(params, today.year);
  const fallbackFrom = { year: today.year, month: 1, day: 1 };
  const start = from ?? fallbackFrom;
  let end = errors.to || !params.get("to")?.trim() ? today : to!;
  if (dayNumber(end) < dayNumber(start)) end = start;
  return { from: start, to: end, errors };
}
