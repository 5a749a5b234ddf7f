import { z } from "zod";
import type { Locale } from "~/i18n/locales";
import { plainText, singleLine } from "./text";

/**
 * The e-mail to participants (issue 11, spec §5): subject and message in German, Czech or both;
 * one complete language is enough (each recipient gets its own language, or the one written).
 * A language with only a subject or only a message is an error at the missing field; nothing
 * written at all is an error at the fields of the page's language. Shared by the page's live
 * validation and the server.
 */
export const MAIL_LIMITS = {
  subjectMax: 200,
  messageMax: 10_000,
  /** One attachment: PDF, images, office documents (decision 021). */
  attachmentMaxBytes: 10 * 1024 * 1024,
} as const;

export const MAIL_ATTACHMENT_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
};
export const MAIL_ATTACHMENT_ACCEPT = Object.keys(MAIL_ATTACHMENT_TYPES)
  .map((e) => `.${e}`)
  .join(",");

/** Subjects are single-line (they become a mail header; decision 030), messages multi-line. */
const optionalText = (max: number, lines: "single" | "multi") =>
  (lines === "single" ? singleLine() : plainText())
    .optional()
    .transform((v) => v?.trim() ?? "")
    .pipe(z.string().max(max, { message: "TEXT_TOO_LONG" }));

export interface MailTexts {
  subjectDe: string;
  messageDe: string;
  subjectCs: string;
  messageCs: string;
}

export function participantMailSchema(locale: Locale) {
  return z
    .object({
      subjectDe: optionalText(MAIL_LIMITS.subjectMax, "single"),
      messageDe: optionalText(MAIL_LIMITS.messageMax, "multi"),
      subjectCs: optionalText(MAIL_LIMITS.subjectMax, "single"),
      messageCs: optionalText(MAIL_LIMITS.messageMax, "multi"),
    })
    .superRefine((v, ctx) => {
      const de = { subject: v.subjectDe !== "", message: v.messageDe !== "" };
      const cs = { subject: v.subjectCs !== "", message: v.messageCs !== "" };
      const missing = (lang: "De" | "Cs", has: { subject: boolean; message: boolean }) => {
        if (!has.subject) ctx.addIssue({ code: "custom", path: [`subject${lang}`], message: "MAIL_SUBJECT_REQUIRED" });
        if (!has.message) ctx.addIssue({ code: "custom", path: [`message${lang}`], message: "MAIL_MESSAGE_REQUIRED" });
      };
      const started = (has: { subject: boolean; message: boolean }) => has.subject || has.message;
      if (!started(de) && !started(cs)) {
        missing(locale === "cs" ? "Cs" : "De", de);
        return;
      }
      if (started(de)) missing("De", de);
      if (started(cs)) missing("Cs", cs);
    });
}

export type ParticipantMailInput = z.output<ReturnType<typeof participantMailSchema>>;

/** The text a recipient gets: its own language when written, otherwise the one that was. */
export function textFor(locale: Locale, texts: { subjectDe: string | null; bodyDe: string | null; subjectCs: string | null; bodyCs: string | null }) {
  const de = texts.subjectDe && texts.bodyDe ? { locale: "de" as const, subject: texts.subjectDe, body: texts.bodyDe } : null;
  const cs = texts.subjectCs && texts.bodyCs ? { locale: "cs" as const, subject: texts.subjectCs, body: texts.bodyCs } : null;
  const chosen = locale === "cs" ? (cs ?? de) : (de ?? cs);
  if (!chosen) throw new Error("mailing without text");
  return chosen;
}

/** A recipient's delivery state (the recipient table's status; decision 021). */
export type MailRecipientStatus = "PENDING" | "SENDING" | "SENT" | "FAILED";
export type MailingCounts = Record<MailRecipientStatus, number> & { total: number };

/** What the page gets back from a failed send (the shape of handleAction's failures). */
export interface MailActionFailure {
  ok: false;
  error?: string;
  details?: Record<string, string | number> | undefined;
  fieldErrors?: Record<string, string | { code: string; values?: Record<string, string | number> | undefined }> | undefined;
}
