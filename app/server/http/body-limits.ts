import { matchPage } from "~/routing/paths";
import { COMPANY_FORM_MAX_BYTES, LOGO_MAX_BYTES } from "~/schemas/company-form";
import { EVENT_LIMITS } from "~/schemas/event";
import { INVOICE_LOGO_MAX_BYTES } from "~/schemas/invoice-form";
import { BADGE_LOGO_LIMITS } from "~/schemas/name-tags";
import { NEWS_LIMITS } from "~/schemas/news";
import { MAIL_LIMITS } from "~/schemas/participant-mail";
import { ANALYTICS_BODY_MAX_BYTES } from "~/schemas/statistics";

/**
 * How large a request body may be, per route (decision 012). One table for the Express body
 * limiter (server/body-limit.ts, before React Router) and for the actions' own reading
 * (readForm), so both agree. Text forms get a small limit; only the pages whose forms upload a
 * file get the spec's file limit (§7/§9: images 4 MB, import file 25 MB) plus form overhead.
 */
export const KIB = 1024;
export const MIB = 1024 * KIB;

/** Every form without a file: login, sign-up, account, admin decisions, … (the longest text field is 4000 chars). */
export const TEXT_BODY_MAX_BYTES = 64 * KIB;
/** The text fields and multipart framing that travel with a file. */
export const FORM_OVERHEAD_BYTES = 256 * KIB;
export const IMAGE_MAX_BYTES = LOGO_MAX_BYTES;
export const IMPORT_FILE_MAX_BYTES = 25 * MIB;

export interface BodyLimit {
  maxBytes: number;
  /** Set on routes that accept a file: the per-file limit the error message names. */
  fileMaxBytes?: number;
}

const TEXT: BodyLimit = { maxBytes: TEXT_BODY_MAX_BYTES };
/** 5 × 4 MB images + 5 × 10 MB PDFs + the text fields (two descriptions of up to 20,000 chars) = 70.25 MiB. */
export const EVENT_FORM_MAX_BYTES =
  EVENT_LIMITS.images * EVENT_LIMITS.imageMaxBytes + EVENT_LIMITS.attachments * EVENT_LIMITS.attachmentMaxBytes + FORM_OVERHEAD_BYTES;
const EVENT_FORM_LIMIT: BodyLimit = { maxBytes: EVENT_FORM_MAX_BYTES, fileMaxBytes: EVENT_LIMITS.attachmentMaxBytes };
/**
 * One image of 4 MB, two rich texts of up to 50,000 UTF-16 units each (at most 3 bytes apiece in
 * UTF-8) and the form overhead: about 4.6 MiB. The largest legal form fits; a larger image is cut
 * off before it is buffered, and the domain checks the image's own size.
 */
export const NEWS_FORM_MAX_BYTES = NEWS_LIMITS.imageMaxBytes + 2 * 3 * NEWS_LIMITS.descriptionHtml + FORM_OVERHEAD_BYTES;
const NEWS_FORM_LIMIT: BodyLimit = { maxBytes: NEWS_FORM_MAX_BYTES, fileMaxBytes: NEWS_LIMITS.imageMaxBytes };
const UPLOADS: Partial<Record<string, BodyLimit>> = {
  companyCreate: { maxBytes: COMPANY_FORM_MAX_BYTES, fileMaxBytes: IMAGE_MAX_BYTES },
  companyEdit: { maxBytes: COMPANY_FORM_MAX_BYTES, fileMaxBytes: IMAGE_MAX_BYTES },
  // The ad form on the company page carries an image.
  companyDetail: { maxBytes: IMAGE_MAX_BYTES + FORM_OVERHEAD_BYTES, fileMaxBytes: IMAGE_MAX_BYTES },
  // The CSV/XLSX import (not built yet) gets the spec's import limit.
  adminImportCreate: { maxBytes: IMPORT_FILE_MAX_BYTES + FORM_OVERHEAD_BYTES, fileMaxBytes: IMPORT_FILE_MAX_BYTES },
  // --- event registration form (decision 016) ---
  // The builder posts the whole definition as JSON in one field: up to 50 fields with texts in two
  // languages, options and conditions fit well within 256 KiB.
  adminEventForm: { maxBytes: 256 * KIB },
  // --- end event registration form ---
  // Events (admin-events): the event form carries up to 5 images of 4 MB and 5 PDFs of 10 MB.
  adminEventCreate: EVENT_FORM_LIMIT,
  adminEventEdit: EVENT_FORM_LIMIT,
  // --- event registration (decision 018) ---
  // Answers to up to 50 fields of up to 2000 characters each (FORM_LIMITS), in UTF-8. The cancel
  // forms on the event page and on my events are small and keep the text default.
  eventRegister: { maxBytes: 512 * KIB },
  // --- end event registration ---
  // --- invoices (decision 020): the invoice form carries one optional logo (PNG/JPG, 4 MB) ---
  adminInvoiceCreate: { maxBytes: INVOICE_LOGO_MAX_BYTES + FORM_OVERHEAD_BYTES, fileMaxBytes: INVOICE_LOGO_MAX_BYTES },
  // --- end invoices ---
  // --- name tags (decision 022) ---
  // The logo form may carry all 5 logos of 4 MB at once; count and size per file are the domain's.
  adminNameTags: { maxBytes: BADGE_LOGO_LIMITS.count * BADGE_LOGO_LIMITS.maxBytes + FORM_OVERHEAD_BYTES, fileMaxBytes: BADGE_LOGO_LIMITS.maxBytes },
  // --- end name tags ---
  // --- e-mail to participants (decision 021) ---
  // One attachment of up to 10 MB with subject and message in two languages (2 × 10,000 chars).
  adminParticipantMail: { maxBytes: MAIL_LIMITS.attachmentMaxBytes + FORM_OVERHEAD_BYTES, fileMaxBytes: MAIL_LIMITS.attachmentMaxBytes },
  // --- end e-mail to participants ---
  // --- news (issue 13): the news form carries one image of 4 MB ---
  adminNewsCreate: NEWS_FORM_LIMIT,
  adminNewsEdit: NEWS_FORM_LIMIT,
  // --- end news ---
};

/** The analytics beacon (decision 035): a few hundred bytes of JSON. */
const ANALYTICS_LIMIT: BodyLimit = { maxBytes: ANALYTICS_BODY_MAX_BYTES };

/** A translate button's request (decision 041): the longest field (news HTML, 50,000 chars, up to 3 bytes each) and the form's framing. */
const TRANSLATION_LIMIT: BodyLimit = { maxBytes: 3 * 50_000 + 16 * KIB };

/** The body limit of a request path (pathname only; percent-encoded or not). */
export function bodyLimitFor(pathname: string): BodyLimit {
  if (pathname === "/api/translations" || pathname === "/api/translations.data") return TRANSLATION_LIMIT;
  // Also its single-fetch data URL: React Router serves the same action there.
  if (pathname === "/api/event" || pathname === "/api/event.data") return ANALYTICS_LIMIT;
  // Submissions with JavaScript go to the single-fetch data URL of the page (`….data`, `/_root.data`).
  const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  const match = matchPage(page);
  return (match && UPLOADS[match.page.id]) || TEXT;
}
