import { hasForbiddenControl } from "./text";

/**
 * FormData → plain object for zod: fields listed in `arrays` collect every value (multi-selects,
 * repeated inputs); others keep their last value. Files stay File objects.
 */
export function formToObject(form: FormData, arrays: readonly string[] = []): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const name of arrays) result[name] = [];
  for (const [key, value] of form.entries()) {
    if (arrays.includes(key)) (result[key] as unknown[]).push(value);
    else result[key] = value;
  }
  return result;
}

/**
 * Field errors for text values with forbidden control characters (NUL, other C0/C1 controls,
 * lone surrogates; tab and line breaks are fine), or null when there are none.
 */
export function controlCharErrors(form: FormData): Record<string, "INVALID_INPUT"> | null {
  let errors: Record<string, "INVALID_INPUT"> | null = null;
  for (const [key, value] of form.entries()) {
    if (hasForbiddenControl(key) || (typeof value === "string" && hasForbiddenControl(value))) {
      errors ??= {};
      errors[hasForbiddenControl(key) ? "_form" : key] = "INVALID_INPUT";
    }
  }
  return errors;
}
