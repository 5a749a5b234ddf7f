import type { Db } from "~/server/db/client.server";
import { type AuditAction, auditTrail } from "~/server/db/schema";

export async function recordAudit(
  db: Db,
  action: AuditAction,
  userId: string | null,
  details?: Record<string, unknown>,
): Promise<void> {
  await db.insert(auditTrail).values({ action, userId, details: details ?? null });
}
