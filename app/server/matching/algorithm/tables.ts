/**
 * Table numbers for a round's new meetings: the usable tables left after the fixed meetings, in the
 * order of `input.tables`; the best meetings (highest pair weight) get the first tables, ties by
 * company order, so the printed plan is stable for the same input.
 */
import type { Problem } from "./problem";

export function assignTables(p: Problem, r: number, pairs: readonly [number, number][]): { table: number; a: number; b: number }[] {
  const sorted = [...pairs].sort((x, y) => p.weight[y[0] * p.n + y[1]]! - p.weight[x[0] * p.n + x[1]]! || x[0] - y[0] || x[1] - y[1]);
  const tables = p.rounds[r]!.tables;
  return sorted.map(([a, b], t) => ({ table: tables[t]!, a, b }));
}
