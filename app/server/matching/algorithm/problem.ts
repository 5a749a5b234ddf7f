/**
 * The input turned into dense arrays indexed by company position, computed once per run: ranks,
 * which pairs may meet at all, pair weights, and what each round leaves open after the fixed
 * meetings. Everything the solvers touch in their inner loops is a typed array.
 */
import { checkMaxPreferences, RANK_STORAGE_MAX } from "./input-errors";
import type { MatchInput } from "./types";
import { compatibilityIndex, pairWeight, type WeightScale, weightScale, wishValue } from "./weights";

export interface RoundSpec {
  /** 1-based round number. */
  round: number;
  /** free[i] = 1 when company i has no fixed meeting in this round. */
  free: Uint8Array;
  /** Usable tables not taken by a fixed meeting, in fill order. */
  tables: number[];
  /** Most new meetings this round can hold: min(tables, ⌊free companies / 2⌋); 0 = nothing to do. */
  cap: number;
  /** onlyFill repairs: a new meeting must include one of these (null = any pair). */
  freed: Uint8Array | null;
}

export interface Problem {
  input: MatchInput;
  n: number;
  ids: string[];
  index: Map<string, number>;
  /** K. */
  maxPreferences: number;
  /** rank[i·n + j] = i's rank of j (1..K), 0 = not ranked. 16 bits: ranks above 255 must not wrap (decision 030). */
  rank: Uint16Array;
  /** Pair weight (symmetric); 0 = may never meet (same company, excluded in either direction). */
  weight: Float64Array;
  /** Wish value of a pair (symmetric; 0 = neither ranked the other). */
  wish: Uint16Array;
  compat: Uint8Array;
  /** Partners with a wish value > 0 and a weight > 0, per company, in company order. */
  wishPartners: Int32Array[];
  /** The same partners heaviest pair first (ties in company order): the round solver's pricing. */
  wishOrder: Int32Array[];
  /** Every pair with a wish value > 0 and a weight > 0 once (a < b), heaviest first, ties by (a, b). */
  wishEdges: { count: number; a: Int32Array; b: Int32Array; w: Float64Array };
  /** Largest compatibility of a company's unranked partners (0 when it has none). */
  maxCompat: Uint8Array;
  /**
   * Unranked partners per company, best compatibility first; ties in an order rotated per company
   * so that sparse candidate graphs spread over many partners (solver speed only, not the result).
   * Filled on first use (`fillOrderOf`): large events with scarce tables never need most of them.
   */
  fillOrder: (Int32Array | undefined)[];
  scale: WeightScale;
  rounds: RoundSpec[];
  /** Fixed meetings between known companies: pairs that may not be scheduled again. */
  fixedPairs: { round: number; table: number; a: number; b: number }[];
}

/** The first `maxPreferences` distinct known partners other than itself, in the company's order. */
export function cleanRanking(input: MatchInput, index: Map<string, number>, id: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const other of input.ranking[id] ?? []) {
    if (other === id || !index.has(other) || seen.has(other)) continue;
    seen.add(other);
    out.push(other);
    if (out.length >= effectiveK(input)) break;
  }
  return out;
}

/** K: the organiser's list length (at least 1); 10 when not set. */
export function effectiveK(input: MatchInput): number {
  const k = Math.floor(input.maxPreferences);
  return Number.isFinite(k) && k >= 1 ? k : 10;
}

