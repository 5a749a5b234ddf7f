import { z } from "zod";
import { plainText } from "./text";

/** The admin company database's filters (in the URL); issue 20 adds more. */
export const COMPANY_DATABASE_STATES = ["ALL", "VERIFIED", "PENDING", "DEACTIVATED", "DELETED"] as const;
export type CompanyDatabaseState = (typeof COMPANY_DATABASE_STATES)[number];
export const COMPANY_DATABASE_PAGE_SIZE = 50;
export const COMPANY_DATABASE_QUERY_MAX = 100;

export const companyDatabaseFilterSchema = z.object({
  // plainText: a NUL would reach pn_norm() in the database and fail there.
  q: plainText().max(COMPANY_DATABASE_QUERY_MAX).optional().default("").catch(""),
  state: z.enum(COMPANY_DATABASE_STATES).optional().default("ALL").catch("ALL"),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1).catch(1),
});
export type CompanyDatabaseFilter = z.infer<typeof companyDatabaseFilterSchema>;

export const companyRestoreSchema = z.object({ intent: z.literal("restore"), id: z.uuid("NOT_FOUND") });
