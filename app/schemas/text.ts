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

/** zod string without forbidden control characters (tab and line breaks allowed): multi-line text. */
export function plainText() {
  return z.string().refine((v) => !hasForbiddenControl(v), "INVALID_INPUT");
}

/**
 * True when a single-line value holds a line break (CR, LF, NEL, U+2028/2029), a tab or any other
 * control character: what a one-line input cannot produce and what a title, a name, an e-mail
 * subject or a label must not carry into headers, PDFs, CSV cells and table layouts (decision 030).
 */
export function hasLineBreakOrControl(value: string): boolean {
  return hasAnyControl(value);
}

/**
 * zod string for a single-line field (decision 030): the multi-line rule first (NUL and other
 * forbidden controls stay INVALID_INPUT, as before), then line breaks, tabs and line separators
 * report TEXT_SINGLE_LINE on the field. Every single-line field of every schema is built on this.
 */
export function singleLine() {
  return plainText().refine((v) => !hasLineBreakOrControl(v) || hasForbiddenControl(v), SINGLE_LINE_ERROR);
}

/** The field error of a single-line field holding a line break or control character. */
export const SINGLE_LINE_ERROR = "TEXT_SINGLE_LINE";

const base = (lines: "single" | "multi") => (lines === "single" ? singleLine() : plainText());

/**
 * Required text: trimmed, at least one visible character (text made only of zero-width
 * characters, fillers or combining marks counts as empty and reports `required`), at most `max`.
 * Multi-line (descriptions, messages); `requiredLine` is the single-line one.
 */
export function requiredText(max: number, required = "INVALID_INPUT", tooLong = "TEXT_TOO_LONG", lines: "single" | "multi" = "multi") {
  return base(lines).trim().refine(hasVisibleText, required).max(max, tooLong);
}

/** Optional text: trimmed; empty or invisible-only becomes null. Multi-line; `optionalLine` is the single-line one. */
export function optionalText(max: number, lines: "single" | "multi" = "multi") {
  return base(lines)
    .trim()
    .max(max, "TEXT_TOO_LONG")
    .optional()
    .transform((v) => (v && hasVisibleText(v) ? v : null));
}

/** Required single-line text (titles, names, labels): `requiredText` without line breaks. */
export function requiredLine(max: number, required = "INVALID_INPUT", tooLong = "TEXT_TOO_LONG") {
  return requiredText(max, required, tooLong, "single");
}

/** Optional single-line text: `optionalText` without line breaks. */
export function optionalLine(max: number) {
  return optionalText(max, "single");
}
