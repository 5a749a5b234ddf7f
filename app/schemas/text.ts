import { z } from "zod";

/**
 * Shared rules for user text (decision 012).
 *
 * Control characters: PostgreSQL refuses NUL in text, and the other C0/C1 controls (except tab
 * and line breaks in multi-line fields) have no place in names, addresses or search terms. Every
 * form field and search parameter is checked here, centrally, so a stray byte is a 400 with a
 * field error instead of a database exception. The Unicode line/paragraph separators (U+2028/2029)
 * come with text pasted from office documents and are harmless in text; they are refused only in
 * values that end up in headers or URLs (redirect targets, `hasAnyControl`).
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Stricter, for single-line values that end up in headers or URLs (redirect targets). */
// eslint-disable-next-line no-control-regex
const ANY_CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

export function hasForbiddenControl(value: string): boolean {
  return FORBIDDEN_CONTROL.test(value) || hasLoneSurrogate(value);
}

export function hasAnyControl(value: string): boolean {
  return ANY_CONTROL.test(value) || hasLoneSurrogate(value);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/**
 * A character a reader can see: not whitespace, not a combining mark on its own, not a format
 * character (zero-width space/joiners, BOM, soft hyphen, bidi marks), not a control, and not one
 * of the blank fillers that render as nothing (Hangul fillers, Braille blank).
 */
const INVISIBLE = /^[\p{White_Space}\p{M}\p{Cf}\p{Cc}\u115F\u1160\u3164\uFFA0\u2800]*$/u;

/** True when the text contains at least one visible character. */
export function hasVisibleText(value: string): boolean {
  return !INVISIBLE.test(value);
}

/** zod string without forbidden control characters (tab and line breaks allowed). */
export function plainText() {
  return z.string().refine((v) => !hasForbiddenControl(v), "INVALID_INPUT");
}

/**
 * Required text: trimmed, at least one visible character (text made only of zero-width
 * characters, fillers or combining marks counts as empty and reports `required`), at most `max`.
 */
export function requiredText(max: number, required = "INVALID_INPUT", tooLong = "TEXT_TOO_LONG") {
  return plainText().trim().refine(hasVisibleText, required).max(max, tooLong);
}

/** Optional text: trimmed; empty or invisible-only becomes null. */
export function optionalText(max: number) {
  return plainText()
    .trim()
    .max(max, "TEXT_TOO_LONG")
    .optional()
    .transform((v) => (v && hasVisibleText(v) ? v : null));
}
