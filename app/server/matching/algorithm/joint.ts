/**
 * Small and medium events (decision 057): after the round-by-round schedule, the wish tier of the
 * whole schedule is re-solved jointly over all rounds as an integer programme with HiGHS (WebAssembly),
 * started from the round-by-round schedule and capped by a node count (deterministic, no clock):
 *   x[pair, round] ∈ {0, 1} for every wish pair that may meet in that round (open, not excluded,
 *   both free, a freed company in an `onlyFill` round);
 *   maximise Σ wish value · x; each company ≤ 1 meeting per round; each pair ≤ 1 meeting; each round ≤ its cap.
 * The chosen wish meetings are then completed, round by round, with the best unranked meetings for
 * the companies left idle (blossom, as in the round solver), and every round is finally re-solved
 * given all others (an improving pass: a round is replaced only by a heavier one). The new schedule
 * replaces the old one only when its total pair weight is higher — the weights are lexicographic over
 * the whole schedule for these sizes, so the wish value never drops, and then meetings, then fit.
 * Also gives a proved upper bound on the wish value (HiGHS's dual bound).
 */
import { maxWeightMatching } from "./blossom";
import type { Problem } from "./problem";
import { pairOpen, solveRound } from "./round-solver";
import { clearRound, cloneState, emptyState, type ScheduleState, setRound } from "./state";

/** The part of the HiGHS runtime we use (the `highs` package's loader result). */
export interface MipRuntime {
  withModel<T>(source: { format: "lp"; data: string }, operation: (model: MipModel) => T): T;
  constants: { modelStatus: { optimal: number } };
}
interface MipModel {
  options: { set(values: Record<string, string | number | boolean>): unknown };
  info: { get(name: string): number | bigint };
  run(): unknown;
  setSolution(solution: { colValue: number[] }): unknown;
  getSolution(): { colValue: Float64Array };
  getModelStatus(): number;
  getObjectiveValue(): number;
}

/** Largest model the joint solve is tried on (binary variables); beyond it the round-by-round schedule stands. */
export const JOINT_MAX_VARIABLES = 20_000;
/** Largest event (companies that can meet anyone) the joint solve is tried on. */
export const JOINT_MAX_COMPANIES = 60;
/** Branch-and-bound nodes HiGHS may explore (a count, so the result is the same on every run). */
export const JOINT_NODE_LIMIT = 400;
/** Safety net only (a pathological model); not expected to be reached on events of ≤ 60 companies. */
const JOINT_TIME_LIMIT_SECONDS = 5;

export interface JointOutcome {
  ran: boolean;
  improved: boolean;
  /** Proved upper bound on the wish value (locked meetings included); null when not run. */
  wishBound: number | null;
  /** HiGHS proved its wish value optimal. */
  wishOptimal: boolean;
}

function wishOfState(p: Problem, s: ScheduleState): number {
  let w = 0;
  for (const round of s.pairs) for (const [i, j] of round) w += p.wish[i * p.n + j]!;
  return w;
}

/** Re-solves every round given all the others; a round changes only when the new one is heavier. */
export function polishRounds(p: Problem, s: ScheduleState): boolean {
  let changed = false;
  for (let pass = 0; pass < 3; pass++) {
    let passChanged = false;
    for (let r = 0; r < p.rounds.length; r++) {
      const old = s.pairs[r]!;
      const oldWeight = s.roundWeight[r]!;
      clearRound(p, s, r);
      const sol = solveRound(p, s, r);
      if (sol.weight > oldWeight) {
        setRound(p, s, r, sol.pairs);
        passChanged = true;
      } else setRound(p, s, r, old);
    }
    changed ||= passChanged;
    if (!passChanged) break;
  }
  return changed;
}

/** Fills round r's idle companies (around the meetings it has) with the heaviest open pairs, up to its cap. */
function fillRound(p: Problem, s: ScheduleState, r: number): void {
  const spec = p.rounds[r]!;
  const room = spec.cap - s.pairs[r]!.length;
  if (room <= 0) return;
  const busy = new Uint8Array(p.n);
  for (const [i, j] of s.pairs[r]!) busy[i] = busy[j] = 1;
  const verts: number[] = [];
  for (let v = 0; v < p.n; v++) if (spec.free[v] && !busy[v]) verts.push(v);
  const eu: number[] = [];
  const ev: number[] = [];
  const ew: number[] = [];
  for (let a = 0; a < verts.length; a++) {
    for (let b = a + 1; b < verts.length; b++) {
      if (!pairOpen(p, s, r, verts[a]!, verts[b]!)) continue;
      eu.push(a);
      ev.push(b);
      ew.push(p.weight[verts[a]! * p.n + verts[b]!]!);
    }
  }
  const result = maxWeightMatching({ n: verts.length, m: eu.length, edgeU: eu, edgeV: ev, edgeW: ew }, room);
  const pairs = s.pairs[r]!.slice();
  for (let a = 0; a < verts.length; a++) {
    const b = result.mate[a]!;
    if (b > a) pairs.push([verts[a]!, verts[b]!]);
  }
  setRound(p, s, r, pairs);
}

