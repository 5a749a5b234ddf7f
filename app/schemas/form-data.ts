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
