import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "~/server/config.server";
import { randomToken } from "~/server/crypto.server";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface StoredMail extends OutgoingMail {
  id: string;
  from: string;
  createdAt: string;
}

let transport: Transporter | undefined;

/**
 * Sends through SMTP when SMTP_URL is set; otherwise writes the message to the outbox folder
 * (one JSON file a mail), which the dev page /dev/outbox and the tests read.
 */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  if (config.smtpUrl) {
    transport ??= nodemailer.createTransport(config.smtpUrl);
    await transport.sendMail({ from: config.mailFrom, ...mail });
    return;
  }
  await fs.mkdir(config.outboxDir, { recursive: true });
  const createdAt = new Date().toISOString();
  const id = `${createdAt.replace(/[:.]/g, "-")}-${randomToken(6)}`;
  const stored: StoredMail = { id, from: config.mailFrom, createdAt, ...mail };
  // Written to a temporary name and renamed, so readers never see a half-written mail.
  const target = path.join(config.outboxDir, `${id}.json`);
  await fs.writeFile(`${target}.tmp`, JSON.stringify(stored, null, 2));
  await fs.rename(`${target}.tmp`, target);
}

/** Newest first. Only meaningful without SMTP (development, tests). */
export async function listOutbox(limit = 100): Promise<StoredMail[]> {
  let names: string[];
  try {
    names = await fs.readdir(config.outboxDir);
  } catch {
    return [];
  }
  const files = names.filter((n) => n.endsWith(".json")).sort().reverse().slice(0, limit);
  const mails = await Promise.all(
    files.map(async (f) => JSON.parse(await fs.readFile(path.join(config.outboxDir, f), "utf8")) as StoredMail),
  );
  return mails;
}
