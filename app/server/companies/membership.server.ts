import { and, eq } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { companies, companyUserLinks } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import type { CompanyRelation } from "~/server/policy/company-policy";
import type { Actor } from "~/server/policy/policy";
import { companyNotDeleted } from "~/server/companies/deleted";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The company's status and whether the actor is a confirmed member; NOT_FOUND if it doesn't exist. */
export async function loadRelation(db: Db, actor: Actor, companyId: string): Promise<CompanyRelation> {
  // Ids come from URLs: anything that is not a UUID cannot exist (and must not reach the uuid column).
  if (!UUID.test(companyId)) throw new AppError("NOT_FOUND");
  // A deleted profile is gone for everyone, admins included (they restore it from the company database).
  const [company] = await db.select({ status: companies.status }).from(companies).where(and(eq(companies.id, companyId), companyNotDeleted()));
  if (!company) throw new AppError("NOT_FOUND");
  return { status: company.status, isMember: actor ? await isConfirmedMember(db, actor.id, companyId) : false };
}

export async function isConfirmedMember(db: Db, userId: string, companyId: string): Promise<boolean> {
  const [link] = await db
    .select({ id: companyUserLinks.id })
    .from(companyUserLinks)
    .where(and(eq(companyUserLinks.userId, userId), eq(companyUserLinks.companyId, companyId), eq(companyUserLinks.status, "CONFIRMED")));
  return Boolean(link);
}

/** Companies the user is a confirmed member of (for the account page and guards). */
export async function memberCompanies(db: Db, userId: string): Promise<Array<{ id: string; name: string; status: string }>> {
  return db
    .select({ id: companies.id, name: companies.name, status: companies.status })
    .from(companyUserLinks)
    .innerJoin(companies, eq(companies.id, companyUserLinks.companyId))
    .where(and(eq(companyUserLinks.userId, userId), eq(companyUserLinks.status, "CONFIRMED"), companyNotDeleted()));
}

/**
 * Locks the company's row until the transaction ends (FOR NO KEY UPDATE: the lock an UPDATE of
 * the company takes, and the one the search triggers take before refreshing it — decision 011).
 * Writes to one company take it first, so they run one after the other: a rule that depends on
 * a count (the ad cap) or on one row among several (the headquarters) sees the previous write's
 * result, and the lock order company row → search rows is the same everywhere (no deadlocks).
 * NOT_FOUND when the company is gone.
 */
export async function lockCompany(tx: Db, companyId: string): Promise<void> {
  const [row] = await tx.select({ id: companies.id }).from(companies).where(and(eq(companies.id, companyId), companyNotDeleted())).for("no key update");
  if (!row) throw new AppError("NOT_FOUND");
}

/** Throws NOT_FOUND when the actor may not see the company ("not yours" is "not found"), FORBIDDEN otherwise. */
export function ensure(allowed: boolean, visible: boolean): void {
  if (!visible) throw new AppError("NOT_FOUND");
  if (!allowed) throw new AppError("FORBIDDEN");
}