interface Column {
  i: number;
  j: number;
  r: number;
  w: number;
}

/** Builds the LP text: maximise Σ w·x over the columns; seat, pair and round-cap rows; binaries or [0, 1]. */
function modelText(p: Problem, cols: Column[], caps: Map<number, number>, integer: boolean): string {
  const n = p.n;
  const seat = new Map<number, number[]>();
  const pair = new Map<number, number[]>();
  const round = new Map<number, number[]>();
  const push = (m: Map<number, number[]>, key: number, k: number) => {
    const list = m.get(key);
    if (list) list.push(k);
    else m.set(key, [k]);
  };
  cols.forEach((c, k) => {
    push(seat, c.r * n + c.i, k);
    push(seat, c.r * n + c.j, k);
    push(pair, c.i * n + c.j, k);
    push(round, c.r, k);
  });
  const rows: string[] = [];
  const row = (list: number[], rhs: number) => {
    if (list.length > rhs) rows.push(` c${rows.length}: ${list.map((k) => `x${k}`).join(" + ")} <= ${rhs}`);
  };
  for (const list of seat.values()) row(list, 1);
  for (const list of pair.values()) row(list, 1);
  for (const [r, list] of round) row(list, caps.get(r)!);
  if (rows.length === 0) rows.push(" c0: x0 <= 1");
  const bounds = integer ? ["Binary", ...cols.map((_, k) => ` x${k}`)] : ["Bounds", ...cols.map((_, k) => ` 0 <= x${k} <= 1`)];
  return ["Maximize", ` obj: ${cols.map((c, k) => `${c.w} x${k}`).join(" + ")}`, "Subject To", ...rows, ...bounds, "End"].join("\n");
}

/**
 * Frees the rounds `sel` and re-solves their wish meetings jointly (the other rounds fixed), then
 * completes and re-solves each freed round; keeps the result only when those rounds weigh more.
 */
export function resolveRoundsJointly(p: Problem, s: ScheduleState, sel: readonly number[], mip: MipRuntime, nodeLimit = JOINT_NODE_LIMIT): boolean {
  const n = p.n;
  const base = cloneState(s);
  for (const r of sel) clearRound(p, base, r);
  const cols: Column[] = [];
  const caps = new Map<number, number>();
  for (const r of sel) {
    caps.set(r, p.rounds[r]!.cap);
    if (p.rounds[r]!.cap === 0) continue;
    for (let i = 0; i < n; i++) {
      for (const j of p.wishPartners[i]!) if (j > i && pairOpen(p, base, r, i, j)) cols.push({ i, j, r, w: p.wish[i * n + j]! });
    }
  }
  if (cols.length === 0) return false;
  const colIndex = new Map<number, number>();
  cols.forEach((c, k) => colIndex.set((c.r * n + c.i) * n + c.j, k));
  const start = new Array<number>(cols.length).fill(0);
  let oldWeight = 0;
  for (const r of sel) {
    oldWeight += s.roundWeight[r]!;
    for (const [a, b] of s.pairs[r]!) {
      const k = colIndex.get((r * n + Math.min(a, b)) * n + Math.max(a, b));
      if (k !== undefined) start[k] = 1;
    }
  }
  const x = mip.withModel({ format: "lp", data: modelText(p, cols, caps, true) }, (model) => {
    model.options.set({ output_flag: false, mip_max_nodes: nodeLimit, time_limit: JOINT_TIME_LIMIT_SECONDS, mip_rel_gap: 0, mip_abs_gap: 0.99 });
    model.setSolution({ colValue: start });
    model.run();
    return Array.from(model.getSolution().colValue, (v) => v > 0.5);
  });
  const chosen = new Map<number, [number, number][]>(sel.map((r) => [r, []]));
  cols.forEach((c, k) => {
    if (x[k]) chosen.get(c.r)!.push([c.i, c.j]);
  });
  // Check the solver's answer against the rules before using it (seat, pair, cap, openness).
  const seen = new Set<number>();
  for (const [r, pairs] of chosen) {
    if (pairs.length > p.rounds[r]!.cap) return false;
    const busy = new Set<number>();
    for (const [i, j] of pairs) {
      if (busy.has(i) || busy.has(j) || seen.has(i * n + j) || !pairOpen(p, base, r, i, j)) return false;
      busy.add(i).add(j);
      seen.add(i * n + j);
    }
  }
  const candidate = base;
  for (const [r, pairs] of chosen) setRound(p, candidate, r, pairs);
  for (const r of sel) fillRound(p, candidate, r);
  for (const r of sel) {
    const old = candidate.pairs[r]!;
    const w = candidate.roundWeight[r]!;
    clearRound(p, candidate, r);
    const sol = solveRound(p, candidate, r);
    setRound(p, candidate, r, sol.weight > w ? sol.pairs : old);
  }
  let newWeight = 0;
  for (const r of sel) newWeight += candidate.roundWeight[r]!;
  if (newWeight <= oldWeight) return false;
  for (const r of sel) clearRound(p, s, r);
  for (const r of sel) setRound(p, s, r, candidate.pairs[r]!);
  return true;
}

