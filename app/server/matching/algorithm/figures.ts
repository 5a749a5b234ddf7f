/**
 * The event's figures for a schedule — after a run, and again whenever the organiser moves a meeting
 * by hand (then with whatever meetings the page holds; `computeFigures` needs only round, table and
 * the two companies, so full `ScheduledMeeting`s work as well).
 */
import { wishUpperBound } from "./bound";
import { lpWishBound, type MipRuntime } from "./joint";
import { maxRoundsWithoutRepeat } from "./max-rounds";
import { buildProblem, cleanRanking, type Problem } from "./problem";
import { meetingScore } from "./score";
import { hasStableMatching } from "./stable-roommates";
import type { MatchFigures, MatchInput, ScheduledMeeting } from "./types";

export type PlacedMeeting = Pick<ScheduledMeeting, "round" | "table" | "a" | "b">;

/** The objective in its three tiers (decision 023), for comparing schedules. */
export interface Objective {
  /** Σ wish value of the meetings (both sides' K + 1 − rank, + K for a mutual wish). */
  wishValue: number;
  meetings: number;
  /** Σ compatibility of the meetings. */
  compatibility: number;
}

export function objectiveOf(p: Problem, meetings: readonly PlacedMeeting[]): Objective {
  const o: Objective = { wishValue: 0, meetings: 0, compatibility: 0 };
  for (const m of meetings) {
    const i = p.index.get(m.a);
    const j = p.index.get(m.b);
    if (i === undefined || j === undefined) continue;
    o.wishValue += p.wish[i * p.n + j]!;
    o.meetings++;
    o.compatibility += p.compat[i * p.n + j]!;
  }
  return o;
}

/** Ids of companies that ranked fewer partners than they could (min(K, other companies not excluded)). */
export function incompletePreferences(input: MatchInput, p: Problem = buildProblem(input)): string[] {
  const out: string[] = [];
  for (let i = 0; i < p.n; i++) {
    let possible = 0;
    let ranked = 0;
    for (let j = 0; j < p.n; j++) {
      if (p.weight[i * p.n + j]! > 0) possible++;
      if (p.rank[i * p.n + j]) ranked++;
    }
    if (ranked < Math.min(p.maxPreferences, possible)) out.push(p.ids[i]!);
  }
  return out;
}

/** The ranking as the stable-roommates check sees it: cleaned lists, excluded partners removed. */
export function acceptableRanking(input: MatchInput, p: Problem): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (let i = 0; i < p.n; i++) {
    const id = p.ids[i]!;
    if (p.index.get(id) !== i) continue;
    out[id] = cleanRanking(input, p.index, id).filter((other) => p.weight[i * p.n + p.index.get(other)!]! > 0);
  }
  return out;
}

/**
 * Blocking pairs over the whole schedule (decision 023): a and b ranked each other, never meet, and
 * in some round both were idle or with a partner they ranked lower than each other (an unranked
 * partner counts as lower than any ranked one).
 */
export function blockingPairs(p: Problem, meetings: readonly PlacedMeeting[], rounds: number, onlyRound?: number): number {
  const n = p.n;
  const partner: Int32Array[] = [];
  const meets = new Uint8Array(n * n);
  for (let r = 0; r < rounds; r++) partner.push(new Int32Array(n).fill(-1));
  for (const m of meetings) {
    const i = p.index.get(m.a);
    const j = p.index.get(m.b);
    if (i === undefined || j === undefined) continue;
    meets[i * n + j] = meets[j * n + i] = 1;
    if (m.round >= 1 && m.round <= rounds) {
      partner[m.round - 1]![i] = j;
      partner[m.round - 1]![j] = i;
    }
  }
  // worse(x, y, r): in round r, x would rather meet y than whom it meets.
  const worse = (x: number, y: number, r: number) => {
    const cur = partner[r]![x]!;
    if (cur === -1) return true;
    const rc = p.rank[x * n + cur]!;
    return rc === 0 || rc > p.rank[x * n + y]!;
  };
  let count = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (!p.rank[i * n + j] || !p.rank[j * n + i] || p.weight[i * n + j] === 0 || meets[i * n + j]) continue;
      for (let r = onlyRound === undefined ? 0 : onlyRound - 1; r < (onlyRound === undefined ? rounds : onlyRound); r++) {
        if (worse(i, j, r) && worse(j, i, r)) {
          count++;
          break;
        }
      }
    }
  }
  return count;
}

