import type { Locale } from "~/i18n/locales";
import { type MessageKey, type MessageValues, translate } from "~/i18n/translate";
import type { OutgoingMail } from "./mailer.server";

export interface MailContent {
  subject: MessageKey;
  /** Paragraphs of the body, in order. */
  paragraphs: Array<{ key: MessageKey; values?: MessageValues }>;
  action?: { label: MessageKey; url: string };
  /** A prominent value such as a login code. */
  highlight?: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** Renders a mail in the recipient's language, as plain text and simple accessible HTML. */
export function renderMail(to: string, locale: Locale, content: MailContent): OutgoingMail {
  const subject = translate(locale, content.subject);
  const greeting = translate(locale, "mail.greeting");
  const signature = translate(locale, "mail.signature");
  const paragraphs = content.paragraphs.map((p) => translate(locale, p.key, p.values));
  const actionLabel = content.action ? translate(locale, content.action.label) : undefined;

  const text = [
    greeting,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(content.highlight ? [content.highlight, ""] : []),
    ...(content.action ? [`${actionLabel}: ${content.action.url}`, ""] : []),
    signature,
  ].join("\n");

  const html = `<!doctype html><html lang="${locale === "de" ? "de-DE" : "cs-CZ"}"><body style="font-family:Arial,sans-serif;color:#1a1a1a;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${content.highlight ? `<p style="font-size:28px;font-weight:bold;letter-spacing:4px">${escapeHtml(content.highlight)}</p>` : ""}
${content.action ? `<p><a href="${escapeHtml(content.action.url)}" style="background:#1c4f8c;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(actionLabel ?? "")}</a></p><p style="font-size:12px">${escapeHtml(content.action.url)}</p>` : ""}
<p>${escapeHtml(signature)}</p>
</body></html>`;
  return { to, subject, text, html };
}

/**
 * Someone's own plain text (an organiser's message to participants) in the product's mail
 * layout: a heading (the event), the text as written (escaped; blank lines make paragraphs, line
 * breaks stay), and a translated footer saying why the recipient gets it.
 */
export function renderTextMail(to: string, locale: Locale, content: { subject: string; heading: string; body: string; footer: MessageKey; footerValues?: MessageValues }): OutgoingMail {
  const footer = translate(locale, content.footer, content.footerValues);
  const body = content.body.replace(/\r\n?/g, "\n");
  const text = [content.heading, "", body, "", "--", footer].join("\n");
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`);
  const html = `<!doctype html><html lang="${locale === "de" ? "de-DE" : "cs-CZ"}"><body style="font-family:Arial,sans-serif;color:#1a1a1a;line-height:1.5">
<h1 style="font-size:20px;color:#1c4f8c">${escapeHtml(content.heading)}</h1>
${paragraphs.join("\n")}
<hr style="border:none;border-top:1px solid #ccc">
<p style="font-size:12px;color:#555">${escapeHtml(footer)}</p>
</body></html>`;
  return { to, subject: content.subject, text, html };
}
