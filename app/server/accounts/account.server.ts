import { eq } from "drizzle-orm";
import { deleteSessionsOfUser } from "~/server/auth/sessions.server";
import type { Db } from "~/server/db/client.server";
import { users } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { accountPolicy, type Actor, authorize } from "~/server/policy/policy";

export interface AccountView {
  id: string;
  name: string;
  email: string;
  role: string;
  createdAt: Date;
}

export async function getAccount(db: Db, actor: Actor, userId: string): Promise<AccountView> {
  authorize(actor, accountPolicy.canView(actor, userId));
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError("NOT_FOUND");
  return user;
}

export async function updateAccountName(db: Db, actor: Actor, userId: string, name: string): Promise<void> {
  authorize(actor, accountPolicy.canUpdate(actor, userId));
  const updated = await db.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, userId)).returning({ id: users.id });
  if (updated.length === 0) throw new AppError("NOT_FOUND");
}

/**
 * Deletes an account for good (spec §4: irreversible, needs confirmation; company profiles
 * stay). The caller must repeat the account's e-mail as confirmation. Sessions, codes, tokens
 * and external logins go with it; audit entries keep their rows without the user.
 */
export async function deleteAccount(db: Db, actor: Actor, userId: string, confirmEmail: string): Promise<void> {
  authorize(actor, accountPolicy.canDelete(actor, userId));
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) throw new AppError("NOT_FOUND");
    if (user.email !== confirmEmail.trim().toLowerCase()) throw new AppError("DELETE_CONFIRMATION_MISMATCH");
    await deleteSessionsOfUser(tx as unknown as Db, userId);
    await tx.delete(users).where(eq(users.id, userId));
  });
}
