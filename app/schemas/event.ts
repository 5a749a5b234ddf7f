import { z } from "zod";
import { fromBerlin } from "./berlin-time";
import { UrlSchema } from "./company";
import { type DateParts, parseDateInput, parseTimeInput, type TimeParts } from "./date-input";
import { COUNTRIES } from "./enums";
import { formatMoneyInput, parseMoney } from "./money";
import { hasVisibleText, optionalLine, optionalText, plainText, requiredLine, singleLine } from "./text";

/**
 * The event create/edit form (spec §3 Event, §5 Event), shared by the form's live check and the
 * server's parse of the multipart body (no server imports). Conditional rules (address or online
 * URL, fee block, external URL, deadline) and the date/time rules report on the field concerned.
 * The description is rich-text HTML: the server sanitises it (rich-text.server.ts) and checks the
 * visible text again; here it is measured by its text so the browser gives the same answer.
 */
export const EVENT_LIMITS = {
  title: 200,
  /** Visible text of a description. */
  descriptionText: 4000,
  /** The HTML carrying it (markup included). */
  descriptionHtml: 20_000,
  venue: 200,
  addressLine: 200,
  city: 100,
  state: 100,
  paymentTerms: 1000,
  maxParticipants: 100_000,
  /** Fee in major units (EUR, CZK); stored ×100 as integer minor units. */
  feeMax: 1_000_000,
  images: 5,
  imageMaxBytes: 4 * 1024 * 1024,
  attachments: 5,
  attachmentMaxBytes: 10 * 1024 * 1024,
  organizers: 10,
} as const;

export const EVENT_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/** The multipart fields that repeat. */
export const EVENT_ARRAY_FIELDS = ["organizers", "keepImages", "keepAttachments", "images", "attachments"] as const;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The text a reader sees in description HTML (tags dropped, entities decoded), for "required" and length. */
export function textOfHtml(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(Number.parseInt(name.slice(2), 16) || 32);
      if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)) || 32);
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, " ")
    .trim();
}

const richText = (required: string) =>
  plainText()
    .max(EVENT_LIMITS.descriptionHtml, "TEXT_TOO_LONG")
    .refine((html) => hasVisibleText(textOfHtml(html)), required)
    .refine((html) => textOfHtml(html).length <= EVENT_LIMITS.descriptionText, "TEXT_TOO_LONG");

/** Every plain field of the form is single-line (decision 030); payment terms and descriptions are not. */
const str = () => singleLine().optional().default("");
export const flag = z
  .union([z.literal("on"), z.literal("true"), z.literal("false"), z.literal(""), z.boolean()])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");
const ids = z.array(z.uuid("INVALID_INPUT")).max(20, "INVALID_INPUT").default([]);

/** Fields as the form sends them (strings), before the cross-field rules. */
const RawEventForm = z.object({
  titleDe: requiredLine(EVENT_LIMITS.title, "TITLE_REQUIRED"),
  titleCs: requiredLine(EVENT_LIMITS.title, "TITLE_REQUIRED"),
  descriptionDe: richText("DESCRIPTION_TRANSLATION_REQUIRED"),
  descriptionCs: richText("DESCRIPTION_TRANSLATION_REQUIRED"),
  locationKind: z.enum(["ADDRESS", "ONLINE"], "INVALID_INPUT"),
  venue: optionalLine(EVENT_LIMITS.venue),
  country: str(),
  state: str(),
  line1: str(),
  line2: str(),
  postalCode: str(),
  city: str(),
  lat: str(),
  lon: str(),
  onlineUrl: str(),
  startDate: str(),
  startTime: str(),
  endDate: str(),
  endTime: str(),
  publishNow: flag,
  publishDate: str(),
  publishTime: str(),
  maxParticipants: str(),
  fee: str(),
  currency: str(),
  paymentTermsDe: optionalText(EVENT_LIMITS.paymentTerms),
  paymentTermsCs: optionalText(EVENT_LIMITS.paymentTerms),
  registrationKind: z.enum(["INTERNAL", "EXTERNAL"], "INVALID_INPUT"),
  externalUrl: str(),
  deadlineDate: str(),
  deadlineTime: str(),
  b2b: flag,
  active: flag,
  /** The main organiser (create only; the server checks the actor may choose it). */
  organizerCompanyId: z.union([z.uuid("ORGANIZER_INVALID"), z.literal("")]).optional().default(""),
  organizers: ids,
  keepImages: ids,
  keepAttachments: ids,
});

