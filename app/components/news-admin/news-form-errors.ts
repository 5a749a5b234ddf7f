import type { FieldErrorMap, FormValidator } from "~/components/forms/use-live-validation";
import { formToObject } from "~/schemas/form-data";
import { fieldErrors } from "~/schemas/form-errors";
import { newsFormSchema, newsImageError, uploadedNewsImage } from "~/schemas/news";

export interface NewsActionFailure {
  error?: string | undefined;
  details?: Record<string, string | number> | undefined;
  fieldErrors?: Record<string, string> | undefined;
}

/** The browser's check: the server's schema plus the chosen image (required on create, size, type). */
export function newsFormValidator(currentYear: number, imageRequired: boolean): FormValidator {
  const schema = newsFormSchema(currentYear);
  return (form) => {
    const parsed = schema.safeParse(formToObject(form));
    const image = newsImageError(uploadedNewsImage(form), imageRequired);
    return { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...(image ? { image } : {}) };
  };
}

/**
 * Image refusals without a field: the body limit's FILE_TOO_LARGE (the request was cut off
 * before the domain saw it) belongs at the image too.
 */
const IMAGE_CODES = new Set(["FILE_TOO_LARGE", "FILE_TYPE_NOT_ALLOWED", "IMAGE_INVALID", "FILE_REQUIRED", "NEWS_IMAGE_REQUIRED"]);

/** The server's answer per field (schema errors; domain errors naming `details.field`) and for the whole form. */
export function newsServerErrors(failure: NewsActionFailure | undefined): { fields: FieldErrorMap | undefined; form: { code: string; values?: Record<string, string | number> | undefined } | null } {
  if (!failure) return { fields: undefined, form: null };
  const fields: FieldErrorMap = { ...failure.fieldErrors };
  const named = failure.details?.["field"];
  const field = typeof named === "string" ? named : failure.error && IMAGE_CODES.has(failure.error) ? "image" : null;
  if (failure.error && field) {
    const { field: _field, ...values } = failure.details ?? {};
    fields[field] = { code: failure.error, values };
    return { fields, form: { code: "INVALID_INPUT" } };
  }
  if (failure.error === "INVALID_INPUT" && Object.keys(fields).length > 0) return { fields, form: { code: "INVALID_INPUT" } };
  return { fields, form: failure.error ? { code: failure.error, values: failure.details } : null };
}
