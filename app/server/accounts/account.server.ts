import { eq, inArray, sql } from "drizzle-orm";
import { deleteSessionsOfUser } from "~/server/auth/sessions.server";
import { ensureAdminRemains, lockActiveAdmins } from "~/server/accounts/last-admin.server";
import { type Db, withTransaction } from "~/server/db/client.server";
import { eventRegistrations, participantMailRecipients, users } from "~/server/db/schema";
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
 * and external logins go with it. What others keep outlives it (decision 027): the person's
 * registrations stay as history for the organiser's counts and evaluation (company, state,
 * language, dates, check-in) but lose their answers and the link to the person; the delivery
 * records of mails to them lose name and address (a mail not sent yet is not sent); invoices keep
 * the recipient as issued (the law requires it); audit entries keep the action without the user.
 */
export async function deleteAccount(db: Db, actor: Actor, userId: string, confirmEmail: string): Promise<void> {
  authorize(actor, accountPolicy.canDelete(actor, userId));
  await withTransaction(db, async (tx) => {
    // The platform keeps an active admin (decision 033): the last one cannot delete itself.
    ensureAdminRemains(await lockActiveAdmins(tx), userId);
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) throw new AppError("NOT_FOUND");
    if (user.email !== confirmEmail.trim().toLowerCase()) throw new AppError("DELETE_CONFIRMATION_MISMATCH");
    await eraseAccount(tx, userId);
  });
}

/** The deletion itself, inside the caller's transaction (also used by the admin accounts page). */
export async function eraseAccount(tx: Db, userId: string): Promise<void> {
  await deleteSessionsOfUser(tx, userId);
  const own = tx.select({ id: eventRegistrations.id }).from(eventRegistrations).where(eq(eventRegistrations.userId, userId));
  await tx
    .update(participantMailRecipients)
    .set({
      name: "",
      // The address is unique per mailing: a placeholder that names no one keeps the rows apart.
      email: sql`'deleted:' || ${participantMailRecipients.id}::text`,
      status: sql`CASE WHEN ${participantMailRecipients.status} = 'PENDING' THEN 'FAILED' ELSE ${participantMailRecipients.status} END`,
      lastError: sql`CASE WHEN ${participantMailRecipients.status} = 'PENDING' THEN 'ACCOUNT_DELETED' ELSE ${participantMailRecipients.lastError} END`,
    })
    .where(inArray(participantMailRecipients.registrationId, own));
  // The user_id goes by its foreign key (SET NULL) with the user row below.
  await tx.update(eventRegistrations).set({ answers: {} }).where(eq(eventRegistrations.userId, userId));
  await tx.delete(users).where(eq(users.id, userId));
}
