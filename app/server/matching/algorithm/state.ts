/**
 * A schedule under construction: which pair meets in which round (fixed meetings included), and
 * the non-fixed meetings of every round. Solvers change one round at a time through `setRound`.
 */
import type { Problem } from "./problem";

export interface ScheduleState {
  /**
   * met[i·n + j] = round number (1-based) in which i and j meet; 0 = not (yet); symmetric. 16 bits
   * when the rounds fit (n² entries: 8 MB instead of 16 at 2,000 companies, decision 058).
   */
  met: Int16Array | Int32Array;
  /** Non-fixed meetings per round index (0-based). */
  pairs: [number, number][][];
  /** Σ pair weights of each round's non-fixed meetings. */
  roundWeight: number[];
  /** Scratch space for the round solver (no allocation per round): per-company stamps, and local indices (−1 between solves). */
  scratchStamp: Int32Array;
  scratchLocal: Int32Array;
  stampCounter: number;
}

/** A pair that meets in a fixed meeting outside the scheduled rounds still may not meet again. */
const OUTSIDE = -1;

export function emptyState(p: Problem): ScheduleState {
  const n = p.n;
  const met = p.rounds.length < 0x7fff ? new Int16Array(n * n) : new Int32Array(n * n);
  for (const f of p.fixedPairs) {
    const round = f.round >= 1 && f.round <= p.rounds.length ? f.round : OUTSIDE;
    met[f.a * n + f.b] = met[f.b * n + f.a] = round;
  }
  return {
    met,
    pairs: p.rounds.map(() => []),
    roundWeight: p.rounds.map(() => 0),
    scratchStamp: new Int32Array(n),
    scratchLocal: new Int32Array(n).fill(-1),
    stampCounter: 0,
  };
}

/** Takes round index r's non-fixed meetings out of the schedule (their pairs become open again). */
export function clearRound(p: Problem, s: ScheduleState, r: number): void {
  for (const [i, j] of s.pairs[r]!) s.met[i * p.n + j] = s.met[j * p.n + i] = 0;
  s.pairs[r] = [];
  s.roundWeight[r] = 0;
}

export function setRound(p: Problem, s: ScheduleState, r: number, pairs: [number, number][]): void {
  clearRound(p, s, r);
  let w = 0;
  for (const [i, j] of pairs) {
    s.met[i * p.n + j] = s.met[j * p.n + i] = r + 1;
    w += p.weight[i * p.n + j]!;
  }
  s.pairs[r] = pairs;
  s.roundWeight[r] = w;
}

export function totalWeight(s: ScheduleState): number {
  return s.roundWeight.reduce((a, b) => a + b, 0);
}

export function cloneState(s: ScheduleState): ScheduleState {
  return {
    ...s,
    met: s.met.slice(),
    pairs: s.pairs.map((x) => x.slice()),
    roundWeight: s.roundWeight.slice(),
    // Own scratch space: stamps and local indices must not be shared between two states.
    scratchStamp: new Int32Array(s.scratchStamp.length),
    scratchLocal: new Int32Array(s.scratchLocal.length).fill(-1),
    stampCounter: 0,
  };
}
