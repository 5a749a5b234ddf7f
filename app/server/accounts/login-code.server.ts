import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { Locale } from "~/i18n/locales";
import { recordAudit } from "~/server/audit.server";
import { createSession, type SessionUser } from "~/server/auth/sessions.server";
import { config } from "~/server/config.server";
import { hmac, randomNumericCode, safeEqualHex } from "~/server/crypto.server";
import { type Db, withTransaction } from "~/server/db/client.server";
import { loginCodes, users } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { sendMail } from "~/server/mail/mailer.server";
import { renderMail } from "~/server/mail/templates.server";
import { forgetHit, hitRateLimit, lockRateLimitKey, secondsSinceLastHit } from "~/server/rate-limit.server";
import { absoluteUrl } from "./links.server";
import { sendVerificationMail } from "./signup.server";

export interface LoginRequest {
  email: string;
  ip: string;
  locale: Locale;
}

function codeHash(codeId: string, code: string): string {
  return hmac(config.sessionSecret, `${codeId}:${code}`);
}

/**
 * Step 1 of the e-mail login. Always answers the same way, whether or not the address has an
 * account (no enumeration); what the mailbox receives differs: a code for an active, verified
 * account; a fresh verification link for an unverified one; a notice for a deactivated one; a
 * sign-up invitation for an unknown address. A new request for the same address is refused
 * for LOGIN_CODE_RESEND_SECONDS (spec: 2 minutes), and requests are rate-limited per address and IP.
 */
export async function requestLoginCode(db: Db, req: LoginRequest, now = new Date()): Promise<{ resendAfterSeconds: number }> {
  const emailKey = `login-email:${req.email}`;
  // The resend pause and both limits are checked and counted as one step per address: holding the
  // address's lock, 20 simultaneous requests see each other's hits and only the first passes
  // (unlocked, several passed and each left a live code, multiplying the guesses).
  await withTransaction(db, async (tx) => {
    await lockRateLimitKey(tx, emailKey);
    const since = await secondsSinceLastHit(tx, emailKey, now);
    if (since !== null && since < config.login.resendSeconds) {
      throw new AppError("CODE_RESEND_TOO_EARLY", { seconds: config.login.resendSeconds - since });
    }
    await hitRateLimit(tx, `login-ip:${req.ip}`, config.login.perIpPerHour, now);
    await hitRateLimit(tx, emailKey, config.login.perEmailPerHour, now);
  });
  try {
    await mailLoginStep(db, req, now);
  } catch (error) {
    // Nothing reached the mailbox: the request must not start the resend wait nor count
    // against the address's hourly limit, and a code nobody received must not stay valid.
    if (error instanceof AppError && error.code === "MAIL_SEND_FAILED") await forgetHit(db, emailKey, now);
    throw error;
  }
  return { resendAfterSeconds: config.login.resendSeconds };
}

/** What the mailbox receives for a login request (see requestLoginCode). */
async function mailLoginStep(db: Db, req: LoginRequest, now: Date): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.email, req.email));
  if (!user) {
    await sendMail(
      renderMail(req.email, req.locale, {
        subject: "mail.noAccount.subject",
        paragraphs: [{ key: "mail.noAccount.body" }],
        action: { label: "mail.noAccount.action", url: absoluteUrl("signup", req.locale) },
      }),
    );
  } else if (!user.active) {
    await sendMail(
      renderMail(user.email, user.locale, {
        subject: "mail.inactive.subject",
        paragraphs: [{ key: "mail.inactive.body" }],
      }),
    );
  } else if (!user.verified) {
    await sendVerificationMail(db, user.id, user.email, user.locale, now);
  } else {
    const code = randomNumericCode();
    await withTransaction(db, async (tx) => {
      // Only the newest code is valid. The user's row lock makes "retire the old codes, store the
      // new one" atomic, so concurrent requests cannot leave two live codes.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
      await tx
        .update(loginCodes)
        .set({ consumedAt: now })
        .where(and(eq(loginCodes.userId, user.id), isNull(loginCodes.consumedAt)));
      const [row] = await tx
        .insert(loginCodes)
        .values({
          userId: user.id,
          codeHash: "pending",
          expiresAt: new Date(now.getTime() + config.login.codeTtlMinutes * 60_000),
          createdAt: now,
        })
        .returning({ id: loginCodes.id });
      await tx.update(loginCodes).set({ codeHash: codeHash(row!.id, code) }).where(eq(loginCodes.id, row!.id));
    });
    try {
      await sendMail(
        renderMail(user.email, req.locale, {
          subject: "mail.loginCode.subject",
          paragraphs: [{ key: "mail.loginCode.body", values: { minutes: config.login.codeTtlMinutes } }],
          highlight: code,
        }),
      );
    } catch (error) {
      await db.update(loginCodes).set({ consumedAt: now }).where(and(eq(loginCodes.userId, user.id), isNull(loginCodes.consumedAt)));
      throw error;
    }
  }
}

