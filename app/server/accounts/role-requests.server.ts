import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { RoleDecision } from "~/schemas/approvals";
import { absoluteUrl } from "~/server/accounts/links.server";
import { memberCompanies } from "~/server/companies/membership.server";
import type { Db } from "~/server/db/client.server";
import { withTransaction } from "~/server/db/client.server";
import { userRoleRequests, users } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { hitUserLimit } from "~/server/limits.server";
import { mailUser } from "~/server/mail/notify.server";
import { adminPolicy } from "~/server/policy/company-policy";
import { accountPolicy, type Actor, authorize } from "~/server/policy/policy";

/**
 * Role requests (spec §4, §6): an Organisation user with a linked company asks for the
 * Multiplikator role; an admin approves (the role changes at once, sessions read it per
 * request) or rejects; the user is told by e-mail.
 */

/** What the account page shows about the role request, with what the user may do. */
export async function getRoleRequestState(db: Db, actor: Actor) {
  authorize(actor, !!actor);
  const [[latest], companies] = await Promise.all([
    db
      .select({ status: userRoleRequests.status, createdAt: userRoleRequests.createdAt, decidedAt: userRoleRequests.decidedAt })
      .from(userRoleRequests)
      .where(eq(userRoleRequests.userId, actor.id))
      .orderBy(desc(userRoleRequests.createdAt))
      .limit(1),
    memberCompanies(db, actor.id),
  ]);
  const pending = latest?.status === "REQUESTED";
  return {
    role: actor.role,
    pendingSince: pending ? latest.createdAt : null,
    lastDecision: latest && !pending ? { status: latest.status, decidedAt: latest.decidedAt } : null,
    hasCompany: companies.length > 0,
    can: { request: accountPolicy.canRequestRole(actor) && !pending && companies.length > 0 },
  };
}
export type RoleRequestState = Awaited<ReturnType<typeof getRoleRequestState>>;

export async function requestMultiplikatorRole(db: Db, actor: Actor): Promise<string> {
  authorize(actor, accountPolicy.canRequestRole(actor));
  return withTransaction(db, async (tx) => {
    // Locking the user's row serialises two clicks at once, so only one request is stored.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for("update");
    const [open] = await tx
      .select({ id: userRoleRequests.id })
      .from(userRoleRequests)
      .where(and(eq(userRoleRequests.userId, actor.id), eq(userRoleRequests.status, "REQUESTED")));
    if (open) throw new AppError("ROLE_REQUEST_EXISTS");
    if ((await memberCompanies(tx, actor.id)).length === 0) throw new AppError("ROLE_REQUEST_NEEDS_COMPANY");
    await hitUserLimit(tx, actor, "roleRequest");
    const [row] = await tx.insert(userRoleRequests).values({ userId: actor.id, requestedRole: "Multiplikator" }).returning({ id: userRoleRequests.id });
    return row!.id;
  });
}

/** Open requests, oldest first, with the names of the requesters' linked companies. */
export async function listPendingRoleRequests(db: Db, actor: Actor) {
  authorize(actor, adminPolicy.canDecideRoleRequests(actor));
  return db
    .select({
      id: userRoleRequests.id,
      requestedRole: userRoleRequests.requestedRole,
      createdAt: userRoleRequests.createdAt,
      userId: users.id,
      userName: users.name,
      userEmail: users.email,
      userRole: users.role,
      companies: sql<string[]>`coalesce((
        select json_agg(c.name order by c.name) from company_user_links l join companies c on c.id = l.company_id
        where l.user_id = ${users.id} and l.status = 'CONFIRMED'), '[]'::json)`,
    })
    .from(userRoleRequests)
    .innerJoin(users, eq(users.id, userRoleRequests.userId))
    .where(eq(userRoleRequests.status, "REQUESTED"))
    .orderBy(asc(userRoleRequests.createdAt));
}

/** Decides an open request once; approval never demotes (an admin stays admin). */
export async function decideRoleRequest(db: Db, actor: Actor, requestId: string, decision: RoleDecision): Promise<void> {
  authorize(actor, adminPolicy.canDecideRoleRequests(actor));
  const userId = await withTransaction(db, async (tx) => {
    const [row] = await tx
      .update(userRoleRequests)
      .set({ status: decision, decidedBy: actor.id, decidedAt: new Date() })
      .where(and(eq(userRoleRequests.id, requestId), eq(userRoleRequests.status, "REQUESTED")))
      .returning({ userId: userRoleRequests.userId, role: userRoleRequests.requestedRole });
    if (!row) {
      const [existing] = await tx.select({ id: userRoleRequests.id }).from(userRoleRequests).where(eq(userRoleRequests.id, requestId));
      throw new AppError(existing ? "ALREADY_HANDLED" : "NOT_FOUND");
    }
    if (decision === "APPROVED") {
      await tx
        .update(users)
        .set({ role: row.role, updatedAt: new Date() })
        .where(and(eq(users.id, row.userId), eq(users.role, "Organisation")));
    }
    return row.userId;
  });
  await mailUser(db, userId, (locale) =>
    decision === "APPROVED"
      ? {
          subject: "mail.roleApproved.subject",
          paragraphs: [{ key: "mail.roleApproved.body" }],
          action: { label: "mail.roleApproved.action", url: absoluteUrl("admin", locale) },
        }
      : { subject: "mail.roleRejected.subject", paragraphs: [{ key: "mail.roleRejected.body" }] },
  );
}