/**
 * The upper bound on the wish value (decision 057): the round-free LP when HiGHS is at hand and the
 * event has at most LP_BOUND_MAX_WISH_PAIRS wish pairs, else its two greedy halves (cheap at any size).
 */
export const LP_BOUND_MAX_WISH_PAIRS = 2_000;

export function wishBoundOf(p: Problem, mip?: MipRuntime): number {
  const cheap = wishUpperBound(p);
  if (!mip) return cheap;
  let wishPairs = 0;
  for (const list of p.wishPartners) wishPairs += list.length;
  return wishPairs / 2 <= LP_BOUND_MAX_WISH_PAIRS ? Math.min(cheap, lpWishBound(p, mip)) : cheap;
}

export function figuresFor(p: Problem, meetings: readonly PlacedMeeting[], mip?: MipRuntime): MatchFigures {
  const input = p.input;
  const n = p.n;
  const R = p.rounds.length;
  const meets = new Uint8Array(n * n);
  const busy = new Set<string>();
  for (const m of meetings) {
    const i = p.index.get(m.a);
    const j = p.index.get(m.b);
    if (i !== undefined && j !== undefined) meets[i * n + j] = meets[j * n + i] = 1;
    if (m.round >= 1 && m.round <= R) {
      busy.add(`${m.round}:${m.a}`);
      busy.add(`${m.round}:${m.b}`);
    }
  }
  let wishes = 0;
  let wishesMet = 0;
  let mutualWishes = 0;
  let mutualWishesMet = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (!p.rank[i * n + j]) continue;
      wishes++;
      if (meets[i * n + j]) wishesMet++;
      if (i < j && p.rank[j * n + i]) {
        mutualWishes++;
        if (meets[i * n + j]) mutualWishesMet++;
      }
    }
  }
  let idle = 0;
  for (let r = 1; r <= R; r++) for (let i = 0; i < n; i++) if (!busy.has(`${r}:${p.ids[i]}`)) idle++;
  const scoreDistribution: Record<number, number> = {};
  for (const m of meetings) {
    const i = p.index.get(m.a);
    const j = p.index.get(m.b);
    const ra = i !== undefined && j !== undefined ? p.rank[i * n + j]! || null : null;
    const rb = i !== undefined && j !== undefined ? p.rank[j * n + i]! || null : null;
    const bucket = Math.floor(meetingScore(ra, rb, p.maxPreferences));
    scoreDistribution[bucket] = (scoreDistribution[bucket] ?? 0) + 1;
  }
  const tables = new Set(input.tables).size;
  const wishValue = objectiveOf(p, meetings).wishValue;
  const wishBound = Math.max(wishValue, wishBoundOf(p, mip));
  return {
    companies: n,
    rounds: R,
    tables,
    meetings: meetings.length,
    wishes,
    wishesMet,
    mutualWishes,
    mutualWishesMet,
    idleCompanyRounds: idle,
    blockingPairs: blockingPairs(p, meetings, R),
    scoreDistribution,
    maxRoundsWithoutRepeat: maxRoundsWithoutRepeat(n, tables),
    stableMatchingExists: hasStableMatching(acceptableRanking(input, p)),
    incompletePreferences: incompletePreferences(input, p).length,
    wishValue,
    wishBound,
    wishOptimal: wishValue >= wishBound,
  };
}

/** The figures of any schedule of this input (full meetings or just round, table and companies). */
export function computeFigures(input: MatchInput, meetings: readonly PlacedMeeting[], mip?: MipRuntime): MatchFigures {
  return figuresFor(buildProblem(input), meetings, mip);
}