export type EventLocation =
  | {
      kind: "ADDRESS";
      venue: string | null;
      country: (typeof COUNTRIES)[number];
      state: string;
      line1: string;
      line2: string | null;
      postalCode: string;
      city: string;
      lat: number | null;
      lon: number | null;
    }
  | { kind: "ONLINE"; venue: string | null; url: string };

/** The parsed event: instants in UTC, fee in minor units. */
export interface EventInput {
  titleDe: string;
  titleCs: string;
  descriptionDe: string;
  descriptionCs: string;
  location: EventLocation;
  startsAt: Date;
  endsAt: Date;
  /** null = publish now (the server's clock decides the instant). */
  publishAt: Date | null;
  maxParticipants: number | null;
  feeMinor: number | null;
  currency: "EUR" | "CZK" | null;
  paymentTermsDe: string | null;
  paymentTermsCs: string | null;
  registrationKind: "INTERNAL" | "EXTERNAL";
  externalUrl: string | null;
  registrationDeadline: Date | null;
  b2b: boolean;
  active: boolean;
  organizerCompanyId: string | null;
  organizers: string[];
  keepImages: string[];
  keepAttachments: string[];
}

export type Ctx = z.RefinementCtx;

/** "12", "12,5", "1.234,50", "1234.50" → minor units (money.ts); null when unreadable or not in (0, max]. */
export function parseFee(text: string): number | null {
  const minor = parseMoney(text);
  return minor !== null && minor > 0 && minor <= EVENT_LIMITS.feeMax * 100 ? minor : null;
}

/** Minor units back to the form's spelling in the locale (de/cs use a decimal comma). */
export function formatFee(minor: number | null): string {
  return minor === null ? "" : formatMoneyInput(minor);
}

export function issue(ctx: Ctx, field: string, message: string) {
  ctx.addIssue({ code: "custom", path: [field], message });
}

/**
 * A date field and its time field to an instant. Empty date and time: null when optional, else
 * DATE_REQUIRED. A time without a date is DATE_REQUIRED (for the date); a date without a time
 * TIME_REQUIRED; unreadable ones DATE_INVALID / TIME_INVALID. `undefined` = error reported.
 */
export function instant(ctx: Ctx, prefix: string, dateText: string, timeText: string, currentYear: number, optional: boolean): Date | null | undefined {
  const dateField = `${prefix}Date`;
  const timeField = `${prefix}Time`;
  const hasDate = dateText.trim() !== "";
  const hasTime = timeText.trim() !== "";
  if (!hasDate && !hasTime) {
    if (optional) return null;
    issue(ctx, dateField, "DATE_REQUIRED");
    return undefined;
  }
  let date: DateParts | null = null;
  let time: TimeParts | null = null;
  let ok = true;
  if (!hasDate) ok = (issue(ctx, dateField, "DATE_REQUIRED"), false);
  else if (!(date = parseDateInput(dateText, currentYear))) ok = (issue(ctx, dateField, "DATE_INVALID"), false);
  if (!hasTime) ok = (issue(ctx, timeField, "TIME_REQUIRED"), false);
  else if (!(time = parseTimeInput(timeText))) ok = (issue(ctx, timeField, "TIME_INVALID"), false);
  return ok && date && time ? fromBerlin({ ...date, ...time }) : undefined;
}

function url(ctx: Ctx, field: string, value: string, requiredCode: string): string | null {
  if (!value.trim()) return (issue(ctx, field, requiredCode), null);
  const parsed = UrlSchema.safeParse(value);
  if (!parsed.success) return (issue(ctx, field, parsed.error.issues[0]?.message ?? "URL_INVALID"), null);
  return parsed.data;
}

