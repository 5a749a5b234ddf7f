import { eq } from "drizzle-orm";
import type { Locale } from "~/i18n/locales";
import type { SignupInput } from "~/schemas/account";
import type { Db } from "~/server/db/client.server";
import { users } from "~/server/db/schema";
import { sendMail } from "~/server/mail/mailer.server";
import { renderMail } from "~/server/mail/templates.server";
import { absoluteUrl } from "./links.server";
import { issueVerificationToken } from "./verification.server";

/**
 * Registers an account in state "unverified" and mails a verification link in the user's
 * language. For an e-mail that already has an account, the owner gets a notice instead and
 * the caller sees the same outcome, so sign-up never reveals whether an address exists.
 */
export async function signUp(db: Db, input: SignupInput, locale: Locale, now = new Date()): Promise<void> {
  const [existing] = await db.select().from(users).where(eq(users.email, input.email));
  if (existing) {
    if (!existing.verified) {
      await sendVerificationMail(db, existing.id, existing.email, existing.locale, now);
    } else {
      await sendMail(
        renderMail(existing.email, existing.locale, {
          subject: "mail.alreadyRegistered.subject",
          paragraphs: [{ key: "mail.alreadyRegistered.body" }],
          action: { label: "mail.alreadyRegistered.action", url: absoluteUrl("login", existing.locale) },
        }),
      );
    }
    return;
  }
  const [user] = await db
    .insert(users)
    .values({ email: input.email, name: input.name, locale, termsAcceptedAt: now, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  // A concurrent sign-up with the same address won the race: behave as for an existing one.
  if (!user) return;
  await sendVerificationMail(db, user.id, user.email, locale, now);
}

export async function sendVerificationMail(db: Db, userId: string, email: string, locale: Locale, now: Date): Promise<void> {
  const token = await issueVerificationToken(db, userId, now);
  await sendMail(
    renderMail(email, locale, {
      subject: "mail.verify.subject",
      paragraphs: [{ key: "mail.verify.body" }],
      action: { label: "mail.verify.action", url: absoluteUrl("verify", locale, { token }) },
    }),
  );
}
