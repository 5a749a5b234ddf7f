/**
 * The whole-schedule optimum of the wish value, computed independently of the scheduler with HiGHS
 * (WebAssembly): an integer programme over x[pair, round] ∈ {0, 1} for every pair with a wish value
 * (pairs nobody ranked add nothing to the wish value, so leaving them out does not change the
 * optimum) that may meet in that round:
 *   maximise Σ wish(pair) · x[pair, round] + the wish value of the locked meetings
 *   each company at most one meeting per round (none in a round where it has a locked meeting),
 *   each pair at most once (never a pair that already meets in a locked meeting, never an excluded pair),
 *   each round at most as many new meetings as it has free tables.
 * Only the input is read (ranking, exclusions, tables, locks); the algorithm's own problem model is
 * not used, so a mistake there does not hide here. Time-capped: with the cap reached, the proved
 * bound (HiGHS's dual bound) is reported instead of the optimum.
 */
import loadHighs from "highs";
import type { MatchInput } from "~/server/matching/algorithm/types";

type Highs = Awaited<ReturnType<typeof loadHighs>>;
let runtime: Highs | null = null;

export async function highsRuntime(): Promise<Highs> {
  runtime ??= await loadHighs();
  return runtime;
}

export interface OracleResult {
  /** Best schedule's wish value HiGHS found (a lower bound on the optimum). */
  best: number;
  /** Proved upper bound (= best when optimal). */
  bound: number;
  optimal: boolean;
  seconds: number;
}

/** Wish points of one side: K + 1 − rank for rank 1..K, else 0; mutual wishes get K more (decision 023). */
function wishValue(input: MatchInput, a: string, b: string): number {
  const K = Math.max(1, Math.floor(input.maxPreferences) || 10);
  const points = (x: string, y: string) => {
    const list: string[] = [];
    for (const id of input.ranking[x] ?? []) if (id !== x && !list.includes(id) && input.companies.some((c) => c.id === id)) list.push(id);
    const r = list.slice(0, K).indexOf(y);
    return r < 0 ? 0 : K - r;
  };
  const pa = points(a, b);
  const pb = points(b, a);
  return pa + pb + (pa > 0 && pb > 0 ? K : 0);
}

export async function wishOptimum(input: MatchInput, timeLimitSeconds: number, extra: Record<string, string | number> = {}): Promise<OracleResult> {
  const highs = await highsRuntime();
  const ids = input.companies.map((c) => c.id);
  const key = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
  const excluded = new Set<string>();
  for (const [a, list] of Object.entries(input.excluded ?? {})) for (const b of list) excluded.add(key(a, b));
  const lockedPairs = new Set(input.fixed.map((f) => key(f.a, f.b)));
  let constant = 0;
  for (const f of input.fixed) constant += wishValue(input, f.a, f.b);
  const busy = new Set(input.fixed.map((f) => [`${f.round}|${f.a}`, `${f.round}|${f.b}`]).flat());
  const tables = new Set(input.tables);

  const cols: { name: string; w: number; a: number; b: number; r: number }[] = [];
  const pairCols = new Map<string, string[]>();
  for (let i = 0; i < ids.length; i++) {
    for (let j = i + 1; j < ids.length; j++) {
      const a = ids[i]!;
      const b = ids[j]!;
      if (excluded.has(key(a, b)) || lockedPairs.has(key(a, b))) continue;
      const w = wishValue(input, a, b);
      if (w === 0) continue;
      for (let r = 1; r <= input.rounds; r++) {
        if (busy.has(`${r}|${a}`) || busy.has(`${r}|${b}`)) continue;
        const name = `x${i}_${j}_${r}`;
        cols.push({ name, w, a: i, b: j, r });
        const list = pairCols.get(`${i}|${j}`) ?? [];
        list.push(name);
        pairCols.set(`${i}|${j}`, list);
      }
    }
  }
  if (cols.length === 0) return { best: constant, bound: constant, optimal: true, seconds: 0 };
  const rows: string[] = [];
  let k = 0;
  const seat = new Map<string, string[]>();
  const round = new Map<number, string[]>();
  for (const c of cols) {
    for (const v of [c.a, c.b]) {
      const s = `${c.r}|${v}`;
      seat.set(s, [...(seat.get(s) ?? []), c.name]);
    }
    round.set(c.r, [...(round.get(c.r) ?? []), c.name]);
  }
  for (const list of seat.values()) if (list.length > 1) rows.push(` c${k++}: ${list.join(" + ")} <= 1`);
  for (const list of pairCols.values()) if (list.length > 1) rows.push(` c${k++}: ${list.join(" + ")} <= 1`);
  for (const [r, list] of round) {
    const taken = input.fixed.filter((f) => f.round === r && tables.has(f.table)).length;
    rows.push(` c${k++}: ${list.join(" + ")} <= ${Math.max(0, tables.size - taken)}`);
  }
  const lp = [
    "Maximize",
    ` obj: ${cols.map((c) => `${c.w} ${c.name}`).join(" + ")}`,
    "Subject To",
    ...rows,
    "Binary",
    ...cols.map((c) => ` ${c.name}`),
    "End",
  ].join("\n");
  const t0 = performance.now();
  return highs.withModel({ format: "lp", data: lp }, (model) => {
    model.options.set({ output_flag: false, time_limit: timeLimitSeconds, mip_rel_gap: 0, mip_abs_gap: 0.5, ...extra });
    model.run();
    const seconds = (performance.now() - t0) / 1000;
    const status = model.getModelStatus();
    const best = Math.round(model.getObjectiveValue()) + constant;
    const dual = Number(model.info.get("mip_dual_bound"));
    const optimal = status === highs.constants.modelStatus.optimal;
    const bound = optimal ? best : Math.floor(dual + 1e-6) + constant;
    return { best, bound: Math.max(best, bound), optimal: optimal || bound <= best, seconds };
  });
}
