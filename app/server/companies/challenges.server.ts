import { and, asc, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ChallengeFilter, ChallengeOutcome } from "~/schemas/approvals";
import type { ChallengeInput } from "~/schemas/company";
import { absoluteUrl } from "~/server/accounts/links.server";
import type { Db } from "~/server/db/client.server";
import { withTransaction } from "~/server/db/client.server";
import { companies, companyChallenges, users } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { hitUserLimit } from "~/server/limits.server";
import { mailUser } from "~/server/mail/notify.server";
import { adminPolicy, companyPolicy } from "~/server/policy/company-policy";
import { type Actor, authorize } from "~/server/policy/policy";
import { ensure, loadRelation } from "./membership.server";
import { companyNotDeleted } from "~/server/companies/deleted";

/**
 * Challenges: error reports on a company profile (spec §3, §4). Any signed-in user who can
 * see a profile reports; an admin closes the report as COMPANY_UPDATED (profile fixed) or
 * NO_UPDATES (rejected), once; the author is told by e-mail.
 */

export async function fileChallenge(db: Db, actor: Actor, companyId: string, input: ChallengeInput): Promise<string> {
  if (!actor) throw new AppError("UNAUTHENTICATED");
  const relation = await loadRelation(db, actor, companyId);
  ensure(companyPolicy.canFileChallenge(actor, relation), companyPolicy.canView(actor, relation));
  return withTransaction(db, async (tx) => {
    await hitUserLimit(tx, actor, "challenge");
    const [row] = await tx
      .insert(companyChallenges)
      .values({ companyId, authorId: actor.id, reasons: [...new Set(input.reasons)], description: input.description })
      .returning({ id: companyChallenges.id });
    return row!.id;
  });
}

const author = alias(users, "author");
const handler = alias(users, "handler");

/**
 * The admins' list: pending reports oldest first (a work queue); in the other views pending ones
 * still come first, then the most recently handled.
 */
export async function listChallenges(db: Db, actor: Actor, filter: ChallengeFilter = "PENDING") {
  authorize(actor, adminPolicy.canHandleChallenges(actor));
  const order =
    filter === "PENDING"
      ? [asc(companyChallenges.createdAt)]
      : [desc(sql`${companyChallenges.status} = 'PENDING'`), desc(companyChallenges.handledAt), desc(companyChallenges.createdAt)];
  return db
    .select({
      id: companyChallenges.id,
      reasons: companyChallenges.reasons,
      description: companyChallenges.description,
      status: companyChallenges.status,
      createdAt: companyChallenges.createdAt,
      handledAt: companyChallenges.handledAt,
      companyId: companies.id,
      companyName: companies.name,
      authorName: author.name,
      authorEmail: author.email,
      handlerName: handler.name,
    })
    .from(companyChallenges)
    .innerJoin(companies, eq(companies.id, companyChallenges.companyId))
    .leftJoin(author, eq(author.id, companyChallenges.authorId))
    .leftJoin(handler, eq(handler.id, companyChallenges.handledBy))
    .where(and(companyNotDeleted(), filter === "ALL" ? undefined : eq(companyChallenges.status, filter)))
    .orderBy(...order);
}

/** Closes a pending report for good (spec §4: once handled it cannot be changed). */
export async function handleChallenge(db: Db, actor: Actor, challengeId: string, outcome: ChallengeOutcome): Promise<void> {
  authorize(actor, adminPolicy.canHandleChallenges(actor));
  const handled = await withTransaction(db, async (tx) => {
    const [row] = await tx
      .update(companyChallenges)
      .set({ status: outcome, handledBy: actor.id, handledAt: new Date() })
      .where(and(eq(companyChallenges.id, challengeId), eq(companyChallenges.status, "PENDING")))
      .returning({ authorId: companyChallenges.authorId, companyId: companyChallenges.companyId });
    if (!row) {
      const [existing] = await tx.select({ id: companyChallenges.id }).from(companyChallenges).where(eq(companyChallenges.id, challengeId));
      throw new AppError(existing ? "ALREADY_HANDLED" : "NOT_FOUND");
    }
    const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, row.companyId));
    return { ...row, companyName: company?.name ?? "" };
  });
  const values = { company: handled.companyName };
  await mailUser(db, handled.authorId, (locale) => ({
    subject: "mail.challengeHandled.subject",
    paragraphs: [{ key: outcome === "COMPANY_UPDATED" ? "mail.challengeHandled.updated" : "mail.challengeHandled.noUpdates", values }],
    action: { label: "mail.challengeHandled.action", url: absoluteUrl("companyDetail", locale, undefined, { id: handled.companyId }) },
  }));
}