/**
 * Step 2: checks the code. Wrong codes count against the code's attempts; after the last
 * allowed attempt the code is dead and a new one must be requested. Success consumes the code,
 * opens a session and writes LOGIN to the audit trail.
 */
export async function verifyLoginCode(
  db: Db,
  input: { email: string; code: string; ip: string },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date; user: SessionUser }> {
  await hitRateLimit(db, `login-verify-ip:${input.ip}`, config.login.perIpPerHour * config.login.maxAttempts, now);
  const [user] = await db.select().from(users).where(eq(users.email, input.email));
  if (!user || !user.verified) throw new AppError("CODE_INVALID");
  if (!user.active) throw new AppError("ACCOUNT_INACTIVE");

  const [code] = await db
    .select()
    .from(loginCodes)
    .where(and(eq(loginCodes.userId, user.id), isNull(loginCodes.consumedAt)))
    .orderBy(desc(loginCodes.createdAt))
    .limit(1);
  if (!code) {
    // A guess that arrives just after the last allowed one killed the code hears why it is dead.
    const [latest] = await db
      .select({ attempts: loginCodes.attempts })
      .from(loginCodes)
      .where(eq(loginCodes.userId, user.id))
      .orderBy(desc(loginCodes.createdAt))
      .limit(1);
    throw new AppError(latest && latest.attempts >= config.login.maxAttempts ? "CODE_ATTEMPTS_EXCEEDED" : "CODE_INVALID");
  }
  if (code.expiresAt <= now) throw new AppError("CODE_EXPIRED");
  if (code.attempts >= config.login.maxAttempts) throw new AppError("CODE_ATTEMPTS_EXCEEDED");

  // Every guess takes one attempt *before* it is checked, in one atomic UPDATE that only succeeds
  // while attempts remain: of 30 simultaneous guesses exactly maxAttempts are evaluated (reading
  // the count first let 10 through).
  const max = config.login.maxAttempts;
  const [taken] = await db
    .update(loginCodes)
    .set({ attempts: sql`${loginCodes.attempts} + 1` })
    .where(and(eq(loginCodes.id, code.id), isNull(loginCodes.consumedAt), lt(loginCodes.attempts, max)))
    .returning({ attempts: loginCodes.attempts });
  if (!taken) {
    const [current] = await db.select({ attempts: loginCodes.attempts }).from(loginCodes).where(eq(loginCodes.id, code.id));
    throw new AppError((current?.attempts ?? max) >= max ? "CODE_ATTEMPTS_EXCEEDED" : "CODE_INVALID");
  }

  if (!safeEqualHex(code.codeHash, codeHash(code.id, input.code))) {
    if (taken.attempts >= max) {
      await db.update(loginCodes).set({ consumedAt: now }).where(and(eq(loginCodes.id, code.id), isNull(loginCodes.consumedAt)));
      throw new AppError("CODE_ATTEMPTS_EXCEEDED");
    }
    throw new AppError("CODE_INVALID");
  }

  const consumed = await db
    .update(loginCodes)
    .set({ consumedAt: now })
    .where(and(eq(loginCodes.id, code.id), isNull(loginCodes.consumedAt)))
    .returning({ id: loginCodes.id });
  // Two concurrent submissions of the same code: only one wins.
  if (consumed.length === 0) throw new AppError("CODE_INVALID");

  const session = await createSession(db, user.id, now);
  await recordAudit(db, "LOGIN", user.id, { method: "email-code" });
  return {
    ...session,
    user: { id: user.id, email: user.email, name: user.name, role: user.role, verified: user.verified, locale: user.locale },
  };
}
