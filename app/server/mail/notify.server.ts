import { eq } from "drizzle-orm";
import type { Locale } from "~/i18n/locales";
import type { Db } from "~/server/db/client.server";
import { users } from "~/server/db/schema";
import { sendNotification } from "./mailer.server";
import { type MailContent, renderMail } from "./templates.server";

/**
 * Mails one user in their own language (decisions on their requests and reports). A user
 * deleted in the meantime simply gets nothing. Call it after the change is committed.
 */
export async function mailUser(db: Db, userId: string | null, content: (locale: Locale) => MailContent): Promise<void> {
  if (!userId) return;
  const [user] = await db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, userId));
  if (!user) return;
  await sendNotification(renderMail(user.email, user.locale, content(user.locale)));
}
