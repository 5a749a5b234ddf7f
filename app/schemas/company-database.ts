import { z } from "zod";
import { COMPANY_ORIGINS, COUNTRIES } from "./enums";
import { type DateParts, parseDateInput } from "./date-input";
import { plainText } from "./text";

/** The admin company database's filters (in the URL; decision 034). */
export const COMPANY_DATABASE_STATES = ["ALL", "VERIFIED", "PENDING", "DEACTIVATED", "DELETED", "EVERY"] as const;
export type CompanyDatabaseState = (typeof COMPANY_DATABASE_STATES)[number];
export const COMPANY_DATABASE_CONTACTS = ["ANY", "WITH", "WITHOUT"] as const;
export const COMPANY_DATABASE_SORTS = ["name", "state", "origin", "updated", "created"] as const;
export type CompanyDatabaseSort = (typeof COMPANY_DATABASE_SORTS)[number];
export const COMPANY_DATABASE_PAGE_SIZE = 50;
export const COMPANY_DATABASE_QUERY_MAX = 100;
/** Spec §5 / §9 "Company download cap": the filtered count must not exceed it. */
export const COMPANY_DOWNLOAD_MAX = 3000;
/** Bounds of the multi-value filters (a URL stays short, a query stays cheap). */
export const COMPANY_DATABASE_MAX_NACE = 20;
export const COMPANY_DATABASE_MAX_TAGS = 20;
/** A bulk action takes at most one page of ticked rows. */
export const COMPANY_BULK_MAX = COMPANY_DATABASE_PAGE_SIZE;

export interface CompanyDatabaseFilter {
  /** Name or website (the import's identifiers come with issue 21). */
  q: string;
  state: CompanyDatabaseState;
  origin: (typeof COMPANY_ORIGINS)[number] | null;
  country: (typeof COUNTRIES)[number] | null;
  /** Programme region (NUTS 3 code) of any of the company's addresses. */
  region: string | null;
  /** NACE codes; each selects itself and its sub-codes, any of them matches. */
  nace: string[];
  /** Tag ids; a company must carry all of them. */
  tags: string[];
  contacts: (typeof COMPANY_DATABASE_CONTACTS)[number];
  /** Last change (Berlin calendar days, both inclusive). */
  changedFrom: DateParts | null;
  changedTo: DateParts | null;
  sort: CompanyDatabaseSort;
  dir: "asc" | "desc";
  page: number;
}

const NACE_CODE = /^(?:[A-U]|\d{2}(?:\.\d{1,2})?)$/;
const REGION_CODE = /^[A-Z]{2}[A-Z0-9]{1,3}$/;

/** Lenient: an unreadable filter value is ignored (a bookmark never breaks the page). */
export function parseCompanyDatabaseFilter(params: URLSearchParams, currentYear: number): CompanyDatabaseFilter {
  const get = (name: string) => params.get(name)?.trim() ?? "";
  const pick = <T extends string>(values: readonly T[], value: string, fallback: T): T => ((values as readonly string[]).includes(value) ? (value as T) : fallback);
  // plainText: a NUL would reach pn_norm() in the database and fail there.
  const q = plainText().max(COMPANY_DATABASE_QUERY_MAX).safeParse(get("q"));
  const page = Number.parseInt(get("page"), 10);
  const unique = (values: string[], max: number) => [...new Set(values.map((v) => v.trim()).filter(Boolean))].slice(0, max);
  return {
    q: q.success ? q.data.trim() : "",
    state: pick(COMPANY_DATABASE_STATES, get("state"), "ALL"),
    origin: (COMPANY_ORIGINS as readonly string[]).includes(get("origin")) ? (get("origin") as CompanyDatabaseFilter["origin"]) : null,
    country: (COUNTRIES as readonly string[]).includes(get("country")) ? (get("country") as CompanyDatabaseFilter["country"]) : null,
    region: REGION_CODE.test(get("region")) ? get("region") : null,
    nace: unique(params.getAll("nace"), COMPANY_DATABASE_MAX_NACE).filter((code) => NACE_CODE.test(code)),
    tags: unique(params.getAll("tag"), COMPANY_DATABASE_MAX_TAGS).filter((id) => z.uuid().safeParse(id).success),
    contacts: pick(COMPANY_DATABASE_CONTACTS, get("contacts"), "ANY"),
    changedFrom: get("changedFrom") ? parseDateInput(get("changedFrom"), currentYear) : null,
    changedTo: get("changedTo") ? parseDateInput(get("changedTo"), currentYear) : null,
    sort: pick(COMPANY_DATABASE_SORTS, get("sort"), "name"),
    dir: get("dir") === "desc" ? "desc" : "asc",
    page: Number.isFinite(page) && page > 0 && page < 10_000 ? page : 1,
  };
}

export const companyRestoreSchema = z.object({ intent: z.literal("restore"), id: z.uuid("NOT_FOUND") });

export const COMPANY_BULK_ACTIONS = ["verify", "deactivate", "delete", "restore"] as const;
export type CompanyBulkAction = (typeof COMPANY_BULK_ACTIONS)[number];

/** A bulk action on the ticked rows (`id` repeated). */
export const companyBulkSchema = z.object({
  intent: z.literal("bulk"),
  action: z.enum(COMPANY_BULK_ACTIONS),
  id: z.array(z.uuid("NOT_FOUND")).min(1, "COMPANY_SELECTION_REQUIRED").max(COMPANY_BULK_MAX),
});
