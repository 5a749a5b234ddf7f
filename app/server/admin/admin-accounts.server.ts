import { eq } from "drizzle-orm";
import { EmailSchema, NameSchema } from "~/schemas/account";
import type { Db } from "~/server/db/client.server";
import { users } from "~/server/db/schema";

/**
 * Operator command (no acting user: it runs on the server's shell): creates an active, verified
 * Admin account, or promotes and reactivates an existing account with that e-mail.
 */
export async function createOrPromoteAdmin(db: Db, rawEmail: string, rawName?: string): Promise<"created" | "promoted"> {
  const email = EmailSchema.parse(rawEmail);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) {
    await db.update(users).set({ role: "Admin", verified: true, active: true, updatedAt: new Date() }).where(eq(users.id, existing.id));
    return "promoted";
  }
  const name = NameSchema.parse(rawName ?? email.split("@")[0]);
  await db.insert(users).values({ email, name, role: "Admin", verified: true, active: true, termsAcceptedAt: new Date() });
  return "created";
}
