/**
 * The per-round solver as it was before decision 058, kept unchanged (apart from its own scratch
 * arrays) as the reference the new solver is compared with in the tests: a sparse candidate graph
 * over all free companies (every wish pair + each company's four best unranked partners), solved
 * with the blossom, then every left-out pair of the round priced with the duals (O(n²) per solve).
 * Not used by the app.
 */
import { type MatchingResult, maxWeightMatching, reducedCost } from "../blossom";
import type { Problem } from "../problem";
import { fillOrderOf } from "../problem";
import type { ScheduleState } from "../state";
import { pairOpen, type RoundSolution } from "../round-solver";

/** Unranked candidates per company in the first sparse graph: enough for a perfect fill, few edges. */
const FILL_CANDIDATES = 4;

/**
 * Solves round index r (0-based) given every other round in `s`; the round's own non-fixed meetings
 * must have been taken out of `s` first. Deterministic: the result depends only on p and s.
 */
export function referenceSolveRound(p: Problem, s: ScheduleState, r: number): RoundSolution {
  const spec = p.rounds[r]!;
  const n = p.n;
  if (spec.cap === 0) return { pairs: [], weight: 0, solves: 0 };
  const verts: number[] = [];
  const loc = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    if (spec.free[i]) {
      loc[i] = verts.length;
      verts.push(i);
    }
  }
  const eu: number[] = [];
  const ev: number[] = [];
  const ew: number[] = [];
  const stamp = 1;
  const mark = new Uint8Array(n * n);
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
    const order = fillOrderOf(p, i);
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
