import type { CompanyActionResult } from "./types";

type Failure = Extract<CompanyActionResult, { ok: false }>;

/**
 * The message to show above a dialog's buttons: the server's code when no field is to blame,
 * or INVALID_INPUT when a field error concerns a field the form does not show.
 */
export function formLevelError(failure: Failure | undefined, shownFields: readonly string[]): string | undefined {
  if (!failure) return undefined;
  if (!failure.fieldErrors) return failure.error;
  const hidden = Object.keys(failure.fieldErrors).filter((field) => !shownFields.includes(field));
  return hidden.length > 0 ? failure.fieldErrors[hidden[0]!] : undefined;
}
