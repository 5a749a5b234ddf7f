import { and, asc, count, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import { COMPANY_DATABASE_PAGE_SIZE, type CompanyDatabaseFilter } from "~/schemas/company-database";
import type { Db } from "~/server/db/client.server";
import { companies, companyAddresses } from "~/server/db/schema";
import { foldedPattern } from "~/server/news/list-managed.server";
import { adminPolicy } from "~/server/policy/company-policy";
import { type Actor, authorize } from "~/server/policy/policy";
import { companyNotDeleted, restorableUntil } from "./deleted";

/**
 * The admin company database (spec §2), first version (decision 026): every profile by name, with
 * a name search and a state filter; deleted profiles only under "deleted", with when they were
 * deleted and until when they can be restored. Issue 20 extends it (more filters, download).
 */
export async function listCompanyDatabase(db: Db, actor: Actor, filter: CompanyDatabaseFilter) {
  authorize(actor, adminPolicy.canManageCompanyDatabase(actor));
  const conditions: Array<SQL | undefined> = [filter.state === "DELETED" ? isNotNull(companies.deletedAt) : companyNotDeleted()];
  if (filter.state === "VERIFIED" || filter.state === "PENDING" || filter.state === "DEACTIVATED") conditions.push(eq(companies.status, filter.state));
  const q = filter.q.trim();
  if (q) conditions.push(sql`pn_norm(${companies.name}) like ${foldedPattern(q)}`);
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(companies).where(where);
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      status: companies.status,
      city: companyAddresses.city,
      country: companyAddresses.country,
      createdAt: companies.createdAt,
      deletedAt: companies.deletedAt,
    })
    .from(companies)
    .leftJoin(companyAddresses, and(eq(companyAddresses.companyId, companies.id), eq(companyAddresses.kind, "HEADQUARTERS")))
    .where(where)
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(COMPANY_DATABASE_PAGE_SIZE)
    .offset((filter.page - 1) * COMPANY_DATABASE_PAGE_SIZE);
  const n = total?.n ?? 0;
  return {
    items: rows.map((r) => ({ ...r, restorableUntil: r.deletedAt ? restorableUntil(r.deletedAt) : null })),
    total: n,
    page: filter.page,
    pageCount: Math.max(1, Math.ceil(n / COMPANY_DATABASE_PAGE_SIZE)),
  };
}
