/**
 * One round, exactly: the maximum-weight set of meetings (at most `cap` of them) among the pairs
 * still open in that round (decisions 023 and 058).
 *
 * The full graph of a 2,000-company round has two million edges; the blossom's cost grows with the
 * vertices and edges it is given times the meetings it places, so we solve a small candidate graph
 * and prove its solution optimal for the full round with the LP duals:
 *
 *  - Scarce tables (the usual large event): the open wish pairs, heaviest first, down to the weight
 *    at which a greedy matching of them has `cap + cap/4 + 2` pairs — only the companies these pairs
 *    touch enter the graph (a few hundred of 2,000).
 *  - Otherwise (unranked fillers are needed): exactly decision 023's solver (`solveRoundWithFillers`):
 *    every free company, every open wish pair plus each company's four best unranked partners, and
 *    every left-out pair priced — these rounds come out as they did before decision 058.
 *
 * Pricing of the cut graph: a company outside the graph sits the round out, so its dual is that of every unmatched
 * company — the smallest vertex dual when the cap is reached, else 0 (`outside`). A left-out pair
 * i–j can only have a negative reduced cost if 2·w > dual(i) + outside, and each company's partners
 * are kept heaviest first (`wishOrder`, then `fillOrderOf`), so pricing walks only the head of each
 * list instead of all n²/2 pairs. A pair with negative reduced cost joins the graph and we solve
 * again; when none is left, the duals prove the candidate solution optimal for the full round.
 */
import { type MatchingResult, maxWeightMatching, reducedCost } from "./blossom";
import { fillOrderOf, type Problem } from "./problem";
import type { ScheduleState } from "./state";

/** Unranked candidates per company in the first sparse graph when fillers are needed. */
const FILL_CANDIDATES = 4;

export interface RoundSolution {
  pairs: [number, number][];
  weight: number;
  /** Sparse solves needed until no left-out pair priced negative (1 = the first was optimal). */
  solves: number;
  /** The candidate graph was cut at a weight (scarce tables); false: the graph with fillers. */
  cut?: boolean;
}

/** May i and j meet in round index r (0-based), given the meetings of all other rounds in `s`? */
export function pairOpen(p: Problem, s: ScheduleState, r: number, i: number, j: number): boolean {
  const spec = p.rounds[r]!;
  if (!spec.free[i] || !spec.free[j]) return false;
  const k = i * p.n + j;
  if (p.weight[k] === 0 || s.met[k] !== 0) return false;
  return spec.freed === null || spec.freed[i] === 1 || spec.freed[j] === 1;
}

/** Greedy pairs of open wish edges wanted before the candidate graph stops at a weight. */
function greedyTarget(cap: number): number {
  return cap + (cap >> 2) + 2;
}

export interface RoundSolveOptions {
  /**
   * Tests only: the greedy pairs the cut graph must hold (default `cap + cap/4 + 2`). A smaller value
   * makes the first graph too small on purpose, so that the pricing has to add pairs and companies.
   */
  greedyTarget?: number;
}

/**
 * Solves round index r (0-based) given every other round in `s`; the round's own non-fixed meetings
 * must have been taken out of `s` first. Deterministic: the result depends only on p and s.
 */
