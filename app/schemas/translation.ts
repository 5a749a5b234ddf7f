import { z } from "zod";

/**
 * Machine translation requests from the editors (decision 041). Shared by the API route and the
 * translate button. What may be translated: a company's description, a new tag's label, an
 * event's or news item's title and description (HTML).
 */
export const TRANSLATION_KINDS = ["company", "tag", "event", "news"] as const;
export type TranslationKind = (typeof TRANSLATION_KINDS)[number];
export const TRANSLATION_FIELDS = ["description", "label", "title"] as const;
export type TranslationField = (typeof TRANSLATION_FIELDS)[number];
export const TRANSLATION_LANGUAGES = ["de", "cs"] as const;
export type TranslationLanguageCode = (typeof TRANSLATION_LANGUAGES)[number];

/** The longest text one request may carry (news HTML is the longest field: 50,000 characters). */
export const TRANSLATION_TEXT_MAX = 50_000;

const FIELDS_OF: Record<TranslationKind, readonly TranslationField[]> = {
  company: ["description"],
  tag: ["label"],
  event: ["title", "description"],
  news: ["title", "description"],
};

export function isFieldOf(kind: TranslationKind, field: TranslationField): boolean {
  return FIELDS_OF[kind].includes(field);
}

/** Event and news descriptions are the platform's sanitised HTML; everything else is plain text. */
export function formatOf(kind: TranslationKind, field: TranslationField): "text" | "html" {
  return (kind === "event" || kind === "news") && field === "description" ? "html" : "text";
}

export const TranslationRequestSchema = z
  .object({
    kind: z.enum(TRANSLATION_KINDS),
    /** The company, event or news item; empty on create pages (events, news) and for new tags. */
    subjectId: z.uuid().optional(),
    field: z.enum(TRANSLATION_FIELDS),
    from: z.enum(TRANSLATION_LANGUAGES),
    to: z.enum(TRANSLATION_LANGUAGES),
    text: z.string().trim().min(1, "FIELD_REQUIRED").max(TRANSLATION_TEXT_MAX, "TEXT_TOO_LONG"),
  })
  .refine((r) => r.from !== r.to, { path: ["to"], message: "INVALID_INPUT" })
  .refine((r) => isFieldOf(r.kind, r.field), { path: ["field"], message: "INVALID_INPUT" })
  .refine((r) => r.kind !== "company" || r.subjectId !== undefined, { path: ["subjectId"], message: "INVALID_INPUT" });
export type TranslationRequest = z.infer<typeof TranslationRequestSchema>;

export const TranslationJobRefSchema = z.object({ kind: z.enum(TRANSLATION_KINDS), id: z.uuid() });

/** What the editor's button polls. */
export interface TranslationJobView {
  id: string;
  kind: TranslationKind;
  status: "QUEUED" | "RUNNING" | "DONE" | "FAILED";
  result: string | null;
  /** FAILED: why the service gave up (translation.reason.<code>). */
  errorCode: string | null;
  attempts: number;
}
