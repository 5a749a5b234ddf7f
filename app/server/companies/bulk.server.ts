import { inArray } from "drizzle-orm";
import type { CompanyBulkAction } from "~/schemas/company-database";
import type { Db } from "~/server/db/client.server";
import { companies } from "~/server/db/schema";
import { AppError, type ErrorCode, isAppError } from "~/server/errors";
import { adminPolicy } from "~/server/policy/company-policy";
import { type Actor, authorize } from "~/server/policy/policy";
import { deleteCompany, restoreCompany } from "./deletion.server";
import { deactivateCompany, verifyCompany } from "./moderation.server";

export interface BulkOutcome {
  done: number;
  failed: Array<{ id: string; name: string; code: ErrorCode }>;
}

/**
 * A bulk action of the company database on the ticked profiles (decision 034): each profile goes
 * through the same domain function as a single action — its own transaction, row lock, audit
 * entry and mails (approval mail, cancellation/restore notices to registrants, decision 026) — so
 * one refused profile (already handled, restore period over, deleted meanwhile) fails alone and is
 * reported by name while the others succeed. The admin's confirmation dialog, which states how
 * many profiles are affected, stands in for typing each name before a delete.
 */
export async function bulkCompanyAction(db: Db, actor: Actor, action: CompanyBulkAction, ids: string[]): Promise<BulkOutcome> {
  authorize(actor, adminPolicy.canManageCompanyDatabase(actor));
  const unique = [...new Set(ids)];
  const rows = unique.length > 0 ? await db.select({ id: companies.id, name: companies.name, deletedAt: companies.deletedAt }).from(companies).where(inArray(companies.id, unique)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const outcome: BulkOutcome = { done: 0, failed: [] };
  for (const id of unique) {
    const company = byId.get(id);
    try {
      if (!company) throw new AppError("NOT_FOUND");
      // A deleted profile can only be restored; verifying or deactivating it would change it unseen.
      if (company.deletedAt && action !== "restore") throw new AppError("COMPANY_IS_DELETED");
      if (action === "verify") await verifyCompany(db, actor, id);
      else if (action === "deactivate") await deactivateCompany(db, actor, id);
      else if (action === "delete") await deleteCompany(db, actor, id, company.name);
      else await restoreCompany(db, actor, id);
      outcome.done += 1;
    } catch (error) {
      if (!isAppError(error)) throw error;
      outcome.failed.push({ id, name: company?.name ?? id, code: error.code });
    }
  }
  return outcome;
}