export function buildProblem(input: MatchInput): Problem {
  const ids = input.companies.map((c) => c.id);
  const index = new Map<string, number>();
  ids.forEach((id, i) => {
    if (!index.has(id)) index.set(id, i);
  });
  const n = ids.length;
  const K = effectiveK(input);
  // The storage bound, not the plan's: figures of hand-made schedules use the problem too.
  checkMaxPreferences(input, RANK_STORAGE_MAX);
  const rank = new Uint16Array(n * n);
  ids.forEach((id, i) => {
    if (index.get(id) !== i) return;
    cleanRanking(input, index, id).forEach((other, r) => {
      rank[i * n + index.get(other)!] = r + 1;
    });
  });
  // Rounds: what the fixed meetings leave free.
  const R = Math.max(0, Math.floor(input.rounds));
  const fixedPairs: Problem["fixedPairs"] = [];
  for (const f of input.fixed) {
    const a = index.get(f.a);
    const b = index.get(f.b);
    if (a !== undefined && b !== undefined && a !== b) fixedPairs.push({ round: f.round, table: f.table, a, b });
  }
  const fillRounds = input.onlyFill ? new Map(input.onlyFill.map((o) => [o.round, o.companies])) : null;
  const rounds: RoundSpec[] = [];
  for (let r = 1; r <= R; r++) {
    const free = new Uint8Array(n).fill(1);
    const taken = new Set<number>();
    for (const f of input.fixed) {
      if (f.round !== r) continue;
      taken.add(f.table);
      for (const id of [f.a, f.b]) {
        const i = index.get(id);
        if (i !== undefined) free[i] = 0;
      }
    }
    const tables = [...new Set(input.tables)].filter((t) => !taken.has(t));
    let freeCount = 0;
    for (let i = 0; i < n; i++) freeCount += free[i]!;
    let freed: Uint8Array | null = null;
    let open = true;
    if (fillRounds) {
      const list = fillRounds.get(r);
      open = list !== undefined;
      freed = new Uint8Array(n);
      for (const id of list ?? []) {
        const i = index.get(id);
        if (i !== undefined) freed[i] = 1;
      }
    }
    const cap = open ? Math.min(tables.length, Math.floor(freeCount / 2)) : 0;
    rounds.push({ round: r, free, tables, cap, freed });
  }

  const totalCap = rounds.reduce((s, x) => s + x.cap, 0);
  const roundCap = rounds.reduce((s, x) => Math.max(s, x.cap), 0);
  const scale = weightScale(totalCap, roundCap, K);

  const wish = new Uint16Array(n * n);
  const compat = new Uint8Array(n * n);
  // Pairs that may never meet are marked −1 here and become weight 0 below (no separate n² array).
  const weight = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    weight[i * n + i] = -1;
    if (index.get(ids[i]!) !== i) for (let j = 0; j < n; j++) weight[i * n + j] = weight[j * n + i] = -1; // duplicate id
  }
  for (const [id, list] of Object.entries(input.excluded ?? {})) {
    const i = index.get(id);
    if (i === undefined) continue;
    for (const other of list) {
      const j = index.get(other);
      if (j !== undefined) weight[i * n + j] = weight[j * n + i] = -1;
    }
  }
  const wishLists: number[][] = ids.map(() => []);
  const maxCompat = new Uint8Array(n);
  const compatibility = compatibilityIndex(input.companies);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (weight[i * n + j]! < 0) {
        weight[i * n + j] = weight[j * n + i] = 0;
        continue;
      }
      const ra = rank[i * n + j]!;
      const rb = rank[j * n + i]!;
      const wv = ra === 0 && rb === 0 ? 0 : wishValue(ra || null, rb || null, K);
      const c = compatibility(i, j);
      const w = pairWeight(scale, wv, c);
      wish[i * n + j] = wish[j * n + i] = wv;
      compat[i * n + j] = compat[j * n + i] = c;
      weight[i * n + j] = weight[j * n + i] = w;
      if (wv > 0) {
        wishLists[i]!.push(j);
        wishLists[j]!.push(i);
      } else {
        if (c > maxCompat[i]!) maxCompat[i] = c;
        if (c > maxCompat[j]!) maxCompat[j] = c;
      }
    }
  }
  for (let i = 0; i < n; i++) weight[i * n + i] = 0;

  // Wish pairs heaviest first, for the round solver.
  const wishOrder = wishLists.map((l, i) => Int32Array.from(l).sort((x, y) => weight[i * n + y]! - weight[i * n + x]! || x - y));
  let wishCount = 0;
  for (const l of wishLists) wishCount += l.length;
  wishCount /= 2;
  const edgeOrder = new Int32Array(wishCount);
  const ea = new Int32Array(wishCount);
  const eb = new Int32Array(wishCount);
  let e = 0;
  for (let i = 0; i < n; i++) {
    for (const j of wishLists[i]!) {
      if (j > i) {
        ea[e] = i;
        eb[e] = j;
        edgeOrder[e] = e;
        e++;
      }
    }
  }
  edgeOrder.sort((x, y) => weight[ea[y]! * n + eb[y]!]! - weight[ea[x]! * n + eb[x]!]! || ea[x]! - ea[y]! || eb[x]! - eb[y]!);
  const wishEdges = { count: wishCount, a: new Int32Array(wishCount), b: new Int32Array(wishCount), w: new Float64Array(wishCount) };
  edgeOrder.forEach((x, t) => {
    wishEdges.a[t] = ea[x]!;
    wishEdges.b[t] = eb[x]!;
    wishEdges.w[t] = weight[ea[x]! * n + eb[x]!]!;
  });

  return {
    input,
    n,
    ids,
    index,
    maxPreferences: K,
    rank,
    weight,
    wish,
    compat,
    wishPartners: wishLists.map((l) => Int32Array.from(l)),
    wishOrder,
    wishEdges,
    maxCompat,
    fillOrder: new Array<Int32Array | undefined>(n),
    scale,
    rounds,
    fixedPairs,
  };
}

/**
 * Company i's unranked partners (weight > 0, wish value 0), best compatibility first — so heaviest
 * first —, ties rotated per company (counting sort). Computed on first use and kept in `p.fillOrder`.
 */
export function fillOrderOf(p: Problem, i: number): Int32Array {
  const cached = p.fillOrder[i];
  if (cached !== undefined) return cached;
  const n = p.n;
  const { weight, wish, compat } = p;
  const buckets = new Int32Array(10);
  let count = 0;
  for (let j = 0; j < n; j++) {
    if (weight[i * n + j]! > 0 && wish[i * n + j] === 0) {
      buckets[9 - compat[i * n + j]!]!++;
      count++;
    }
  }
  const start = new Int32Array(10);
  for (let b = 1; b < 10; b++) start[b] = start[b - 1]! + buckets[b - 1]!;
  const order = new Int32Array(count);
  const offset = n > 0 ? (Math.imul(i + 1, 2654435761) >>> 0) % n : 0;
  for (let t = 0; t < n; t++) {
    const j = (t + offset) % n;
    if (weight[i * n + j]! > 0 && wish[i * n + j] === 0) order[start[9 - compat[i * n + j]!]!++] = j;
  }
  p.fillOrder[i] = order;
  return order;
}
