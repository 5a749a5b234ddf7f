import { eq } from "drizzle-orm";
import { config } from "~/server/config.server";
import { randomToken, sha256 } from "~/server/crypto.server";
import type { Db } from "~/server/db/client.server";
import { users, verificationTokens } from "~/server/db/schema";
import { AppError } from "~/server/errors";

export async function issueVerificationToken(db: Db, userId: string, now: Date): Promise<string> {
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + config.verificationTtlHours * 3600 * 1000);
  await db.insert(verificationTokens).values({ tokenHash: sha256(token), userId, expiresAt, createdAt: now });
  return token;
}

/**
 * Confirms a registration. Unknown tokens → VERIFICATION_TOKEN_NOT_FOUND; expired ones →
 * VERIFICATION_TOKEN_EXPIRED (signing in with the address mails a fresh link).
 * Returns the account, which the page then signs in: the link proved the address (decision 014).
 */
export async function verifyRegistration(db: Db, token: string, now = new Date()): Promise<{ userId: string; email: string }> {
  const tokenHash = sha256(token);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(verificationTokens).where(eq(verificationTokens.tokenHash, tokenHash));
    if (!row) throw new AppError("VERIFICATION_TOKEN_NOT_FOUND");
    if (row.expiresAt <= now) throw new AppError("VERIFICATION_TOKEN_EXPIRED");
    const [user] = await tx
      .update(users)
      .set({ verified: true, updatedAt: now })
      .where(eq(users.id, row.userId))
      .returning({ id: users.id, email: users.email });
    await tx.delete(verificationTokens).where(eq(verificationTokens.userId, row.userId));
    if (!user) throw new AppError("VERIFICATION_TOKEN_NOT_FOUND");
    return { userId: user.id, email: user.email };
  });
}
