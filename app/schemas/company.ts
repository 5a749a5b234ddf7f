import { z } from "zod";
import { hasVisibleText, optionalLine, requiredLine, requiredText, singleLine } from "./text";
import { CHALLENGE_REASONS, CONTACT_FUNCTIONS, COUNTRIES, SERVICE_TYPES, VALIDITY_DAYS } from "./enums";

/** Limits of spec §5 (text fields have maximum lengths; localized text needs both languages). */
export const LIMITS = {
  name: 200,
  description: 4000,
  url: 500,
  tagLabel: 60,
  addressLine: 200,
  city: 100,
  state: 100,
  postalCode: 10,
  contactName: 120,
  phone: 40,
  serviceTitle: 150,
  serviceDescription: 4000,
  keywords: 10,
  challengeDescription: 2000,
  minTags: 3,
  maxTags: 20,
  maxNace: 10,
} as const;

/** Multi-line text (descriptions); single-line fields use `requiredLine` (decision 030). */
const text = requiredText;
const line = requiredLine;

export const UrlSchema = singleLine()
  .trim()
  .max(LIMITS.url, "TEXT_TOO_LONG")
  .transform((v) => (v && !/^[a-z][a-z0-9+.-]*:\/\//i.test(v) ? `https://${v}` : v))
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: "URL_INVALID" }));

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.boolean()])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

const uuid = z.uuid("INVALID_INPUT");

/** A new tag typed by the user: German and Czech text, both required. */
export const NewTagSchema = z.object({
  de: line(LIMITS.tagLabel, "TAG_TRANSLATION_REQUIRED"),
  cs: line(LIMITS.tagLabel, "TAG_TRANSLATION_REQUIRED"),
});

export const CompanyProfileSchema = z
  .object({
    name: line(LIMITS.name, "COMPANY_NAME_REQUIRED"),
    descriptionDe: text(LIMITS.description, "DESCRIPTION_TRANSLATION_REQUIRED"),
    descriptionCs: text(LIMITS.description, "DESCRIPTION_TRANSLATION_REQUIRED"),
    website: UrlSchema,
    nace: z.array(z.string().trim().regex(/^([A-U]|\d{2}(\.\d{1,2})?)$/, "NACE_INVALID")).min(1, "NACE_REQUIRED").max(LIMITS.maxNace, "INVALID_INPUT"),
    tags: z.array(uuid).max(LIMITS.maxTags, "INVALID_INPUT"),
    /** New tags as "de|cs" pairs from the tag picker. */
    newTags: z
      .array(z.string())
      .max(LIMITS.maxTags, "INVALID_INPUT")
      .transform((values, ctx) =>
        values.map((value) => {
          const [de = "", cs = ""] = value.split("|");
          const parsed = NewTagSchema.safeParse({ de, cs });
          if (!parsed.success) ctx.addIssue({ code: "custom", message: "TAG_TRANSLATION_REQUIRED" });
          return parsed.success ? parsed.data : { de, cs };
        }),
      ),
  })
  .refine((v) => new Set(v.tags).size + v.newTags.length >= LIMITS.minTags, { message: "TAGS_MIN", path: ["tags"] });
export type CompanyProfileInput = z.infer<typeof CompanyProfileSchema>;
export const COMPANY_ARRAY_FIELDS = ["nace", "tags", "newTags"] as const;

export const AddressSchema = z.object({
  kind: z.enum(["HEADQUARTERS", "LOCATION"], "INVALID_INPUT"),
  country: z.enum(COUNTRIES, "COUNTRY_REQUIRED"),
  state: line(LIMITS.state, "STATE_REQUIRED"),
  line1: line(LIMITS.addressLine, "ADDRESS_LINE_REQUIRED"),
  line2: optionalLine(LIMITS.addressLine),
  postalCode: z
    .string()
    .trim()
    .min(1, "POSTAL_CODE_REQUIRED")
    .max(LIMITS.postalCode, "POSTAL_CODE_INVALID")
    .regex(/^\d{3} ?\d{2}$/, "POSTAL_CODE_INVALID"),
  city: line(LIMITS.city, "CITY_REQUIRED"),
  /** Optional pin placed on the map; otherwise the postal code decides. */
  lat: z.coerce.number().min(-90).max(90).optional().or(z.literal("").transform(() => undefined)),
  lon: z.coerce.number().min(-180).max(180).optional().or(z.literal("").transform(() => undefined)),
});
export type AddressInput = z.infer<typeof AddressSchema>;

const PHONE = /^\+?[0-9 ()/.-]{6,40}$/;
export const ContactSchema = z.object({
  function: z.enum(CONTACT_FUNCTIONS, "CONTACT_FUNCTION_REQUIRED"),
  name: optionalLine(LIMITS.contactName),
  email: singleLine().trim().toLowerCase().pipe(z.email("EMAIL_INVALID")),
  phone: z.string().trim().regex(PHONE, "PHONE_INVALID"),
  consent: checkbox.refine((v) => v, "CONTACT_CONSENT_REQUIRED"),
});
export type ContactInput = z.infer<typeof ContactSchema>;

export const ServiceSchema = z.object({
  type: z.enum(SERVICE_TYPES, "INVALID_INPUT"),
  title: line(LIMITS.serviceTitle, "TITLE_REQUIRED"),
  description: text(LIMITS.serviceDescription, "DESCRIPTION_REQUIRED"),
  keywords: singleLine()
    .trim()
    .transform((v) => [...new Set(v.split(",").map((k) => k.trim()).filter(hasVisibleText))])
    .pipe(z.array(z.string().max(LIMITS.tagLabel, "TEXT_TOO_LONG")).min(1, "KEYWORDS_REQUIRED").max(LIMITS.keywords, "INVALID_INPUT")),
  termsUrl: UrlSchema,
  validityDays: z.coerce
    .number()
    .refine((v) => (VALIDITY_DAYS as readonly number[]).includes(v), "VALIDITY_INVALID")
    .transform((v) => v as (typeof VALIDITY_DAYS)[number]),
});
export type ServiceInput = z.infer<typeof ServiceSchema>;

export const ChallengeSchema = z.object({
  reasons: z.array(z.enum(CHALLENGE_REASONS, "INVALID_INPUT")).min(1, "CHALLENGE_REASON_REQUIRED"),
  description: text(LIMITS.challengeDescription, "CHALLENGE_DESCRIPTION_REQUIRED"),
});
export type ChallengeInput = z.infer<typeof ChallengeSchema>;
