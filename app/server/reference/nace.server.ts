import { inArray, or, sql } from "drizzle-orm";
import type { Locale } from "~/i18n/locales";
import { type Db, rowsOf } from "~/server/db/client.server";
import { naceCodes } from "~/server/db/schema";
import { escapeLike, foldedRegex, foldText, matches } from "./geocode.server";

export interface NaceRow {
  code: string;
  /** 1 section (C), 2 division (25), 3 group (25.1), 4 class (25.11). */
  level: number;
  /** Code one level up; null for sections. */
  parent: string | null;
  labelDe: string;
  labelCs: string;
}

const columns = {
  code: naceCodes.code,
  level: naceCodes.level,
  parent: naceCodes.parent,
  labelDe: naceCodes.labelDe,
  labelCs: naceCodes.labelCs,
};

// Code order independent of the database collation ("C" sorts digits before letters, dots as bytes).
const byCode = sql`${naceCodes.code} collate "C"`;

/**
 * All 996 codes in tree (pre-)order: each section, then its divisions, each followed by its groups
 * and classes, so a client can build the tree in one pass.
 */
export function listNace(db: Db): Promise<NaceRow[]> {
  // Reference data: loaded at start-up (loadReferenceData, which forgets this copy) and never edited
  // by users, so each process reads it once per database instead of on every search page.
  let list = loaded.get(db);
  if (!list) {
    list = readNace(db);
    loaded.set(db, list);
    list.catch(() => loaded.delete(db));
  }
  return list;
}

const loaded = new WeakMap<Db, Promise<NaceRow[]>>();

/** After the NACE table was (re)loaded: the next listNace reads it again. */
export function forgetNaceList(db: Db): void {
  loaded.delete(db);
}

async function readNace(db: Db): Promise<NaceRow[]> {
  const rows = await db.select(columns).from(naceCodes).orderBy(byCode);
  const sectionOf = new Map<string, string>();
  for (const row of rows) if (row.level === 2 && row.parent) sectionOf.set(row.code, row.parent);
  // A division's section is its parent; groups and classes inherit it via their first two digits.
  const section = (row: NaceRow) => (row.level === 1 ? row.code : (sectionOf.get(row.code.slice(0, 2)) ?? ""));
  const key = (row: NaceRow) => `${section(row)} ${row.level === 1 ? "" : row.code}`;
  return rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/**
 * Codes for a typed query: codes starting with it ("25.1", "251", "c") or labels in the given
 * language containing it (case- and diacritic-insensitive, from two characters on). Ranked: exact
 * code, sections, other code matches, labels with a word starting with the query, other labels;
 * by code within each rank.
 */
export async function searchNace(db: Db, query: string, locale: Locale, limit = 20): Promise<NaceRow[]> {
  const trimmed = query.trim().slice(0, 100);
  if (!trimmed || limit <= 0) return [];
  // Codes are compared without dots so "2511" finds 25.11 as well.
  const codeQuery = `${escapeLike(trimmed.toUpperCase().replace(/[.\s]/g, ""))}%`;
  const codeMatch = sql`replace(${naceCodes.code}, '.', '') like ${codeQuery}`;
  const folded = foldText(trimmed);
  const label = locale === "cs" ? naceCodes.labelCs : naceCodes.labelDe;
  const regex = foldedRegex(folded);
  // Single letters would match nearly every label; they only select codes (section "C").
  const labelMatch = folded.length >= 2 ? matches(label, regex) : sql`false`;
  // A word starts at the beginning, after a space or punctuation ("NE-Metallerzbergbau").
  const wordStart = matches(label, `(^|[ (),;/.-])${regex}`);
  const rank = sql`case
    when ${naceCodes.code} = ${trimmed.toUpperCase()} then 0
    when ${naceCodes.level} = 1 then 1
    when ${codeMatch} then 2
    when ${wordStart} then 3
    else 4 end`;
  return db
    .select(columns)
    .from(naceCodes)
    .where(or(codeMatch, labelMatch))
    .orderBy(rank, byCode)
    .limit(limit);
}

/**
 * The given codes plus all their descendants (a section includes its divisions, a division its
 * groups and classes), in code order. Unknown codes are dropped.
 */
export async function expandNace(db: Db, codes: string[]): Promise<string[]> {
  const wanted = [...new Set(codes)];
  if (wanted.length === 0) return [];
  const result = await db.execute<{ code: string }>(sql`
    with recursive tree(code) as (
      select ${naceCodes.code} from ${naceCodes} where ${inArray(naceCodes.code, wanted)}
      union
      select n.code from ${naceCodes} n join tree t on n.parent = t.code
    )
    select code from tree order by code collate "C"`);
  return rowsOf<{ code: string }>(result).map((row) => row.code);
}

/** Whether the code exists (any level: "C", "25", "25.1", "25.11"). */
export async function isValidNaceCode(db: Db, code: string): Promise<boolean> {
  return (await validNaceCodes(db, [code])).length === 1;
}

/** The codes among the given ones that exist, in input order, without duplicates. */
export async function validNaceCodes(db: Db, codes: string[]): Promise<string[]> {
  const wanted = [...new Set(codes)];
  if (wanted.length === 0) return [];
  const found = await db.select({ code: naceCodes.code }).from(naceCodes).where(inArray(naceCodes.code, wanted));
  const existing = new Set(found.map((row) => row.code));
  return wanted.filter((code) => existing.has(code));
}

// node-postgres returns { rows }, PGlite's drizzle driver too; be tolerant of a bare array.