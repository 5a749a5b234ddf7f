import { and, eq } from "drizzle-orm";
import type { Locale } from "~/i18n/locales";
import type { CompanyStatus } from "~/schemas/enums";
import { absoluteUrl } from "~/server/accounts/links.server";
import type { Db } from "~/server/db/client.server";
import { withTransaction } from "~/server/db/client.server";
import { companies, companyUserLinks, users } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { sendNotification } from "~/server/mail/mailer.server";
import { renderMail } from "~/server/mail/templates.server";
import { companyPolicy } from "~/server/policy/company-policy";
import { type Actor, authorize } from "~/server/policy/policy";
import { recordCompanyUpdate } from "./audit-company.server";

/**
 * Moves a company from one of `from` to `to`, once: the row is locked before its status is read,
 * so when two admins approve at the same moment the second waits, then sees VERIFIED and gets
 * ALREADY_HANDLED (its members get one approval e-mail, not two). The UPDATE repeats the expected
 * status as its condition, so it can never overwrite a decision it did not see.
 */
async function setStatus(db: Db, actor: Actor, companyId: string, from: ReadonlyArray<CompanyStatus>, to: "VERIFIED" | "DEACTIVATED") {
  authorize(actor, companyPolicy.canModerate(actor));
  return withTransaction(db, async (tx) => {
    const [company] = await tx
      .select({ status: companies.status, name: companies.name })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for("no key update");
    if (!company) throw new AppError("NOT_FOUND");
    if (!from.includes(company.status)) throw new AppError("ALREADY_HANDLED");
    const [changed] = await tx
      .update(companies)
      .set({ status: to, ...(to === "VERIFIED" ? { verifiedAt: new Date() } : {}) })
      .where(and(eq(companies.id, companyId), eq(companies.status, company.status)))
      .returning({ id: companies.id });
    if (!changed) throw new AppError("ALREADY_HANDLED");
    await recordCompanyUpdate(tx, actor, companyId, to === "VERIFIED" ? "verified" : "deactivated");
    return { previous: company.status, name: company.name };
  });
}

/** Members of a company with their language, for notifications. */
async function memberRecipients(db: Db, companyId: string): Promise<Array<{ email: string; locale: Locale }>> {
  return db
    .select({ email: users.email, locale: users.locale })
    .from(companyUserLinks)
    .innerJoin(users, eq(users.id, companyUserLinks.userId))
    .where(and(eq(companyUserLinks.companyId, companyId), eq(companyUserLinks.status, "CONFIRMED")));
}

/**
 * Verifies a profile: approval of a pending one (its members get the confirmation e-mail of
 * decision 006), or reactivation of a deactivated one.
 */
export async function verifyCompany(db: Db, actor: Actor, companyId: string): Promise<void> {
  const { previous, name } = await setStatus(db, actor, companyId, ["PENDING", "DEACTIVATED"], "VERIFIED");
  if (previous !== "PENDING") return;
  for (const member of await memberRecipients(db, companyId)) {
    await sendNotification(
      renderMail(member.email, member.locale, {
        subject: "mail.companyApproved.subject",
        paragraphs: [{ key: "mail.companyApproved.body", values: { company: name } }],
        action: { label: "mail.companyApproved.action", url: absoluteUrl("companyDetail", member.locale, undefined, { id: companyId }) },
      }),
    );
  }
}

/** Hides a profile (also revokes an earlier approval); verifying it again publishes it. */
export async function deactivateCompany(db: Db, actor: Actor, companyId: string): Promise<void> {
  await setStatus(db, actor, companyId, ["PENDING", "VERIFIED"], "DEACTIVATED");
}

// Deleting a profile: deletion.server.ts (soft delete, restore; decision 026).
