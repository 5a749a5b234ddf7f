import { formToObject } from "~/schemas/form-data";
import { fieldErrors } from "~/schemas/form-errors";
import { COMPANY_FORM_ARRAY_FIELDS, CompanyCreateFormSchema, CompanyEditFormSchema, logoError, uploadedLogo } from "~/schemas/company-form";
import type { FieldErrorCodes } from "./types";

export interface CodeWithValues {
  code: string;
  values?: Record<string, string | number> | undefined;
}

/** Errors the form shows: per field, the logo (its messages carry values), and one for the whole form. */
export interface CompanyFormErrors {
  fields: FieldErrorCodes;
  logo: CodeWithValues | null;
  form: CodeWithValues | null;
}

export interface ActionFailureLike {
  error?: string | undefined;
  details?: Record<string, string | number> | undefined;
  fieldErrors?: Record<string, string> | undefined;
}

const FIELD_OF_CODE: Record<string, string> = {
  NACE_REQUIRED: "nace",
  NACE_INVALID: "nace",
  TAGS_MIN: "tags",
  TAG_TRANSLATION_REQUIRED: "tags",
};
const LOGO_CODES = new Set(["LOGO_REQUIRED", "FILE_REQUIRED", "FILE_TOO_LARGE", "FILE_TYPE_NOT_ALLOWED", "IMAGE_INVALID"]);

export const NO_ERRORS: CompanyFormErrors = { fields: {}, logo: null, form: null };

function withNewTags(fields: FieldErrorCodes): FieldErrorCodes {
  return fields.newTags && !fields.tags ? { ...fields, tags: fields.newTags } : fields;
}

/** The server's answer mapped onto the form (domain codes such as NACE_INVALID land on their field). */
export function serverErrors(failure: ActionFailureLike | undefined): CompanyFormErrors {
  if (!failure) return NO_ERRORS;
  const fields = withNewTags({ ...failure.fieldErrors });
  const hasFields = Object.keys(fields).length > 0;
  const code = failure.error;
  if (!code) return { fields, logo: null, form: hasFields ? { code: "INVALID_INPUT" } : null };
  if (FIELD_OF_CODE[code]) return { fields: { ...fields, [FIELD_OF_CODE[code]]: code }, logo: null, form: { code: "INVALID_INPUT" } };
  if (LOGO_CODES.has(code)) return { fields, logo: { code, values: failure.details }, form: { code: "INVALID_INPUT" } };
  return { fields, logo: null, form: { code, values: failure.details } };
}

/** The same checks as the server's schema (plus the logo's size and type); null when all pass. */
export function validateCompanyForm(form: FormData, mode: "create" | "edit"): CompanyFormErrors | null {
  const schema = mode === "create" ? CompanyCreateFormSchema : CompanyEditFormSchema;
  const parsed = schema.safeParse(formToObject(form, COMPANY_FORM_ARRAY_FIELDS));
  const logo = logoError(uploadedLogo(form), mode === "create");
  if (parsed.success && !logo) return null;
  return {
    fields: parsed.success ? {} : withNewTags(fieldErrors(parsed.error)),
    logo,
    form: { code: "INVALID_INPUT" },
  };
}
