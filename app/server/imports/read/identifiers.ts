/** Company identifiers: check and comparison form (decision 038). */
import type { IdentifierKind } from "~/schemas/imports";

/** Upper case, diacritics removed, letters and digits only: the form identifiers are compared in. */
export function identifierKey(value: string): string {
  return fold(value).toUpperCase().replace(/[^A-Z0-9]/g, "");
}

/** Lower case without diacritics, anything but letters and digits a single space. */
export function fold(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "ss")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** IČO: 8 digits (shorter ones are padded with leading zeros), the last a mod-11 check digit. */
export function normaliseIco(raw: string): string | null {
  const digits = raw.replace(/[\s.]/g, "");
  if (!/^\d{1,8}$/.test(digits)) return null;
  const ico = digits.padStart(8, "0");
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(ico[i]) * (8 - i);
  const check = (11 - (sum % 11)) % 10;
  return check === Number(ico[7]) ? ico : null;
}

const DE_REGISTER = /\b(HRA|HRB|GnR|GsR|PR|VR)\s*\.?\s*(\d{1,7})(?:\s*([A-Z]{1,2}))?\b/i;
const CZ_REGISTER = /^(?:oddíl\s*)?(A|B|C|Dr|Pr|L|F|O|E|H|R|Ta|U|S|K|N)\s*,?\s*(?:vložka\s*)?(\d{1,7})\b/i;

/**
 * A commercial register entry: German "HRB 1234 B" with the court optional ("Amtsgericht Köln
 * HRB 1234", "HRB 1234, AG Köln"), Czech "C 12345" (oddíl, vložka) with the court optional.
 * The value keeps the court; the comparison form is the register type and number only.
 */
export function normaliseCommercialRegister(raw: string): { value: string; normalized: string } | null {
  const text = raw.replace(/\s+/g, " ").trim();
  const de = DE_REGISTER.exec(text);
  if (de) {
    const type = de[1]!.toUpperCase() === "GNR" ? "GnR" : de[1]!.toUpperCase() === "GSR" ? "GsR" : de[1]!.toUpperCase();
    const number = `${type} ${de[2]}${de[3] ? ` ${de[3].toUpperCase()}` : ""}`;
    const court = (text.slice(0, de.index) + " " + text.slice(de.index + de[0].length)).replace(/^[\s,;:-]+|[\s,;:-]+$/g, "").replace(/\s*,\s*/g, ", ");
    return { value: court ? `${number}, ${court}` : number, normalized: identifierKey(number) };
  }
  const cz = CZ_REGISTER.exec(text);
  if (cz) {
    const section = cz[1]!.length === 2 ? cz[1]![0]!.toUpperCase() + cz[1]![1]!.toLowerCase() : cz[1]!.toUpperCase();
    const number = `${section} ${cz[2]}`;
    const court = text.slice(cz[0].length).replace(/^[\s,;:/-]+|[\s,;:-]+$/g, "");
    return { value: court ? `${number}, ${court}` : number, normalized: identifierKey(number) };
  }
  return null;
}

/** The checked value and comparison form of one identifier, or null when it is not valid for its kind. */
export function normaliseIdentifier(kind: IdentifierKind, raw: string): { value: string; normalized: string } | null {
  const value = raw.replace(/\s+/g, " ").trim();
  if (!value || value.length > 100) return null;
  if (kind === "ICO") {
    const ico = normaliseIco(value);
    return ico ? { value: ico, normalized: ico } : null;
  }
  if (kind === "COMMERCIAL_REGISTER") return normaliseCommercialRegister(value);
  const normalized = identifierKey(value);
  return normalized ? { value, normalized } : null;
}
