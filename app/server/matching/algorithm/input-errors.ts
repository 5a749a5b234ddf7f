/**
 * Inputs the scheduler refuses instead of turning them into an invalid schedule (decision 030).
 * The algorithm is pure and knows companies only by id: the caller maps the error to its coded
 * AppError and replaces the ids by names.
 */
import { B2B_PLAN_LIMITS } from "~/schemas/b2b-plan";
import type { FixedMeeting, MatchInput } from "./types";

/**
 * The largest K the scheduler accepts: the plan form's (and the database's) maximum list length.
 * Ranks are stored in 16 bits (problem.ts), so K may grow up to RANK_STORAGE_MAX without a rank
 * wrapping; a larger K must widen that storage first.
 */
export const MAX_PREFERENCES = B2B_PLAN_LIMITS.maxPreferences;
/** Largest rank the problem's rank storage (Uint16Array) holds; wish values (≤ 3K) fit as well. */
export const RANK_STORAGE_MAX = Math.floor(0xffff / 3);

/** Why a locked meeting cannot be kept. */
export type LockConflictReason =
  | "COMPANY_TWICE" // one company in two locked meetings of the same round
  | "TABLE_TWICE" // two locked meetings on the same table in the same round
  | "PAIR_TWICE" // the same pair locked in two rounds
  | "ROUND_OUTSIDE" // the round does not exist
  | "TABLE_INVALID" // the table is not a positive integer
  | "UNKNOWN_COMPANY" // a company that does not take part
  | "SAME_COMPANY" // a company meeting itself
  | "EXCLUDED_PAIR"; // one of the two excluded the other

export type MatchInputErrorCode = "B2B_MAX_PREFERENCES_INVALID" | "B2B_TABLES_INVALID" | "B2B_LOCK_CONFLICT";

export class MatchInputError extends Error {
  readonly code: MatchInputErrorCode;
  /** For B2B_LOCK_CONFLICT: the lock refused, and for clashes the earlier lock it clashes with. */
  readonly lock: FixedMeeting | null;
  readonly other: FixedMeeting | null;
  readonly reason: LockConflictReason | null;

  constructor(code: MatchInputErrorCode, message: string, conflict?: { reason: LockConflictReason; lock: FixedMeeting; other?: FixedMeeting }) {
    super(message);
    this.name = "MatchInputError";
    this.code = code;
    this.reason = conflict?.reason ?? null;
    this.lock = conflict?.lock ?? null;
    this.other = conflict?.other ?? null;
  }
}

export function isMatchInputError(error: unknown): error is MatchInputError {
  return error instanceof MatchInputError;
}

const isPositiveInteger = (n: number) => Number.isInteger(n) && n >= 1;
const pairKey = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);
const describe = (f: FixedMeeting) => `round ${f.round}, table ${f.table}: ${f.a} – ${f.b}`;

/** K within 1..MAX_PREFERENCES (absent or not a number means the default 10, see effectiveK). */
export function checkMaxPreferences(input: Pick<MatchInput, "maxPreferences">, max: number = MAX_PREFERENCES): void {
  const k = Math.floor(input.maxPreferences);
  if (Number.isFinite(k) && k > max) throw new MatchInputError("B2B_MAX_PREFERENCES_INVALID", `maxPreferences ${input.maxPreferences} is above ${max}`);
}

/**
 * Everything the scheduler needs to be true of its input before it runs: usable tables are positive
 * integers, K is supported, and the locked meetings can all be kept at once (each on its own and
 * against each other). The first problem found is thrown, naming the lock.
 */
export function checkMatchInput(input: MatchInput): void {
  checkMaxPreferences(input);
  const badTable = input.tables.find((t) => !isPositiveInteger(t));
  if (badTable !== undefined) throw new MatchInputError("B2B_TABLES_INVALID", `table ${badTable} is not a positive integer`);

  const known = new Set(input.companies.map((c) => c.id));
  const excluded = new Set<string>();
  for (const [id, list] of Object.entries(input.excluded ?? {})) for (const other of list) excluded.add(pairKey(id, other));
  const seats = new Map<string, FixedMeeting>();
  const tables = new Map<string, FixedMeeting>();
  const pairs = new Map<string, FixedMeeting>();
  const refuse = (reason: LockConflictReason, lock: FixedMeeting, other?: FixedMeeting): never => {
    throw new MatchInputError("B2B_LOCK_CONFLICT", `locked meeting ${describe(lock)}: ${reason}${other ? ` (with ${describe(other)})` : ""}`, { reason, lock, ...(other ? { other } : {}) });
  };
  for (const f of input.fixed) {
    if (!Number.isInteger(f.round) || f.round < 1 || f.round > input.rounds) refuse("ROUND_OUTSIDE", f);
    if (!isPositiveInteger(f.table)) refuse("TABLE_INVALID", f);
    if (!known.has(f.a) || !known.has(f.b)) refuse("UNKNOWN_COMPANY", f);
    if (f.a === f.b) refuse("SAME_COMPANY", f);
    if (excluded.has(pairKey(f.a, f.b))) refuse("EXCLUDED_PAIR", f);
    for (const id of [f.a, f.b]) {
      const earlier = seats.get(`${f.round}|${id}`);
      if (earlier) refuse("COMPANY_TWICE", f, earlier);
    }
    const atTable = tables.get(`${f.round}|${f.table}`);
    if (atTable) refuse("TABLE_TWICE", f, atTable);
    const again = pairs.get(pairKey(f.a, f.b));
    if (again) refuse("PAIR_TWICE", f, again);
    seats.set(`${f.round}|${f.a}`, f);
    seats.set(`${f.round}|${f.b}`, f);
    tables.set(`${f.round}|${f.table}`, f);
    pairs.set(pairKey(f.a, f.b), f);
  }
}
