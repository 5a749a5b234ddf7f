import { eq, sql } from "drizzle-orm";
import { recordAudit } from "~/server/audit.server";
import type { Db } from "~/server/db/client.server";
import { companies } from "~/server/db/schema";
import type { Actor } from "~/server/policy/policy";

/**
 * Every change to a profile: bumps "last change", turns an imported profile into a curated one
 * (spec §3: imported and manually updated), and writes UPDATED_COMPANY_PROFILE. `curated` names the
 * import fields the person changed (CURATED_FIELDS of the import, decision 039): later imports
 * leave them as they are.
 */
export async function recordCompanyUpdate(tx: Db, actor: Actor, companyId: string, part: string, curated: readonly string[] = []): Promise<void> {
  const [row] = await tx.select({ origin: companies.origin }).from(companies).where(eq(companies.id, companyId));
  const fields = [...new Set(curated)];
  await tx
    .update(companies)
    .set({
      updatedAt: new Date(),
      updatedBy: actor?.id ?? null,
      ...(row?.origin === "IMPORTED" ? { origin: "CURATED" as const } : {}),
      ...(fields.length > 0
        ? {
            curatedFields: sql`ARRAY(SELECT DISTINCT f FROM unnest(${companies.curatedFields} || ARRAY[${sql.join(
              fields.map((f) => sql`${f}`),
              sql`, `,
            )}]::text[]) AS f ORDER BY f)`,
          }
        : {}),
    })
    .where(eq(companies.id, companyId));
  await recordAudit(tx, "UPDATED_COMPANY_PROFILE", actor?.id ?? null, { companyId, part });
}
