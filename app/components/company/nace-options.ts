import type { Locale } from "~/i18n/locales";
import type { NaceOption } from "./types";

interface NaceRowLike {
  code: string;
  level: number;
  parent: string | null;
  labelDe: string;
  labelCs: string;
}

/** The loader's NACE list for one language (half the payload of both labels). */
export function naceOptionsFor(rows: readonly NaceRowLike[], locale: Locale): NaceOption[] {
  return rows.map(({ code, level, parent, labelDe, labelCs }) => ({ code, level, parent, label: locale === "cs" ? labelCs : labelDe }));
}

/** Sections and divisions (what the picker lists before a query) and the codes already picked. */
export function topOfNaceTree<T extends NaceRowLike>(rows: readonly T[], picked: readonly string[]): T[] {
  const keep = new Set(picked);
  return rows.filter((row) => row.level <= 2 || keep.has(row.code));
}

/** "25.11 – Herstellung von Metallkonstruktionen". */
export function naceLabel(option: NaceOption): string {
  return `${option.code} – ${option.label}`;
}

/** Case-, diacritic- and ß-insensitive comparison form. */
export function fold(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .trim();
}

/** Whether an option matches a query: code prefix (dots optional: "2511") or label text. */
export function naceMatches(option: NaceOption, query: string): boolean {
  const q = fold(query);
  if (!q) return true;
  const code = option.code.toLowerCase();
  if (code.startsWith(q) || code.replace(/\./g, "").startsWith(q.replace(/[.\s]/g, ""))) return true;
  return q.length >= 2 && fold(option.label).includes(q);
}

export const NACE_RESULT_LIMIT = 150;

/**
 * What the picker lists for a query, in tree order: without a query the sections and divisions
 * (the top of the hierarchy); with one, the matches plus their ancestors, so every hit is shown
 * under its section and division.
 */
export function filterNace(options: readonly NaceOption[], query: string, limit = NACE_RESULT_LIMIT): NaceOption[] {
  if (!query.trim()) return options.filter((o) => o.level <= 2);
  const byCode = new Map(options.map((o) => [o.code, o]));
  const keep = new Set<string>();
  let hits = 0;
  for (const option of options) {
    if (hits >= limit) break;
    if (!naceMatches(option, query)) continue;
    hits++;
    for (let cur: NaceOption | undefined = option; cur && !keep.has(cur.code); cur = cur.parent ? byCode.get(cur.parent) : undefined) {
      keep.add(cur.code);
    }
  }
  return options.filter((o) => keep.has(o.code));
}
