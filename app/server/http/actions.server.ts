import { data } from "react-router";
import type { z } from "zod";
import { controlCharErrors, formToObject } from "~/schemas/form-data";
import { type FieldErrors, fieldErrors } from "~/schemas/form-errors";
import { isDatabaseUnavailable } from "~/server/db/availability.server";
import { hasAnyControl } from "~/schemas/text";
import { AppError, type ErrorCode, isAppError } from "~/server/errors";
import { fileTooLarge } from "~/server/storage/images.server";
import { readFormWithLimit } from "~/server/storage/uploads.server";
import { bodyLimitFor } from "./body-limits";
import { logger } from "~/server/logger.server";

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
  const controls = controlCharErrors(form);
  const parsed = schema.safeParse(formToObject(form, arrays));
  if (!parsed.success || controls) throw new ValidationFailure({ ...(parsed.success ? {} : fieldErrors(parsed.error)), ...controls });
  return parsed.data;
}

/**
 * Reads an action's form: never more than the route's body limit (bodyLimitFor; the Express
 * limiter enforces the same table before React Router), a body that is not a form or is
 * malformed is INVALID_INPUT, and a text field with a control character (NUL …) is a field error.
 * Throws AppError / validation failures; most actions want `readForm`.
 */
export async function readFormStrict(request: Request): Promise<FormData> {
  const limit = bodyLimitFor(new URL(request.url).pathname);
  const tooLarge = () => (limit.fileMaxBytes ? fileTooLarge(limit.fileMaxBytes) : new AppError("PAYLOAD_TOO_LARGE"));
  const form = await readFormWithLimit(request, limit.maxBytes, tooLarge);
  const controls = controlCharErrors(form);
  if (controls) throw new ValidationFailure(controls);
  return form;
}

/**
 * The form of an action, or the failure to answer with (400 INVALID_INPUT, 413 …), e.g.
 * `const form = await readForm(request); if (!(form instanceof FormData)) return form;`
 * Every action reads its body through this instead of `request.formData()`.
 */
export async function readForm<E extends Record<string, unknown> = Record<never, never>>(request: Request, extra?: E) {
  return handleAction(() => readFormStrict(request), extra);
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
      return failure({ ok: false, error: "INVALID_INPUT", fieldErrors: error.fieldErrors }, extra, 400);
    }
    if (isAppError(error)) {
      return failure({ ok: false, error: error.code, details: error.details }, extra, error.status);
    }
    if (error instanceof Response || isDataWithResponseInit(error)) throw error;
    if (isDatabaseUnavailable(error)) {
      logger.error(`Database unavailable: ${(error as Error).message}`);
      return failure({ ok: false, error: "SERVICE_UNAVAILABLE" }, extra, 503);
    }
    logger.error({ err: error }, "Action failed");
    return failure({ ok: false, error: "GENERIC" }, extra, 500);
  }
}

/**
 * For a step whose unexpected failure the spec names (§8: "registration failed", the delete error
 * for a participant, "send e-mail error"): `.catch(unexpectedAs("REGISTRATION_FAILED"))` logs the
 * failure and reports that code instead of the generic one. Domain refusals, validation failures,
 * responses and an unreachable database keep their own answers.
 */
export function unexpectedAs(code: ErrorCode) {
  return (error: unknown): never => {
    if (isAppError(error) || error instanceof Response || isDataWithResponseInit(error) || isDatabaseUnavailable(error)) throw error;
    logger.error({ err: error }, `Unexpected failure, answered ${code}`);
    throw new AppError(code);
  };
}

function failure<E>(body: ActionFailure, extra: E | undefined, status: number) {
  return data({ ...extra, ...body } as ActionFailure & Partial<E>, { status });
}

function isDataWithResponseInit(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/**
 * Only local, localized paths are valid redirect targets (no open redirects). Control and line
 * separator characters are refused (they would break the Location header); other non-ASCII
 * characters are percent-encoded so the header stays a valid byte string.
 */
export function safeRedirectTarget(value: unknown, fallback: string): string {
  if (typeof value !== "string" || value.length > REDIRECT_MAX || hasAnyControl(value)) return fallback;
  if (!/^\/(de|cs)(\/|$|\?)/.test(value) || value.includes("\\") || value.includes("//")) return fallback;
  return value.replace(/[^\x21-\x7e]+/g, (chars) => encodeURIComponent(chars));
}

export const REDIRECT_MAX = 2000;
