/**
 * An upper bound on the wish value any schedule of this input can reach (decision 057), so that a
 * run can say "within X % of the best possible schedule". Round-free relaxations of the whole
 * schedule, the smaller of two:
 *  - per company: each company v has `seats(v)` rounds in which it is free and the round can hold a
 *    meeting; it meets at most that many of its open wish partners, so at most its `seats(v)` best
 *    open wish values; a meeting's value is shared by its two companies, so half of Σ over v;
 *  - per table: at most Σ round capacities new meetings, so at most the heaviest that many open
 *    wish pairs.
 * Plus the wish value of the locked meetings. A pair is open when nobody excluded the other and it
 * does not meet in a locked meeting. Sparse (wish pairs only): O(wishes · log) for 2,000 companies.
 */
import type { Problem } from "./problem";

export function wishUpperBound(p: Problem): number {
  const n = p.n;
  const metFixed = new Set<number>();
  let fixedValue = 0;
  for (const f of p.fixedPairs) {
    metFixed.add(f.a * n + f.b);
    metFixed.add(f.b * n + f.a);
    fixedValue += p.wish[f.a * n + f.b]!;
  }
  const seats = new Int32Array(n);
  let totalCap = 0;
  for (const spec of p.rounds) {
    if (spec.cap === 0) continue;
    totalCap += spec.cap;
    for (let v = 0; v < n; v++) if (spec.free[v]) seats[v]!++;
  }
  let perCompany = 0;
  const pairValues: number[] = [];
  for (let v = 0; v < n; v++) {
    const values: number[] = [];
    for (const u of p.wishPartners[v]!) {
      const k = v * n + u;
      if (p.weight[k] === 0 || metFixed.has(k) || seats[u] === 0) continue;
      values.push(p.wish[k]!);
      if (v < u) pairValues.push(p.wish[k]!);
    }
    values.sort((a, b) => b - a);
    for (let t = 0; t < Math.min(seats[v]!, values.length); t++) perCompany += values[t]!;
  }
  pairValues.sort((a, b) => b - a);
  let perTable = 0;
  for (let t = 0; t < Math.min(totalCap, pairValues.length); t++) perTable += pairValues[t]!;
  return fixedValue + Math.min(Math.floor(perCompany / 2), perTable);
}
