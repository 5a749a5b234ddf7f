import { data } from "react-router";
import type { z } from "zod";
import { formToObject } from "~/schemas/form-data";
import { type FieldErrors, fieldErrors } from "~/schemas/form-errors";
import { isDatabaseUnavailable } from "~/server/db/availability.server";
import { AppError, type ErrorCode, isAppError } from "~/server/errors";

export interface ActionFailure {
  ok: false;
  error?: ErrorCode;
  details?: Record<string, string | number>;
  fieldErrors?: FieldErrors;
}

class ValidationFailure extends AppError {
  readonly fieldErrors: FieldErrors;
  constructor(errors: FieldErrors) {
    super("INVALID_INPUT");
    this.fieldErrors = errors;
  }
}

/**
 * Parses form data with the shared schema; failures become per-field error codes (HTTP 400).
 * Fields named in `arrays` collect every value (multi-selects), see formToObject.
 */
export function parseForm<S extends z.ZodType>(schema: S, form: FormData, arrays: readonly string[] = []): z.infer<S> {
  const parsed = schema.safeParse(formToObject(form, arrays));
  if (!parsed.success) throw new ValidationFailure(fieldErrors(parsed.error));
  return parsed.data;
}

/**
 * Runs an action body and maps typed errors to a response carrying their code; anything else
 * is logged and answered with the generic code, so no internals or English text reach users.
 * Responses (redirects) pass through.
 */
export async function handleAction<T, E extends Record<string, unknown> = Record<never, never>>(run: () => Promise<T>, extra?: E) {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ValidationFailure) {
      return failure({ ok: false, fieldErrors: error.fieldErrors }, extra, 400);
    }
    if (isAppError(error)) {
      return failure({ ok: false, error: error.code, details: error.details }, extra, error.status);
    }
    if (error instanceof Response || isDataWithResponseInit(error)) throw error;
    if (isDatabaseUnavailable(error)) {
      console.error(`Database unavailable: ${(error as Error).message}`);
      return failure({ ok: false, error: "SERVICE_UNAVAILABLE" }, extra, 503);
    }
    console.error(error);
    return failure({ ok: false, error: "GENERIC" }, extra, 500);
  }
}

function failure<E>(body: ActionFailure, extra: E | undefined, status: number) {
  return data({ ...extra, ...body } as ActionFailure & Partial<E>, { status });
}

function isDataWithResponseInit(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/** Only local, localized paths are valid redirect targets (no open redirects). */
export function safeRedirectTarget(value: unknown, fallback: string): string {
  if (typeof value !== "string") return fallback;
  if (!/^\/(de|cs)(\/|$|\?)/.test(value) || value.includes("\\") || value.includes("//")) return fallback;
  return value;
}
