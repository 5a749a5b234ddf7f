import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "~/server/config.server";
import { randomToken } from "~/server/crypto.server";
import { AppError } from "~/server/errors";
import { countMail } from "~/server/metrics/metrics.server";
import { logger } from "~/server/logger.server";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Text attachments (the .ics of an event registration) are stored as they are in the outbox;
   * binary ones (a Buffer: a participant mail's PDF) as base64 with `encoding: "base64"`.
   */
  attachments?: Array<{ filename: string; contentType: string; content: string | Buffer; encoding?: "base64" }>;
  /** A stable Message-ID (`<…@…>`): a mail sent twice after a crash is the same message to clients. */
  messageId?: string;
  /** nodemailer's List-* headers, e.g. `{ unsubscribe: { url, comment } }` → List-Unsubscribe (decision 061). */
  list?: { unsubscribe: { url: string; comment: string } };
  /** Further headers as they are (List-Unsubscribe-Post for RFC 8058 one-click). */
  headers?: Record<string, string>;
}

export interface StoredMail extends Omit<OutgoingMail, "attachments"> {
  id: string;
  from: string;
  createdAt: string;
  attachments?: Array<{ filename: string; contentType: string; content: string; encoding?: "base64" }>;
}

let transport: Transporter | undefined;

/** SMTP timeouts as URL options (nodemailer reads numeric query parameters), unless the URL sets them. */
function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, ms] of [["connectionTimeout", 10_000], ["greetingTimeout", 10_000], ["socketTimeout", 20_000]] as const) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  }
  return url.toString();
}

/**
 * Sends through SMTP when SMTP_URL is set; otherwise writes the message to the outbox folder
 * (one JSON file a mail), which the dev page /dev/outbox and the tests read.
 */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  try {
    await deliverMail(mail);
  } catch (error) {
    if (!config.smtpUrl) throw error;
    // The user is told in their language that the mail did not go out (never the SMTP text).
    // Never the address (decision 049): the line says that a mail failed and why.
    logger.error({ err: error }, "Mail not sent");
    throw new AppError("MAIL_SEND_FAILED");
  }
}

/**
 * sendMail without the translation of failures: SMTP errors reach the caller as nodemailer raised
 * them (with `responseCode`, `code`), for the mail queue to tell a refusal from a lost connection.
 */
export async function deliverMail(mail: OutgoingMail): Promise<void> {
  const via = config.smtpUrl ? "smtp" : "outbox";
  try {
    await deliverMailBy(mail);
  } catch (error) {
    countMail(via, "failed");
    throw error;
  }
  countMail(via, "sent");
}

// The series exist from the start (0), so a dashboard shows "no mails" rather than "no data".
countMail(config.smtpUrl ? "smtp" : "outbox", "sent", 0);
countMail(config.smtpUrl ? "smtp" : "outbox", "failed", 0);

async function deliverMailBy(mail: OutgoingMail): Promise<void> {
  if (config.smtpUrl) {
    // Bounded: a mail server that accepts but stalls must not hold the request for minutes.
    transport ??= nodemailer.createTransport(withTimeouts(config.smtpUrl));
    await transport.sendMail({ from: config.mailFrom, ...mail });
    return;
  }
  await fs.mkdir(config.outboxDir, { recursive: true });
  const createdAt = new Date().toISOString();
  const id = `${createdAt.replace(/[:.]/g, "-")}-${randomToken(6)}`;
  const { attachments, ...rest } = mail;
  const stored: StoredMail = {
    id,
    from: config.mailFrom,
    createdAt,
    ...rest,
    ...(attachments
      ? {
          attachments: attachments.map((a) =>
            typeof a.content === "string" ? { ...a, content: a.content } : { filename: a.filename, contentType: a.contentType, content: a.content.toString("base64"), encoding: "base64" as const },
          ),
        }
      : {}),
  };
  // Written to a temporary name and renamed, so readers never see a half-written mail.
  const target = path.join(config.outboxDir, `${id}.json`);
  await fs.writeFile(`${target}.tmp`, JSON.stringify(stored, null, 2));
  await fs.rename(`${target}.tmp`, target);
}

/**
 * For notices about something already done and committed (an approval, a decision): a mail
 * server failure is logged and must not turn the finished action into an error for the actor.
 */
export async function sendNotification(mail: OutgoingMail): Promise<void> {
  try {
    await sendMail(mail);
  } catch (error) {
    if (!(error instanceof AppError && error.code === "MAIL_SEND_FAILED")) throw error;
  }
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
