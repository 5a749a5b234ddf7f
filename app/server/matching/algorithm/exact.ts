/**
 * Small events: branch and bound over whole schedules, so that the result is the true optimum of
 * the objective and not just round-by-round maximal (decision 023). Rounds are filled one after the
 * other; in a round the lowest undecided company either meets an open partner (best first) or sits
 * the round out. The bound is the smaller of two relaxations of what is still to come:
 *  - per company: its best open partners, one for each round it still has a seat in, half the pair
 *    weight each (a meeting's weight is split between its two companies);
 *  - per table: the heaviest open pairs, one for each seat (table × round) still free.
 * The heuristic's schedule is the incumbent. The search stops after `nodeLimit` nodes — a count, not
 * a clock, so the result stays deterministic; `proved` says whether it finished.
 */
import { activeCompanies } from "./active";
import type { Problem } from "./problem";
import type { ScheduleState } from "./state";
import { setRound, totalWeight } from "./state";

/** Largest event the exact search is tried on (more companies: the heuristic alone). */
export const EXACT_MAX_COMPANIES = 12;
export const EXACT_NODE_LIMIT = 400_000;
/** The search keeps companies in a 32-bit mask: at most this many companies in all (active or not). */
export const EXACT_MAX_INDEX = 31;

export interface ExactOutcome {
  improved: boolean;
  proved: boolean;
  nodes: number;
}

export function branchAndBound(p: Problem, s: ScheduleState, nodeLimit = EXACT_NODE_LIMIT): ExactOutcome {
  const n = p.n;
  const R = p.rounds.length;
  const met = s.met;
  // Pairs by weight (descending) and partners by weight, for the bounds and the branching order.
  const pairs: [number, number, number][] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (p.weight[i * n + j]! > 0) pairs.push([i, j, p.weight[i * n + j]!]);
  pairs.sort((x, y) => y[2] - x[2] || x[0] - y[0] || x[1] - y[1]);
  const partners: number[][] = [];
  for (let i = 0; i < n; i++) {
    const list: number[] = [];
    for (let j = 0; j < n; j++) if (p.weight[i * n + j]! > 0) list.push(j);
    list.sort((a, b) => p.weight[i * n + b]! - p.weight[i * n + a]! || a - b);
    partners.push(list);
  }
  const caps = p.rounds.map((x) => x.cap);
  const capAfter = new Array<number>(R + 1).fill(0);
  for (let r = R - 1; r >= 0; r--) capAfter[r] = capAfter[r + 1]! + caps[r]!;
  // seatsAfter[r][v]: rounds after r in which v is free and the round can hold a meeting.
  const seatsAfter: Int32Array[] = [];
  for (let r = 0; r <= R; r++) {
    const a = new Int32Array(n);
    for (let r2 = r + 1; r2 < R; r2++) for (let v = 0; v < n; v++) if (p.rounds[r2]!.free[v] && caps[r2]! > 0) a[v]!++;
    seatsAfter.push(a);
  }

  const open = (r: number, i: number, j: number) => {
    if (met[i * n + j] !== 0 || p.weight[i * n + j] === 0) return false;
    const f = p.rounds[r]!.freed;
    return f === null || f[i] === 1 || f[j] === 1;
  };

  function bound(r: number, decided: number, count: number): number {
    const roomNow = count < caps[r]!;
    let perCompany = 0;
    for (let v = 0; v < n; v++) {
      let seats = seatsAfter[r]![v]!;
      if (roomNow && p.rounds[r]!.free[v] && !(decided & (1 << v))) seats++;
      for (let t = 0, list = partners[v]!; seats > 0 && t < list.length; t++) {
        const u = list[t]!;
        if (met[v * n + u] === 0) {
          perCompany += p.weight[v * n + u]! / 2;
          seats--;
        }
      }
    }
    let tablesLeft = (roomNow ? caps[r]! - count : 0) + capAfter[r + 1]!;
    let perTable = 0;
    for (let t = 0; t < pairs.length && tablesLeft > 0; t++) {
      const [i, j, w] = pairs[t]!;
      if (met[i * n + j] === 0) {
        perTable += w;
        tablesLeft--;
      }
    }
    return Math.min(perCompany, perTable);
  }

  // Symmetry: consecutive rounds that look the same (same free companies and tables, no repair
  // filter) are interchangeable, so we only visit orders where company `pivot`'s partner choice
  // (its position in its partner list; sitting out = last) does not decrease from one to the next.
  const sameAsPrevious = p.rounds.map((spec, r) => {
    if (r === 0) return false;
    const prev = p.rounds[r - 1]!;
    return spec.freed === null && prev.freed === null && spec.cap === prev.cap && spec.free.every((f, v) => f === prev.free[v]);
  });
  const choice = new Int32Array(R).fill(-1);

  // Companies that can meet nobody (decision 057) are decided from the start: they sit out.
  const active = activeCompanies(p);
  const initialDecided = (r: number) => {
    let mask = 0;
    for (let v = 0; v < n; v++) if (!active[v]) mask |= 1 << v;
    for (let v = 0; v < n; v++) if (!p.rounds[r]!.free[v]) mask |= 1 << v;
    return mask;
  };

  let best = totalWeight(s);
  let bestPairs: [number, number][][] | null = null;
  const current: [number, number][][] = p.rounds.map(() => []);
  let nodes = 0;
  let aborted = false;

  function dfs(r: number, decided: number, count: number, value: number): void {
    if (aborted) return;
    if (++nodes > nodeLimit) {
      aborted = true;
      return;
    }
    if (r === R) {
      if (value > best) {
        best = value;
        bestPairs = current.map((x) => x.slice());
      }
      return;
    }
    if (value + bound(r, decided, count) <= best) return;
    let v = -1;
    if (count < caps[r]!) for (let x = 0; x < n; x++) if (!(decided & (1 << x))) {
      v = x;
      break;
    }
    if (v === -1) {
      if (r + 1 < R) dfs(r + 1, initialDecided(r + 1), 0, value);
      else dfs(R, 0, 0, value);
      return;
    }
    const withV = decided | (1 << v);
    // The round's first decision is its pivot choice (v is then the lowest free company).
    const first = count === 0 && decided === initialDecided(r);
    const floor = first && sameAsPrevious[r] ? choice[r - 1]! : -1;
    const list = partners[v]!;
    for (let t = Math.max(0, floor); t < list.length; t++) {
      const u = list[t]!;
      if (withV & (1 << u) || !open(r, v, u)) continue;
      met[v * n + u] = met[u * n + v] = r + 1;
      current[r]!.push(v < u ? [v, u] : [u, v]);
      if (first) choice[r] = t;
      dfs(r, withV | (1 << u), count + 1, value + p.weight[v * n + u]!);
      current[r]!.pop();
      met[v * n + u] = met[u * n + v] = 0;
    }
    if (first) choice[r] = list.length;
    dfs(r, withV, count, value);
  }

  // Search from a state holding only the fixed meetings.
  const saved = s.pairs.map((x) => x.slice());
  for (let r = 0; r < R; r++) setRound(p, s, r, []);
  if (R > 0) dfs(0, initialDecided(0), 0, 0);
  const result: [number, number][][] = bestPairs ?? saved;
  for (let r = 0; r < R; r++) setRound(p, s, r, result[r]!);
  return { improved: bestPairs !== null, proved: !aborted, nodes };
}