function location(ctx: Ctx, raw: z.infer<typeof RawEventForm>): EventLocation | null {
  if (raw.locationKind === "ONLINE") {
    const onlineUrl = url(ctx, "onlineUrl", raw.onlineUrl, "ONLINE_URL_REQUIRED");
    return onlineUrl ? { kind: "ONLINE", venue: raw.venue, url: onlineUrl } : null;
  }
  const required = (field: "state" | "line1" | "city" | "postalCode", code: string, max: number) => {
    const value = raw[field].trim();
    if (!hasVisibleText(value)) return (issue(ctx, field, code), null);
    if (value.length > max) return (issue(ctx, field, "TEXT_TOO_LONG"), null);
    return value;
  };
  const country = (COUNTRIES as readonly string[]).includes(raw.country) ? (raw.country as (typeof COUNTRIES)[number]) : null;
  if (!country) issue(ctx, "country", "COUNTRY_REQUIRED");
  const state = required("state", "STATE_REQUIRED", EVENT_LIMITS.state);
  const line1 = required("line1", "ADDRESS_LINE_REQUIRED", EVENT_LIMITS.addressLine);
  const city = required("city", "CITY_REQUIRED", EVENT_LIMITS.city);
  let postalCode: string | null = raw.postalCode.trim();
  if (!postalCode) postalCode = (issue(ctx, "postalCode", "POSTAL_CODE_REQUIRED"), null);
  else if (!/^\d{3} ?\d{2}$/.test(postalCode)) postalCode = (issue(ctx, "postalCode", "POSTAL_CODE_INVALID"), null);
  const line2 = raw.line2.trim();
  if (line2.length > EVENT_LIMITS.addressLine) issue(ctx, "line2", "TEXT_TOO_LONG");
  const coordinate = (text: string, limit: number) => {
    const n = text.trim() === "" ? null : Number(text);
    return n !== null && Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
  };
  if (!country || !state || !line1 || !city || !postalCode) return null;
  return {
    kind: "ADDRESS",
    venue: raw.venue,
    country,
    state,
    line1,
    line2: hasVisibleText(line2) ? line2 : null,
    postalCode,
    city,
    lat: coordinate(raw.lat, 90),
    lon: coordinate(raw.lon, 180),
  };
}

/**
 * The form schema. `currentYear` anchors typed dates (two-digit years, the 100/52-year window):
 * the browser passes its year, the server its clock's.
 */
