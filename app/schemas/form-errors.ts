import type { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "~/server/errors";

export type FieldErrors = Record<string, ErrorCode>;

function asCode(message: string): ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(message) ? (message as ErrorCode) : "INVALID_INPUT";
}

/** First error code per field, for forms to show next to their inputs. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const result: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "_form");
    result[field] ??= asCode(issue.message);
  }
  return result;
}
