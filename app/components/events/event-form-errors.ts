import type { FieldErrorMap, FormValidator } from "~/components/forms/use-live-validation";
import { EVENT_ARRAY_FIELDS, eventFormSchema, fileErrors } from "~/schemas/event";
import { formToObject } from "~/schemas/form-data";
import { fieldErrors } from "~/schemas/form-errors";

export interface EventActionFailure {
  error?: string | undefined;
  details?: Record<string, string | number> | undefined;
  fieldErrors?: Record<string, string> | undefined;
}

/** The browser's check: the server's schema plus the chosen files' counts, sizes and types. */
export function eventFormValidator(currentYear: number): FormValidator {
  const schema = eventFormSchema(currentYear);
  return (form) => {
    const parsed = schema.safeParse(formToObject(form, EVENT_ARRAY_FIELDS));
    return { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...fileErrors(form) };
  };
}

/** The server's answer per field: schema errors, and domain errors that name their field (`details.field`). */
export function eventServerErrors(failure: EventActionFailure | undefined): { fields: FieldErrorMap | undefined; form: { code: string; values?: Record<string, string | number> | undefined } | null } {
  if (!failure) return { fields: undefined, form: null };
  const fields: FieldErrorMap = { ...failure.fieldErrors };
  const field = failure.details?.["field"];
  if (failure.error && typeof field === "string") {
    const { field: _field, ...values } = failure.details ?? {};
    fields[field] = { code: failure.error, values };
    return { fields, form: { code: "INVALID_INPUT" } };
  }
  if (failure.error === "INVALID_INPUT" && Object.keys(fields).length > 0) return { fields, form: { code: "INVALID_INPUT" } };
  return { fields, form: failure.error ? { code: failure.error, values: failure.details } : null };
}
