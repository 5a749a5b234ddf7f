import { eq } from "drizzle-orm";
import { recordAudit } from "~/server/audit.server";
import type { Db } from "~/server/db/client.server";
import { companies } from "~/server/db/schema";
import type { Actor } from "~/server/policy/policy";

/**
 * Every change to a profile: bumps "last change", turns an imported profile into a curated one
 * (spec §3: imported and manually updated), and writes UPDATED_COMPANY_PROFILE.
 */
export async function recordCompanyUpdate(tx: Db, actor: Actor, companyId: string, part: string): Promise<void> {
  const [row] = await tx.select({ origin: companies.origin }).from(companies).where(eq(companies.id, companyId));
  await tx
    .update(companies)
    .set({ updatedAt: new Date(), updatedBy: actor?.id ?? null, ...(row?.origin === "IMPORTED" ? { origin: "CURATED" as const } : {}) })
    .where(eq(companies.id, companyId));
  await recordAudit(tx, "UPDATED_COMPANY_PROFILE", actor?.id ?? null, { companyId, part });
}
