import { z } from "zod";
import { type DateParts, parseDateInput } from "./date-input";
import { plainText } from "./text";

/** The admin accounts page (spec §2 users): its GET filters and its POST forms. */
export const ACCOUNT_ROLES = ["Admin", "Organisation", "Multiplikator"] as const;
export const ACCOUNT_ROLE_FILTERS = ["ALL", ...ACCOUNT_ROLES] as const;
export const ACCOUNT_ACTIVE_FILTERS = ["ALL", "ACTIVE", "INACTIVE"] as const;
export const ACCOUNT_COMPANY_FILTERS = ["ALL", "WITH", "WITHOUT"] as const;
export const ACCOUNT_SORTS = ["name", "email", "role", "active", "created"] as const;
export type AccountSort = (typeof ACCOUNT_SORTS)[number];
export const ACCOUNTS_PAGE_SIZE = 50;
export const ACCOUNT_QUERY_MAX = 100;

export interface AccountFilter {
  q: string;
  role: (typeof ACCOUNT_ROLE_FILTERS)[number];
  active: (typeof ACCOUNT_ACTIVE_FILTERS)[number];
  company: (typeof ACCOUNT_COMPANY_FILTERS)[number];
  /** Created on or after this Berlin day / on or before this one. */
  from: DateParts | null;
  to: DateParts | null;
  sort: AccountSort;
  dir: "asc" | "desc";
  page: number;
}

/** Lenient: an unreadable filter is ignored, so a bookmark never breaks the page. */
export function parseAccountFilter(params: URLSearchParams, currentYear: number): AccountFilter {
  const get = (name: string) => params.get(name)?.trim() ?? "";
  const pick = <T extends readonly [string, ...string[]]>(values: T, name: string, fallback: T[number]): T[number] => {
    const parsed = z.enum(values).safeParse(get(name));
    return parsed.success ? parsed.data : fallback;
  };
  // plainText: a NUL would reach pn_norm() in the database and fail there.
  const q = plainText().max(ACCOUNT_QUERY_MAX).safeParse(get("q"));
  const page = Number.parseInt(get("page"), 10);
  return {
    q: q.success ? q.data : "",
    role: pick(ACCOUNT_ROLE_FILTERS, "role", "ALL"),
    active: pick(ACCOUNT_ACTIVE_FILTERS, "active", "ALL"),
    company: pick(ACCOUNT_COMPANY_FILTERS, "company", "ALL"),
    from: get("from") ? parseDateInput(get("from"), currentYear) : null,
    to: get("to") ? parseDateInput(get("to"), currentYear) : null,
    sort: pick(ACCOUNT_SORTS, "sort", "created"),
    dir: get("dir") === "asc" ? "asc" : get("dir") === "desc" ? "desc" : get("sort") ? "asc" : "desc",
    page: Number.isFinite(page) && page > 0 && page < 10_000 ? page : 1,
  };
}

const id = z.uuid("NOT_FOUND");

export const AccountRoleSchema = z.object({ intent: z.literal("role"), id, role: z.enum(ACCOUNT_ROLES, "OPTION_INVALID") });
export const AccountActiveSchema = z.object({ intent: z.enum(["deactivate", "activate"]), id });
export const AccountDeleteSchema = z.object({ intent: z.literal("delete"), id });
