/**
 * The closed set of error codes the server reports. The UI translates each one
 * (messages `error.<CODE>` in both catalogues); no English text reaches users.
 */
export const ERROR_CODES = [
  "INVALID_INPUT",
  "EMAIL_INVALID",
  "NAME_REQUIRED",
  "CONSENT_REQUIRED",
  "REGISTRATION_FAILED",
  "VERIFICATION_TOKEN_NOT_FOUND",
  "VERIFICATION_TOKEN_EXPIRED",
  "CODE_INVALID",
  "CODE_EXPIRED",
  "CODE_ATTEMPTS_EXCEEDED",
  "CODE_RESEND_TOO_EARLY",
  "TOO_MANY_REQUESTS",
  "ACCOUNT_INACTIVE",
  "SESSION_EXPIRED",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "ACCOUNT_SAVE_FAILED",
  "ACCOUNT_DELETE_FAILED",
  "DELETE_CONFIRMATION_MISMATCH",
  "OIDC_STATE_MISMATCH",
  "OIDC_MISSING_CODE",
  "OIDC_PROVIDER_INVALID",
  "OIDC_EMAIL_MISSING",
  "TEXT_TOO_LONG",
  "URL_INVALID",
  "COMPANY_NAME_REQUIRED",
  "DESCRIPTION_TRANSLATION_REQUIRED",
  "NACE_REQUIRED",
  "NACE_INVALID",
  "TAGS_MIN",
  "TAG_TRANSLATION_REQUIRED",
  "TAG_EXISTS",
  "LOGO_REQUIRED",
  "COUNTRY_REQUIRED",
  "STATE_REQUIRED",
  "ADDRESS_LINE_REQUIRED",
  "POSTAL_CODE_REQUIRED",
  "POSTAL_CODE_INVALID",
  "CITY_REQUIRED",
  "HEADQUARTERS_REQUIRED",
  "CONTACT_FUNCTION_REQUIRED",
  "PHONE_INVALID",
  "CONTACT_CONSENT_REQUIRED",
  "TITLE_REQUIRED",
  "DESCRIPTION_REQUIRED",
  "KEYWORDS_REQUIRED",
  "VALIDITY_INVALID",
  "PROLONG_NOT_ALLOWED",
  "CHALLENGE_REASON_REQUIRED",
  "CHALLENGE_DESCRIPTION_REQUIRED",
  "ALREADY_HANDLED",
  "LINK_ALREADY_REQUESTED",
  "ROLE_REQUEST_NEEDS_COMPANY",
  "ROLE_REQUEST_EXISTS",
  "FILE_REQUIRED",
  "FILE_TOO_LARGE",
  "FILE_TYPE_NOT_ALLOWED",
  "IMAGE_INVALID",
  "GENERIC",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

const STATUS: Partial<Record<ErrorCode, number>> = {
  TOO_MANY_REQUESTS: 429,
  FILE_TOO_LARGE: 413,
  CODE_RESEND_TOO_EARLY: 429,
  UNAUTHENTICATED: 401,
  SESSION_EXPIRED: 401,
  FORBIDDEN: 403,
  ACCOUNT_INACTIVE: 403,
  NOT_FOUND: 404,
  VERIFICATION_TOKEN_NOT_FOUND: 404,
  GENERIC: 500,
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: Record<string, string | number> | undefined;

  constructor(code: ErrorCode, details?: Record<string, string | number>) {
    super(code);
    this.name = "AppError";
    this.code = code;
    this.status = STATUS[code] ?? 400;
    this.details = details;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
