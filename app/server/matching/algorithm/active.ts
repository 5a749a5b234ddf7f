/**
 * Companies that can meet anybody at all (a pair weight > 0 with some other company that is free in
 * some round with room). A company that excluded everyone, or that every other company excluded,
 * never meets; it must not push an event past the size limits of the exact and joint searches
 * (decision 057: a 6-company event padded with 7 such companies still reaches its optimum).
 */
import type { Problem } from "./problem";

export function activeCompanies(p: Problem): Uint8Array {
  const n = p.n;
  const available = new Uint8Array(n);
  for (const spec of p.rounds) if (spec.cap > 0) for (let v = 0; v < n; v++) if (spec.free[v]) available[v] = 1;
  const active = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (!available[i]) continue;
    for (let j = 0; j < n; j++) {
      if (j !== i && available[j] && p.weight[i * n + j]! > 0) {
        active[i] = 1;
        break;
      }
    }
  }
  return active;
}

export function countActive(p: Problem): number {
  return activeCompanies(p).reduce((a, b) => a + b, 0);
}
