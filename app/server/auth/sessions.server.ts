import { and, eq, lt } from "drizzle-orm";
import { config } from "~/server/config.server";
import { randomToken, sha256 } from "~/server/crypto.server";
import type { Db } from "~/server/db/client.server";
import { type Role, sessions, users } from "~/server/db/schema";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  verified: boolean;
  locale: "de" | "cs";
}

export type SessionLookup = { status: "none" } | { status: "expired" } | { status: "valid"; user: SessionUser };

/** Creates a server-side session; returns the secret for the cookie (only its hash is stored). */
export async function createSession(db: Db, userId: string, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + config.sessionTtlSeconds * 1000);
  await db.insert(sessions).values({ idHash: sha256(token), userId, expiresAt, createdAt: now });
  return { token, expiresAt };
}

/**
 * Validates a session on every request: it must exist, not be expired, and belong to an
 * active, verified account. Anything else counts as expired and the row is removed.
 */
export async function lookupSession(db: Db, token: string | undefined, now = new Date()): Promise<SessionLookup> {
  if (!token) return { status: "none" };
  const idHash = sha256(token);
  const [row] = await db
    .select({
      expiresAt: sessions.expiresAt,
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      verified: users.verified,
      active: users.active,
      locale: users.locale,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, idHash));
  if (!row || row.expiresAt <= now || !row.active || !row.verified) {
    if (row) await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return { status: "expired" };
  }
  const { id, email, name, role, verified, locale } = row;
  return { status: "valid", user: { id, email, name, role, verified, locale } };
}

export async function deleteSession(db: Db, token: string | undefined): Promise<void> {
  if (token) await db.delete(sessions).where(eq(sessions.idHash, sha256(token)));
}

export async function deleteSessionsOfUser(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function pruneExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db.delete(sessions).where(and(lt(sessions.expiresAt, now)));
}