/**
 * The round-free LP bound on the wish value: y[pair] ∈ [0, 1] for every open wish pair, each company
 * in at most as many meetings as it has rounds with room, at most Σ round caps meetings. Valid for
 * every schedule (each is a feasible y); tighter than `wishUpperBound`'s two greedy halves.
 */
export function lpWishBound(p: Problem, mip: MipRuntime): number {
  const n = p.n;
  const blank = emptyState(p);
  const seats = new Int32Array(n);
  let totalCap = 0;
  for (const spec of p.rounds) {
    if (spec.cap === 0) continue;
    totalCap += spec.cap;
    for (let v = 0; v < n; v++) if (spec.free[v]) seats[v]!++;
  }
  let fixedWish = 0;
  for (const f of p.fixedPairs) fixedWish += p.wish[f.a * n + f.b]!;
  const cols: { i: number; j: number; w: number }[] = [];
  for (let i = 0; i < n; i++) {
    for (const j of p.wishPartners[i]!) {
      if (j > i && p.weight[i * n + j]! > 0 && blank.met[i * n + j] === 0 && seats[i]! > 0 && seats[j]! > 0) cols.push({ i, j, w: p.wish[i * n + j]! });
    }
  }
  if (cols.length === 0) return fixedWish;
  const byCompany: number[][] = Array.from({ length: n }, () => []);
  cols.forEach((c, k) => {
    byCompany[c.i]!.push(k);
    byCompany[c.j]!.push(k);
  });
  const rows: string[] = [];
  byCompany.forEach((list, v) => {
    if (list.length > seats[v]!) rows.push(` v${v}: ${list.map((k) => `y${k}`).join(" + ")} <= ${seats[v]}`);
  });
  if (cols.length > totalCap) rows.push(` cap: ${cols.map((_, k) => `y${k}`).join(" + ")} <= ${totalCap}`);
  if (rows.length === 0) rows.push(" c0: y0 <= 1");
  const lp = ["Maximize", ` obj: ${cols.map((c, k) => `${c.w} y${k}`).join(" + ")}`, "Subject To", ...rows, "Bounds", ...cols.map((_, k) => ` 0 <= y${k} <= 1`), "End"].join("\n");
  const value = mip.withModel({ format: "lp", data: lp }, (model) => {
    model.options.set({ output_flag: false });
    model.run();
    return model.getModelStatus() === mip.constants.modelStatus.optimal ? model.getObjectiveValue() : Number.POSITIVE_INFINITY;
  });
  return Number.isFinite(value) ? fixedWish + Math.floor(value + 1e-6) : Number.POSITIVE_INFINITY;
}

/** Subproblems the joint pass solves at most (a count: the result is the same on every run). */
export const JOINT_MAX_SUBPROBLEMS = 600;

/**
 * Improves `s` in place: every pair of rounds in turn is freed and re-solved jointly, in passes
 * until a pass changes nothing or the subproblem budget is spent. Then the bound.
 */
export function jointImprove(p: Problem, s: ScheduleState, mip: MipRuntime, wishBound: number): JointOutcome {
  const R = p.rounds.length;
  const fixedWish = p.fixedPairs.reduce((a, f) => a + p.wish[f.a * p.n + f.b]!, 0);
  const bound = Number.isFinite(wishBound) ? wishBound : null;
  const reached = () => bound !== null && wishOfState(p, s) + fixedWish >= bound;
  let improved = false;
  let budget = JOINT_MAX_SUBPROBLEMS;
  const pairs: number[][] = [];
  for (let r1 = 0; r1 < R; r1++) for (let r2 = r1 + 1; r2 < R; r2++) pairs.push([r1, r2]);
  if (R === 1) pairs.push([0]);
  // Passes over all pairs of rounds until one changes nothing, the budget is spent or the bound is
  // met. After the first pass a pair is tried again only when one of its rounds changed since.
  const changedAt = new Array<number>(R).fill(0);
  const triedAt = new Map<string, number>();
  let clock = 1;
  for (let pass = 0; pass < 4 && budget > 0 && !reached(); pass++) {
    let changed = false;
    for (const sel of pairs) {
      if (budget <= 0 || reached()) break;
      const key = sel.join(",");
      const tried = triedAt.get(key);
      if (tried !== undefined && sel.every((r) => changedAt[r]! < tried)) continue;
      budget--;
      triedAt.set(key, clock++);
      if (resolveRoundsJointly(p, s, sel, mip)) {
        changed = improved = true;
        for (const r of sel) changedAt[r] = clock++;
      }
    }
    if (!changed) break;
  }
  return { ran: true, improved, wishBound: bound, wishOptimal: reached() };
}
