import { isNull, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { companies } from "~/server/db/schema";

/**
 * How long a deleted company profile (with its events and news) can be restored before the purge
 * job removes it for good (decision 026). The one place that says 30 days.
 */
export const COMPANY_RESTORE_DAYS = 30;

/** The moment until which a profile deleted at `deletedAt` can be restored. */
export function restorableUntil(deletedAt: Date): Date {
  return new Date(deletedAt.getTime() + COMPANY_RESTORE_DAYS * 86_400_000);
}

/**
 * SQL: the company is not (soft-)deleted. Every read of companies for a public, member or admin
 * view includes it (decision 026 lists where); only the admin company database and the
 * restore/purge functions see deleted profiles. Its events and news carry their own `deleted_at`,
 * set with the company's, so the event and news reads need nothing new.
 */
export function companyNotDeleted() {
  return isNull(companies.deletedAt);
}

/**
 * SQL: the company in `companyId` (an event's or news item's owner) is not deleted. For the
 * admin lists and relation loaders, which otherwise also show deleted events and news: those of a
 * deleted company are restored only with it, never one by one.
 */
export function ownerNotDeleted(companyId: AnyPgColumn) {
  return sql`not exists (select 1 from ${companies} where ${companies.id} = ${companyId} and ${companies.deletedAt} is not null)`;
}
