import { listOutbox, type StoredMail } from "~/server/mail/mailer.server";

/** The newest mail to `to` (optionally with a subject containing `subject`), read from the real outbox. */
export async function lastMailTo(to: string, subject?: string): Promise<StoredMail | undefined> {
  const mails = await listOutbox(1000);
  return mails.find((m) => m.to === to && (!subject || m.subject.includes(subject)));
}

export async function mailsTo(to: string): Promise<StoredMail[]> {
  return (await listOutbox(1000)).filter((m) => m.to === to);
}

export function extractCode(mail: StoredMail): string {
  const match = mail.text.match(/^\s*(\d{6})\s*$/m);
  if (!match?.[1]) throw new Error(`no code in mail: ${mail.text}`);
  return match[1];
}

export function extractLink(mail: StoredMail): URL {
  const match = mail.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in mail: ${mail.text}`);
  return new URL(match[0]);
}
