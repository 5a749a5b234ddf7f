/**
 * The one error code to show for a failed action on a page without per-field inputs: the
 * server's code, else the first field's code (e.g. an unknown id), else INVALID_INPUT.
 */
export function failureCode(failure: { error?: string; fieldErrors?: Record<string, string> } | undefined): string | undefined {
  if (!failure) return undefined;
  return failure.error ?? Object.values(failure.fieldErrors ?? {})[0] ?? "INVALID_INPUT";
}
