import { z } from "zod";
import { singleLine } from "./text";
import { AddressSchema, COMPANY_ARRAY_FIELDS, CompanyProfileSchema, type AddressInput, type CompanyProfileInput } from "./company";

/**
 * The company create and edit forms: the profile schema, plus (on create) the headquarters
 * address fields. Shared by the form (client checks) and the actions (server parse).
 */
export const COMPANY_FORM_ARRAY_FIELDS = COMPANY_ARRAY_FIELDS;

/** The headquarters block of the create form; its kind is fixed by the server, not the client. */
export const HeadquartersFieldsSchema = AddressSchema.omit({ kind: true });

export const CompanyCreateFormSchema = z.intersection(CompanyProfileSchema, HeadquartersFieldsSchema);
export type CompanyCreateFormInput = z.infer<typeof CompanyCreateFormSchema>;

export const CompanyEditFormSchema = CompanyProfileSchema;

/** Spec §5/§9: company logo at most 4 MB, JPG, PNG or WebP. */
export const LOGO_MAX_BYTES = 4 * 1024 * 1024;
export const LOGO_MIME_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/** Whole multipart body: the logo plus the text fields. */
export const COMPANY_FORM_MAX_BYTES = 5 * 1024 * 1024;

/** What the user typed, as strings, to refill the form after a failed submission. */
export interface CompanyFormValues {
  name: string;
  descriptionDe: string;
  descriptionCs: string;
  website: string;
  nace: string[];
  tags: string[];
  newTags: string[];
  country: string;
  state: string;
  line1: string;
  line2: string;
  postalCode: string;
  city: string;
  lat: string;
  lon: string;
}

const TEXT_FIELDS = ["name", "descriptionDe", "descriptionCs", "website", "country", "state", "line1", "line2", "postalCode", "city", "lat", "lon"] as const;

export const EMPTY_COMPANY_FORM: CompanyFormValues = {
  name: "",
  descriptionDe: "",
  descriptionCs: "",
  website: "",
  nace: [],
  tags: [],
  newTags: [],
  country: "DE",
  state: "",
  line1: "",
  line2: "",
  postalCode: "",
  city: "",
  lat: "",
  lon: "",
};

export function submittedValues(form: FormData): CompanyFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const list = (name: string) => form.getAll(name).filter((v): v is string => typeof v === "string");
  const values = { ...EMPTY_COMPANY_FORM, nace: list("nace"), tags: list("tags"), newTags: list("newTags") };
  for (const field of TEXT_FIELDS) values[field] = text(field);
  return values;
}

/** The uploaded logo, or null when the file field was left empty (or missing). */
export function uploadedLogo(form: FormData): File | null {
  const value = form.get("logo");
  return value instanceof File && value.size > 0 ? value : null;
}

/** Splits the parsed create form into what `createCompany` takes. */
export function splitCreateInput(input: CompanyCreateFormInput): { profile: CompanyProfileInput; headquarters: AddressInput } {
  const { name, descriptionDe, descriptionCs, website, nace, tags, newTags, ...address } = input;
  return {
    profile: { name, descriptionDe, descriptionCs, website, nace, tags, newTags },
    headquarters: { ...address, kind: "HEADQUARTERS" },
  };
}

/** Client-side logo checks (the server checks again, including the real file type). */
export function logoError(file: File | null, required: boolean): { code: "LOGO_REQUIRED" | "FILE_TOO_LARGE" | "FILE_TYPE_NOT_ALLOWED"; values?: Record<string, string | number> } | null {
  if (!file || file.size === 0) return required ? { code: "LOGO_REQUIRED" } : null;
  if (file.size > LOGO_MAX_BYTES) return { code: "FILE_TOO_LARGE", values: { maxMb: 4 } };
  if (!(LOGO_MIME_TYPES as readonly string[]).includes(file.type)) return { code: "FILE_TYPE_NOT_ALLOWED", values: { allowed: "JPG, PNG, WebP" } };
  return null;
}

/** Geocoding lookup of the map (GET /api/geocode). */
export const GeocodeQuerySchema = z.object({
  country: z.enum(["DE", "CZ"]),
  postalCode: singleLine().trim().max(10).default(""),
  city: singleLine().trim().max(100).default(""),
});
