import { z } from "zod";
import { flag, instant, textOfHtml } from "./event";
import { hasVisibleText, plainText, requiredLine, singleLine } from "./text";

/**
 * The news create/edit form (spec §3 News, §5 News: date, title, description and image
 * required; image ≤ 4 MB), shared by the form's live check and the server's parse of the
 * multipart body. Text is rich-text HTML that the server sanitises again (rich-text.server.ts).
 */
export const NEWS_LIMITS = {
  title: 200,
  /** Visible text of a news text. */
  descriptionText: 10_000,
  /** The HTML carrying it (markup included). */
  descriptionHtml: 50_000,
  imageMaxBytes: 4 * 1024 * 1024,
  /** The public list's page size (spec §9: default list page size 30). */
  pageSize: 30,
  /** The admin list's page size. */
  adminPageSize: 30,
  /** Search term length. */
  query: 200,
} as const;

export const NEWS_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

const richText = plainText()
  .max(NEWS_LIMITS.descriptionHtml, "TEXT_TOO_LONG")
  .refine((html) => hasVisibleText(textOfHtml(html)), "DESCRIPTION_TRANSLATION_REQUIRED")
  .refine((html) => textOfHtml(html).length <= NEWS_LIMITS.descriptionText, "TEXT_TOO_LONG");

const str = () => singleLine().optional().default("");

const RawNewsForm = z.object({
  titleDe: requiredLine(NEWS_LIMITS.title, "TITLE_REQUIRED"),
  titleCs: requiredLine(NEWS_LIMITS.title, "TITLE_REQUIRED"),
  descriptionDe: richText,
  descriptionCs: richText,
  publishNow: flag,
  publishDate: str(),
  publishTime: str(),
  /** The publishing company (create only): one the actor is a member of; admins any verified one. */
  companyId: z.union([z.uuid("NEWS_COMPANY_INVALID"), z.literal("")]).optional().default(""),
});

/** The parsed news item. The image travels separately (multipart file `image`). */
export interface NewsInput {
  titleDe: string;
  titleCs: string;
  descriptionDe: string;
  descriptionCs: string;
  /** null = publish now (the server's clock decides the instant). */
  publishAt: Date | null;
  companyId: string | null;
}

/** `currentYear` anchors typed dates: the browser passes its year, the server its clock's. */
export function newsFormSchema(currentYear: number) {
  return RawNewsForm.transform((raw, ctx): NewsInput => {
    const publishAt = raw.publishNow ? null : instant(ctx, "publish", raw.publishDate, raw.publishTime, currentYear, false);
    if (publishAt === undefined) return z.NEVER;
    return {
      titleDe: raw.titleDe,
      titleCs: raw.titleCs,
      descriptionDe: raw.descriptionDe,
      descriptionCs: raw.descriptionCs,
      publishAt,
      companyId: raw.companyId || null,
    };
  });
}

/** The chosen image file of the form, or null (an empty file input sends an empty file). */
export function uploadedNewsImage(form: FormData): File | null {
  const value = form.get("image");
  return value instanceof File && value.size > 0 ? value : null;
}

/** Where a news item stands (spec §4 News and events), as the admin list shows it. */
export const NEWS_STATES = ["PUBLISHED", "SCHEDULED", "INACTIVE", "DELETED"] as const;
export type NewsState = (typeof NEWS_STATES)[number];

export function newsState(n: { active: boolean; deletedAt: Date | null; publishAt: Date }, now: Date): NewsState {
  if (n.deletedAt) return "DELETED";
  if (!n.active) return "INACTIVE";
  return n.publishAt > now ? "SCHEDULED" : "PUBLISHED";
}

/** The admin list's filters (in the URL). */
export const newsAdminFilterSchema = z.object({
  // plainText: a NUL would reach the database's pn_norm() and fail there.
  q: singleLine().max(NEWS_LIMITS.query).optional().default("").catch(""),
  state: z.enum(["ALL", ...NEWS_STATES]).optional().default("ALL").catch("ALL"),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1).catch(1),
});
export type NewsAdminFilter = z.infer<typeof newsAdminFilterSchema>;

/** The public list's search (in the URL). */
export const newsListQuerySchema = z.object({
  q: z.string().max(NEWS_LIMITS.query).optional().default("").catch(""),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1).catch(1),
});
export type NewsListQuery = z.infer<typeof newsListQuerySchema>;

/**
 * The browser's check of the chosen image (the server checks again, including the real file
 * type, in storeImage): required on create, at most 4 MB, JPG/PNG/WebP.
 */
export function newsImageError(file: File | null, required: boolean): { code: string; values?: Record<string, string | number> } | null {
  if (!file) return required ? { code: "NEWS_IMAGE_REQUIRED" } : null;
  if (file.size > NEWS_LIMITS.imageMaxBytes) return { code: "FILE_TOO_LARGE", values: { maxMb: NEWS_LIMITS.imageMaxBytes / (1024 * 1024) } };
  if (!(NEWS_IMAGE_TYPES as readonly string[]).includes(file.type)) return { code: "FILE_TYPE_NOT_ALLOWED", values: { allowed: "JPG, PNG, WebP" } };
  return null;
}

