/**
 * Detection of a CSV file's encoding and separator from its first bytes (decision 038). Pure
 * functions over a byte sample, no I/O.
 */
import type { CsvEncoding, CsvSeparator } from "~/schemas/imports";
import { CSV_SEPARATORS } from "~/schemas/imports";

const BOM = [0xef, 0xbb, 0xbf] as const;

export function hasUtf8Bom(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === BOM[0] && bytes[1] === BOM[1] && bytes[2] === BOM[2];
}

/** Strict UTF-8 check; a multi-byte character cut at the end of a sample is not an error. */
export function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * Bytes that are Czech letters in Windows-1250 but rare accented letters (è ø ì ù ï ò È Ø Ì Ù Ï Ò)
 * or unassigned in Windows-1252: č ř ě ů ť ď ň Č Ř Ě Ů Ť Ď Ň, and ľ ĺ ŕ Ľ of Slovak. The letters
 * š ž Š Ž and ä ö ü ß Ä Ö Ü á é í ó ú ý are the same bytes in both and decide nothing.
 */
const CZECH_IN_1250 = new Set([0xe8, 0xf8, 0xec, 0xf9, 0x9d, 0xef, 0xf2, 0xc8, 0xd8, 0xcc, 0xd9, 0x8d, 0xcf, 0xd2, 0xbe, 0xbc]);
/**
 * Bytes whose Windows-1250 meaning is implausible in German or Czech text (ŕ ă ĺ ę ń ő ű ţ Ł ą …)
 * while Windows-1252 reads a western letter or sign (à ã å ê ñ õ û þ £ ¹ …).
 */
const IMPLAUSIBLE_IN_1250 = new Set([0xe0, 0xe3, 0xe5, 0xea, 0xf1, 0xf5, 0xfb, 0xfe, 0xc0, 0xc3, 0xc5, 0xca, 0xd1, 0xd5, 0xdb, 0xde, 0xa3, 0xa5, 0xb9, 0xb3, 0xaa, 0xba, 0xaf, 0xbf, 0x8c, 0x9c, 0x8f, 0x9f]);

/** UTF-8 with BOM, UTF-8, or the more plausible of Windows-1250/1252; ties go to the file's language. */
export function detectEncoding(bytes: Uint8Array, language: "de" | "cs"): CsvEncoding {
  if (hasUtf8Bom(bytes)) return "utf-8-bom";
  if (isValidUtf8(bytes)) return "utf-8";
  let czech = 0;
  let western = 0;
  for (const byte of bytes) {
    if (byte < 0x80) continue;
    if (CZECH_IN_1250.has(byte)) czech++;
    else if (IMPLAUSIBLE_IN_1250.has(byte)) western++;
  }
  if (czech > western) return "windows-1250";
  if (western > czech) return "windows-1252";
  return language === "cs" ? "windows-1250" : "windows-1252";
}

/** The label TextDecoder knows the encoding by. */
export function decoderLabel(encoding: CsvEncoding): string {
  return encoding === "utf-8-bom" ? "utf-8" : encoding;
}

export function decodeSample(bytes: Uint8Array, encoding: CsvEncoding): string {
  return new TextDecoder(decoderLabel(encoding)).decode(bytes, { stream: true });
}

/** Fields per record for the first `maxRecords` records, quote-aware (a quoted separator or line break does not count). */
function fieldCounts(text: string, separator: string, maxRecords: number, complete: boolean): number[] {
  const counts: number[] = [];
  let fields = 1;
  let inQuotes = false;
  let atFieldStart = true;
  let lineHasContent = false;
  for (let i = 0; i < text.length && counts.length < maxRecords; i++) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') i++;
        else inQuotes = false;
      }
      continue;
    }
    if (ch === '"' && atFieldStart) {
      inQuotes = true;
      atFieldStart = false;
      lineHasContent = true;
    } else if (ch === separator) {
      fields++;
      atFieldStart = true;
      lineHasContent = true;
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      if (lineHasContent) counts.push(fields);
      fields = 1;
      atFieldStart = true;
      lineHasContent = false;
    } else {
      atFieldStart = false;
      lineHasContent = true;
    }
  }
  // The last line of a cut sample may be partial; of a whole file it counts.
  if (complete && lineHasContent && counts.length < maxRecords) counts.push(fields);
  return counts;
}

/**
 * The separator that splits the first records into the same number (> 1) of fields most
 * consistently; ties go to the one with more fields, then to the order , ; TAB |.
 */
export function detectSeparator(text: string, complete = false): CsvSeparator {
  let best: CsvSeparator = CSV_SEPARATORS[0];
  let bestScore = 0;
  for (const separator of CSV_SEPARATORS) {
    const counts = fieldCounts(text, separator, 30, complete);
    if (counts.length === 0) continue;
    const freq = new Map<number, number>();
    for (const c of counts) freq.set(c, (freq.get(c) ?? 0) + 1);
    let mode = 1;
    let modeFreq = 0;
    for (const [c, f] of freq) if (f > modeFreq || (f === modeFreq && c > mode)) [mode, modeFreq] = [c, f];
    if (mode < 2) continue;
    const score = (modeFreq / counts.length) * 1000 + Math.min(mode, 999) / 1000;
    if (score > bestScore) [best, bestScore] = [separator, score];
  }
  return best;
}
