import { asc, eq, and } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { users } from "~/server/db/schema";
import { AppError } from "~/server/errors";

/**
 * Locks the rows of all active admins (in id order, so two transactions never deadlock) and
 * returns their ids. Every change that can take an admin away (demote, deactivate, delete) runs
 * this first in its transaction: two admins demoting each other at once queue on these locks, and
 * the second one then sees the first one's result (PostgreSQL re-checks a locked row against the
 * WHERE when the lock is granted) — it is no longer an admin, or would leave none.
 */
export async function lockActiveAdmins(tx: Db): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "Admin"), eq(users.active, true)))
    .orderBy(asc(users.id))
    .for("update");
  return rows.map((r) => r.id);
}

/** LAST_ADMIN when taking `userId` away from the locked active admins would leave none. */
export function ensureAdminRemains(activeAdmins: string[], userId: string): void {
  if (activeAdmins.includes(userId) && activeAdmins.length <= 1) throw new AppError("LAST_ADMIN");
}
