/**
 * The baseline the benchmark compares with (not used by the app): sort all pairs by weight, then
 * place each pair in the first round where both companies are free and a table is left.
 */
import { type Problem } from "./problem";
import { setRound, type ScheduleState } from "./state";

export function greedySchedule(p: Problem, s: ScheduleState): void {
  const n = p.n;
  const pairs: number[] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (p.weight[i * n + j]! > 0 && s.met[i * n + j] === 0) pairs.push(i * n + j);
  pairs.sort((x, y) => p.weight[y]! - p.weight[x]! || x - y);
  const busy = p.rounds.map((spec) => Uint8Array.from(spec.free, (f) => 1 - f));
  const left = p.rounds.map((spec) => spec.cap);
  const chosen: [number, number][][] = p.rounds.map(() => []);
  for (const k of pairs) {
    const i = Math.floor(k / n);
    const j = k % n;
    for (let r = 0; r < p.rounds.length; r++) {
      const f = p.rounds[r]!.freed;
      if (left[r]! > 0 && !busy[r]![i] && !busy[r]![j] && (f === null || f[i] || f[j])) {
        busy[r]![i] = busy[r]![j] = 1;
        left[r]!--;
        chosen[r]!.push([i, j]);
        break;
      }
    }
  }
  chosen.forEach((pairsOfRound, r) => setRound(p, s, r, pairsOfRound));
}