export function solveRound(p: Problem, s: ScheduleState, r: number, options: RoundSolveOptions = {}): RoundSolution {
  const spec = p.rounds[r]!;
  const n = p.n;
  const cap = spec.cap;
  if (cap === 0) return { pairs: [], weight: 0, solves: 0 };
  const weight = p.weight;

  // Candidate edges (global company indices), deduplicated by the key min·n + max.
  const cu: number[] = [];
  const cv: number[] = [];
  const cw: number[] = [];
  const inCand = new Set<number>();
  const add = (i: number, j: number, w: number) => {
    const key = i < j ? i * n + j : j * n + i;
    if (inCand.has(key)) return;
    inCand.add(key);
    cu.push(i);
    cv.push(j);
    cw.push(w);
  };

  // 1. Open wish pairs, heaviest first; a greedy matching over them says where to stop.
  const greedyMark = s.scratchStamp;
  const stamp = ++s.stampCounter;
  const target = options.greedyTarget ?? greedyTarget(cap);
  const we = p.wishEdges;
  let greedySize = 0;
  let threshold = -1;
  for (let e = 0; e < we.count; e++) {
    const w = we.w[e]!;
    if (threshold >= 0 && w < threshold) break;
    const i = we.a[e]!;
    const j = we.b[e]!;
    if (!pairOpen(p, s, r, i, j)) continue;
    add(i, j, w);
    if (threshold < 0 && greedyMark[i] !== stamp && greedyMark[j] !== stamp) {
      greedyMark[i] = greedyMark[j] = stamp;
      if (++greedySize >= target) threshold = w;
    }
  }
  // 2. Not enough wish pairs: unranked fillers are needed — the graph and pricing of decision 023.
  if (threshold < 0) return solveRoundWithFillers(p, s, r);

  const loc = s.scratchLocal;
  let verts: number[] = [];
  let solves = 0;
  let result: MatchingResult;
  for (;;) {
    solves++;
    // The graph: the candidates' companies in company order, local indices in `loc`.
    for (const v of verts) loc[v] = -1;
    const stampV = ++s.stampCounter;
    verts = [];
    for (let e = 0; e < 2 * cu.length; e++) {
      const v = e & 1 ? cv[e >> 1]! : cu[e >> 1]!;
      if (greedyMark[v] !== stampV) {
        greedyMark[v] = stampV;
        verts.push(v);
      }
    }
    verts.sort((x, y) => x - y);
    verts.forEach((v, a) => (loc[v] = a));
    const eu = new Int32Array(cu.length);
    const ev = new Int32Array(cu.length);
    for (let e = 0; e < cu.length; e++) {
      eu[e] = loc[cu[e]!]!;
      ev[e] = loc[cv[e]!]!;
    }
    result = maxWeightMatching({ n: verts.length, m: cu.length, edgeU: eu, edgeV: ev, edgeW: cw }, cap);

    // Pricing (see the header): the dual of a company outside the graph, a lower bound for all.
    let outside = 0;
    if (result.size >= cap && verts.length > 0) {
      outside = Number.POSITIVE_INFINITY;
      for (let a = 0; a < verts.length; a++) if (result.dual[a]! < outside) outside = result.dual[a]!;
    }
    const dualOf = (i: number) => (loc[i]! >= 0 ? result.dual[loc[i]!]! : outside);
    let added = 0;
    const price = (i: number, di: number, j: number, w: number) => {
      // Cheap necessary test first: blossom terms only ever add to the reduced cost.
      const plain = di + dualOf(j) - 2 * w;
      if (plain >= 0 || !pairOpen(p, s, r, i, j)) return;
      if (inCand.has(i < j ? i * n + j : j * n + i)) return;
      const a = loc[i]!;
      const b = loc[j]!;
      const rc = a >= 0 && b >= 0 ? reducedCost(result, a, b, w) : plain;
      if (rc < 0) {
        add(i, j, w);
        added++;
      }
    };
    for (let i = 0; i < n; i++) {
      if (!spec.free[i]) continue;
      const di = dualOf(i);
      const row = i * n;
      let done = false;
      for (const j of p.wishOrder[i]!) {
        const w = weight[row + j]!;
        if (2 * w <= di + outside) {
          done = true;
          break;
        }
        price(i, di, j, w);
      }
      if (done || 2 * (p.scale.meetingUnit + p.maxCompat[i]!) <= di + outside) continue;
      for (const j of fillOrderOf(p, i)) {
        const w = weight[row + j]!;
        if (2 * w <= di + outside) break;
        price(i, di, j, w);
      }
    }
    if (added === 0) break;
  }
  for (const v of verts) loc[v] = -1;
  const pairs = pairsOfMatching(verts, result.mate);
  return { pairs, weight: result.weight, solves, cut: true };
}

/**
 * A round in which the open wish pairs cannot fill the tables (decision 023, unchanged in 058): every
 * free company is a vertex; the candidates are every open wish pair plus each company's four best
 * unranked partners; after each solve every left-out open pair of free companies is priced (O(n²),
 * with the cheap dual test first). Same graph, same edge order and same pricing order as before
 * decision 058, so these rounds come out exactly as they did.
 */
function solveRoundWithFillers(p: Problem, s: ScheduleState, r: number): RoundSolution {
  const spec = p.rounds[r]!;
  const n = p.n;
  const verts: number[] = [];
  const loc = s.scratchLocal;
  for (let i = 0; i < n; i++) {
    if (spec.free[i]) {
      loc[i] = verts.length;
      verts.push(i);
    }
  }
  const eu: number[] = [];
  const ev: number[] = [];
  const ew: number[] = [];
  const inCand = new Set<number>();
  const add = (i: number, j: number) => {
    const key = i < j ? i * n + j : j * n + i;
    if (inCand.has(key)) return;
    inCand.add(key);
    eu.push(loc[i]!);
    ev.push(loc[j]!);
    ew.push(p.weight[i * n + j]!);
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
    let added = 0;
    for (let a = 0; a < verts.length; a++) {
      const i = verts[a]!;
      const row = i * n;
      const da = result.dual[a]!;
      for (let b = a + 1; b < verts.length; b++) {
        const j = verts[b]!;
        const w = p.weight[row + j]!;
        if (da + result.dual[b]! - 2 * w >= 0) continue;
        if (!pairOpen(p, s, r, i, j) || inCand.has(row + j)) continue;
        if (reducedCost(result, a, b, w) < 0) {
          add(i, j);
          added++;
        }
      }
    }
    if (added === 0) break;
  }
  for (const v of verts) loc[v] = -1;
  const pairs = pairsOfMatching(verts, result.mate);
  return { pairs, weight: result.weight, solves };
}

/** The matching's pairs as company indices (the blossom numbers the graph's vertices 0…k−1). */
function pairsOfMatching(verts: readonly number[], mate: ArrayLike<number>): [number, number][] {
  const pairs: [number, number][] = [];
  for (let a = 0; a < verts.length; a++) {
    const b = mate[a]!;
    if (b > a) pairs.push([verts[a]!, verts[b]!]);
  }
  return pairs;
}