export function eventFormSchema(currentYear: number) {
  return RawEventForm.transform((raw, ctx): EventInput => {
    const loc = location(ctx, raw);
    const startsAt = instant(ctx, "start", raw.startDate, raw.startTime, currentYear, false);
    const endsAt = instant(ctx, "end", raw.endDate, raw.endTime, currentYear, false);
    if (startsAt && endsAt && endsAt < startsAt) issue(ctx, "endDate", "END_BEFORE_START");
    const publishAt = raw.publishNow ? null : instant(ctx, "publish", raw.publishDate, raw.publishTime, currentYear, false);
    const deadline = instant(ctx, "deadline", raw.deadlineDate, raw.deadlineTime, currentYear, true);
    if (deadline && startsAt && deadline > startsAt) issue(ctx, "deadlineDate", "DEADLINE_AFTER_START");

    let maxParticipants: number | null = null;
    if (raw.maxParticipants.trim() !== "") {
      const n = Number(raw.maxParticipants.trim());
      if (!/^\d+$/.test(raw.maxParticipants.trim()) || n < 1 || n > EVENT_LIMITS.maxParticipants) issue(ctx, "maxParticipants", "MAX_PARTICIPANTS_INVALID");
      else maxParticipants = n;
    }

    // The fee block: nothing entered = free; once anything is entered, fee, currency and both
    // payment terms are required (spec §5 "fee and currency", "payment terms required when chosen").
    let feeMinor: number | null = null;
    let currency: "EUR" | "CZK" | null = null;
    const anyFee = raw.fee.trim() !== "" || raw.currency !== "" || raw.paymentTermsDe !== null || raw.paymentTermsCs !== null;
    if (anyFee) {
      if (raw.fee.trim() === "") issue(ctx, "fee", "FEE_INCOMPLETE");
      else if ((feeMinor = parseFee(raw.fee)) === null) issue(ctx, "fee", "FEE_INVALID");
      if (raw.currency === "EUR" || raw.currency === "CZK") currency = raw.currency;
      else issue(ctx, "currency", "FEE_INCOMPLETE");
      if (raw.paymentTermsDe === null) issue(ctx, "paymentTermsDe", "FEE_INCOMPLETE");
      if (raw.paymentTermsCs === null) issue(ctx, "paymentTermsCs", "FEE_INCOMPLETE");
    }

    const externalUrl = raw.registrationKind === "EXTERNAL" ? url(ctx, "externalUrl", raw.externalUrl, "EXTERNAL_URL_REQUIRED") : null;
    const organizers = [...new Set(raw.organizers)];
    if (organizers.length > EVENT_LIMITS.organizers) issue(ctx, "organizers", "INVALID_INPUT");

    if (!loc || startsAt == null || endsAt == null || publishAt === undefined || deadline === undefined) return z.NEVER;
    return {
      titleDe: raw.titleDe,
      titleCs: raw.titleCs,
      descriptionDe: raw.descriptionDe,
      descriptionCs: raw.descriptionCs,
      location: loc,
      startsAt,
      endsAt,
      publishAt,
      maxParticipants,
      feeMinor,
      currency,
      paymentTermsDe: anyFee ? raw.paymentTermsDe : null,
      paymentTermsCs: anyFee ? raw.paymentTermsCs : null,
      registrationKind: raw.registrationKind,
      externalUrl,
      registrationDeadline: deadline,
      b2b: raw.b2b,
      active: raw.active,
      organizerCompanyId: raw.organizerCompanyId || null,
      organizers,
      keepImages: raw.keepImages,
      keepAttachments: raw.keepAttachments,
    };
  });
}

/** Files of the form: new images and PDFs (empty file inputs dropped). */
export function uploadedFiles(form: FormData, name: "images" | "attachments"): File[] {
  return form.getAll(name).filter((v): v is File => v instanceof File && v.size > 0);
}

/** The browser's check of the chosen files (the server checks again, real types included). */
export function fileErrors(form: FormData): Record<string, { code: string; values?: Record<string, string | number> }> {
  const errors: Record<string, { code: string; values?: Record<string, string | number> }> = {};
  const images = uploadedFiles(form, "images");
  const pdfs = uploadedFiles(form, "attachments");
  const keptImages = form.getAll("keepImages").length;
  const keptPdfs = form.getAll("keepAttachments").length;
  if (images.length + keptImages > EVENT_LIMITS.images) errors["images"] = { code: "TOO_MANY_FILES", values: { max: EVENT_LIMITS.images } };
  else if (images.some((f) => f.size > EVENT_LIMITS.imageMaxBytes)) errors["images"] = { code: "FILE_TOO_LARGE", values: { maxMb: 4 } };
  else if (images.some((f) => !(EVENT_IMAGE_TYPES as readonly string[]).includes(f.type)))
    errors["images"] = { code: "FILE_TYPE_NOT_ALLOWED", values: { allowed: "JPG, PNG, WebP" } };
  if (pdfs.length + keptPdfs > EVENT_LIMITS.attachments) errors["attachments"] = { code: "TOO_MANY_FILES", values: { max: EVENT_LIMITS.attachments } };
  else if (pdfs.some((f) => f.size > EVENT_LIMITS.attachmentMaxBytes)) errors["attachments"] = { code: "FILE_TOO_LARGE", values: { maxMb: 10 } };
  else if (pdfs.some((f) => f.type !== "application/pdf" && !f.name.toLowerCase().endsWith(".pdf")))
    errors["attachments"] = { code: "FILE_TYPE_NOT_ALLOWED", values: { allowed: "PDF" } };
  if (!errors["images"] && !errors["attachments"] && images.length + keptImages + pdfs.length + keptPdfs === 0) errors["images"] = { code: "EVENT_IMAGE_REQUIRED" };
  return errors;
}
