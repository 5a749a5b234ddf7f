/**
 * One round, exactly: the maximum-weight set of meetings (at most `cap` of them) among the pairs
 * still open in that round. The full graph of a 500-company round has ~125,000 edges, too many to
 * run the blossom on 20+ times a second in JavaScript; so we solve a sparse candidate graph (every
 * wish pair + each company's few best unranked partners) and then price every left-out pair with the
 * solution's LP duals. A pair with negative reduced cost joins the candidates and we solve again;
 * when none is left, the duals prove the sparse solution optimal for the full round (decision 023).
 */
import { type MatchingResult, maxWeightMatching, reducedCost } from "./blossom";
import type { Problem } from "./problem";
import type { ScheduleState } from "./state";

/** Unranked candidates per company in the first sparse graph: enough for a perfect fill, few edges. */
const FILL_CANDIDATES = 4;

export interface RoundSolution {
  pairs: [number, number][];
  weight: number;
  /** Sparse solves needed until no left-out pair priced negative (1 = the first was optimal). */
  solves: number;
}

/** May i and j meet in round index r (0-based), given the meetings of all other rounds in `s`? */
export function pairOpen(p: Problem, s: ScheduleState, r: number, i: number, j: number): boolean {
  const spec = p.rounds[r]!;
  if (!spec.free[i] || !spec.free[j]) return false;
  const k = i * p.n + j;
  if (p.weight[k] === 0 || s.met[k] !== 0) return false;
  return spec.freed === null || spec.freed[i] === 1 || spec.freed[j] === 1;
}

/**
 * Solves round index r (0-based) given every other round in `s`; the round's own non-fixed meetings
 * must have been taken out of `s` first. Deterministic: the result depends only on p and s.
 */
export function solveRound(p: Problem, s: ScheduleState, r: number): RoundSolution {
  const spec = p.rounds[r]!;
  const n = p.n;
  if (spec.cap === 0) return { pairs: [], weight: 0, solves: 0 };
  const verts: number[] = [];
  const loc = s.scratchLocal;
  loc.fill(-1);
  for (let i = 0; i < n; i++) {
    if (spec.free[i]) {
      loc[i] = verts.length;
      verts.push(i);
    }
  }
  const eu: number[] = [];
  const ev: number[] = [];
  const ew: number[] = [];
  const stamp = ++s.stampCounter;
  const mark = s.scratchStamp;
  const add = (i: number, j: number) => {
    const k = i * n + j;
    if (mark[k] === stamp) return;
    mark[k] = mark[j * n + i] = stamp;
    eu.push(loc[i]!);
    ev.push(loc[j]!);
    ew.push(p.weight[k]!);
  };
  for (const i of verts) {
    for (const j of p.wishPartners[i]!) if (i < j && pairOpen(p, s, r, i, j)) add(i, j);
    let taken = 0;
    const order = p.fillOrder[i]!;
    for (let t = 0; t < order.length && taken < FILL_CANDIDATES; t++) {
      const j = order[t]!;
      if (pairOpen(p, s, r, i, j)) {
        add(i, j);
        taken++;
      }
    }
  }

  let solves = 0;
  let result: MatchingResult;
  for (;;) {
    solves++;
    result = maxWeightMatching({ n: verts.length, m: eu.length, edgeU: eu, edgeV: ev, edgeW: ew }, spec.cap);
    // Pricing: every open pair left out must have a non-negative reduced cost.
    let added = 0;
    for (let a = 0; a < verts.length; a++) {
      const i = verts[a]!;
      const row = i * n;
      const da = result.dual[a]!;
      for (let b = a + 1; b < verts.length; b++) {
        const j = verts[b]!;
        if (mark[row + j] === stamp) continue;
        const w = p.weight[row + j]!;
        // Cheap necessary test first: blossom terms only ever add to the reduced cost.
        if (da + result.dual[b]! - 2 * w >= 0) continue;
        if (!pairOpen(p, s, r, i, j)) continue;
        if (reducedCost(result, a, b, w) < 0) {
          add(i, j);
          added++;
        }
      }
    }
    if (added === 0) break;
  }

  const pairs: [number, number][] = [];
  for (let a = 0; a < verts.length; a++) {
    const b = result.mate[a]!;
    if (b > a) pairs.push([verts[a]!, verts[b]!]);
  }
  return { pairs, weight: result.weight, solves };
}
