/** An XLSX cell's value as the text the import works with (decision 038). */

const PLAIN_NUMBER = new Intl.NumberFormat("en-US", { useGrouping: false, maximumSignificantDigits: 15 });

/** Plain decimal text: no exponent, no float noise (0.1 + 0.2 → "0.3", 1e21 → "1000000000000000000000"). */
export function plainNumber(value: number): string {
  if (!Number.isFinite(value)) return "";
  if (Number.isSafeInteger(value)) return String(value);
  return PLAIN_NUMBER.format(value);
}

/** A date as ISO yyyy-mm-dd (Excel dates carry no zone; exceljs gives them as UTC midnight). */
export function isoDate(value: Date): string {
  return Number.isNaN(value.getTime()) ? "" : value.toISOString().slice(0, 10);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * Formula → its cached result; rich text → its plain text; hyperlink → its text; error → empty;
 * boolean → "TRUE"/"FALSE". Nothing is evaluated.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return plainNumber(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return isoDate(value);
  if (isRecord(value)) {
    if (Array.isArray(value.richText)) return value.richText.map((part: unknown) => (isRecord(part) && typeof part.text === "string" ? part.text : "")).join("");
    if ("formula" in value || "sharedFormula" in value) return cellText(value.result);
    if ("hyperlink" in value || "text" in value) return cellText(value.text);
    if ("error" in value) return "";
  }
  return "";
}
