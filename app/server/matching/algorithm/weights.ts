/**
 * What one meeting is worth (decision 023). Three tiers, compared lexicographically over the whole
 * schedule: first the ranked wishes it meets, then one meeting more (one idle company-round less,
 * twice), then how well an unranked pair fits. The tiers become one integer weight per pair with
 * multipliers large enough that no amount of a lower tier outweighs one unit of a higher one.
 */
import type { MatchCompany } from "./types";

/** Value of being met by one's rank-r wish: K for the first wish … 1 for the K-th; 0 when unranked. */
export function wishPoints(rank: number | null, maxPreferences: number): number {
  return rank === null || rank < 1 || rank > maxPreferences ? 0 : maxPreferences + 1 - rank;
}

/**
 * Wish value of a pair: both sides' points, plus K more when the wish is mutual, so that every mutual
 * wish (at least 2 + K) outranks every one-sided wish (at most K): "mutual wishes first, higher ranks
 * first". Two one-sided first wishes (2K) still beat one mutual pair of last wishes (K + 2).
 */
export function wishValue(rankAOfB: number | null, rankBOfA: number | null, maxPreferences: number): number {
  const a = wishPoints(rankAOfB, maxPreferences);
  const b = wishPoints(rankBOfA, maxPreferences);
  return a + b + (a > 0 && b > 0 ? maxPreferences : 0);
}

/** Largest compatibility of a pair (see `compatibility`). */
export const MAX_COMPATIBILITY = 8;

/** NACE division: section letter and the two-digit division ("C28.1" → "C28"; "28.11" → "28"). */
function division(code: string): string {
  const m = /^([A-Za-z]?)\s*(\d{2})/.exec(code.trim());
  return m ? `${m[1]!.toUpperCase()}${m[2]}` : code.trim().toUpperCase();
}

function intersects(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const set = new Set(a);
  return b.some((x) => set.has(x));
}

/**
 * How well two companies fit when neither ranked the other, 0..MAX_COMPATIBILITY: 3 for each
 * direction in which one's offers meet the other's requests (complementary), 2 for a shared NACE
 * code, else 1 for a shared NACE division (same industry).
 */
export function compatibility(a: MatchCompany, b: MatchCompany): number {
  let c = 0;
  if (intersects(a.offerTags, b.requestTags)) c += 3;
  if (intersects(b.offerTags, a.requestTags)) c += 3;
  const codesA = a.naceCodes.map((x) => x.trim().toUpperCase());
  const codesB = b.naceCodes.map((x) => x.trim().toUpperCase());
  if (intersects(codesA, codesB)) c += 2;
  else if (intersects(codesA.map(division), codesB.map(division))) c += 1;
  return c;
}

/**
 * `compatibility` for many pairs of one list. Every distinct tag, NACE code and division gets a bit;
 * each company's offers, requests, codes and divisions become bit sets (`words` 32-bit words each),
 * so a pair costs a few AND operations instead of set look-ups (2 million pairs at 2,000 companies).
 */
export function compatibilityIndex(companies: readonly MatchCompany[]): (i: number, j: number) => number {
  const tagBit = new Map<string, number>();
  const codeBit = new Map<string, number>();
  const divisionBit = new Map<string, number>();
  const bitOf = (m: Map<string, number>, key: string) => {
    let b = m.get(key);
    if (b === undefined) m.set(key, (b = m.size));
    return b;
  };
  const prep = companies.map((c) => {
    const codes = c.naceCodes.map((x) => x.trim().toUpperCase());
    return {
      offers: c.offerTags.map((t) => bitOf(tagBit, t)),
      requests: c.requestTags.map((t) => bitOf(tagBit, t)),
      codes: codes.map((x) => bitOf(codeBit, x)),
      divisions: codes.map((x) => bitOf(divisionBit, division(x))),
    };
  });
  const n = companies.length;
  const wordsOf = (m: Map<string, number>) => Math.max(1, Math.ceil(m.size / 32));
  const tw = wordsOf(tagBit);
  const cw = wordsOf(codeBit);
  const dw = wordsOf(divisionBit);
  const offers = new Uint32Array(n * tw);
  const requests = new Uint32Array(n * tw);
  const codes = new Uint32Array(n * cw);
  const divisions = new Uint32Array(n * dw);
  const set = (arr: Uint32Array, base: number, bits: number[]) => {
    for (const b of bits) arr[base + (b >>> 5)]! |= 1 << (b & 31);
  };
  prep.forEach((x, i) => {
    set(offers, i * tw, x.offers);
    set(requests, i * tw, x.requests);
    set(codes, i * cw, x.codes);
    set(divisions, i * dw, x.divisions);
  });
  const meets = (a: Uint32Array, b: Uint32Array, words: number, i: number, j: number) => {
    for (let w = 0; w < words; w++) if ((a[i * words + w]! & b[j * words + w]!) !== 0) return true;
    return false;
  };
  return (i, j) => {
    let c = 0;
    if (meets(offers, requests, tw, i, j)) c += 3;
    if (meets(offers, requests, tw, j, i)) c += 3;
    if (meets(codes, codes, cw, i, j)) c += 2;
    else if (meets(divisions, divisions, dw, i, j)) c += 1;
    return c;
  };
}

export interface WeightScale {
  /** Weight of one wish-value unit. */
  wishUnit: number;
  /** Weight of one meeting. */
  meetingUnit: number;
  /**
   * True: the tiers are lexicographic over the whole schedule (the multipliers cover every meeting
   * of every round). False: only within each round — the whole-schedule multipliers would pass
   * 2^53 / 8 (only for events far beyond the benchmark's 500 companies × 20 rounds).
   */
  wholeSchedule: boolean;
}

const SAFE = 2 ** 53 / 8;

/**
 * Multipliers for an event with at most `maxMeetingsTotal` meetings in all and at most
 * `maxMeetingsPerRound` in one round: meetingUnit > every possible compatibility total, wishUnit >
 * every possible (meetings, compatibility) total, so the weighted sum orders schedules exactly like
 * (wish value, meetings, compatibility).
 */
export function weightScale(maxMeetingsTotal: number, maxMeetingsPerRound: number, maxPreferences: number): WeightScale {
  const make = (m: number) => {
    const meetingUnit = m * MAX_COMPATIBILITY + 1;
    const wishUnit = m * (meetingUnit + MAX_COMPATIBILITY) + 1;
    const largestTotal = m * (wishUnit * 3 * maxPreferences + meetingUnit + MAX_COMPATIBILITY);
    return { meetingUnit, wishUnit, largestTotal };
  };
  const whole = make(Math.max(1, maxMeetingsTotal));
  if (whole.largestTotal < SAFE) return { wishUnit: whole.wishUnit, meetingUnit: whole.meetingUnit, wholeSchedule: true };
  const round = make(Math.max(1, maxMeetingsPerRound));
  return { wishUnit: round.wishUnit, meetingUnit: round.meetingUnit, wholeSchedule: false };
}

export function pairWeight(scale: WeightScale, wish: number, compat: number): number {
  return scale.wishUnit * wish + scale.meetingUnit + compat;
}
