/**
 * An independent, deliberately simple exhaustive search for the tests: every combination of one
 * matching per round, nothing shared with the production search but the compatibility definition.
 * Only for tiny events (it enumerates all matchings of every round).
 */
import type { MatchInput } from "../types";
import { compatibility } from "../weights";

export type Tier = [wishValue: number, meetings: number, compatibility: number];

export const better = (a: Tier, b: Tier) => a[0] !== b[0] ? a[0] > b[0] : a[1] !== b[1] ? a[1] > b[1] : a[2] > b[2];

/** The objective of decision 023, written out from the input without the production model. */
export function pairValue(input: MatchInput, a: string, b: string): Tier {
  const ids = input.companies.map((c) => c.id);
  const K = input.maxPreferences;
  const rank = (x: string, y: string) => {
    const list: string[] = [];
    for (const z of input.ranking[x] ?? []) if (z !== x && ids.includes(z) && !list.includes(z)) list.push(z);
    const r = list.slice(0, K).indexOf(y);
    return r === -1 ? 0 : K - r; // K + 1 − rank
  };
  const pa = rank(a, b);
  const pb = rank(b, a);
  const ca = input.companies.find((c) => c.id === a)!;
  const cb = input.companies.find((c) => c.id === b)!;
  return [pa + pb + (pa > 0 && pb > 0 ? K : 0), 1, compatibility(ca, cb)];
}

export function objectiveOfMeetings(input: MatchInput, meetings: { a: string; b: string }[]): Tier {
  const t: Tier = [0, 0, 0];
  for (const m of meetings) {
    const v = pairValue(input, m.a, m.b);
    t[0] += v[0];
    t[1] += v[1];
    t[2] += v[2];
  }
  return t;
}

/** The best objective over all schedules (fixed meetings included in the total). */
export function bruteForceOptimum(input: MatchInput): Tier {
  const ids = input.companies.map((c) => c.id);
  const excluded = (a: string, b: string) => (input.excluded[a] ?? []).includes(b) || (input.excluded[b] ?? []).includes(a);
  const key = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
  const used = new Set(input.fixed.map((f) => key(f.a, f.b)));
  const base = objectiveOfMeetings(input, input.fixed);

  // All matchings (as pair lists) of each round's free companies with at most `cap` pairs.
  const roundOptions: [string, string][][][] = [];
  for (let r = 1; r <= input.rounds; r++) {
    const busy = new Set(input.fixed.filter((f) => f.round === r).flatMap((f) => [f.a, f.b]));
    const takenTables = new Set(input.fixed.filter((f) => f.round === r).map((f) => f.table));
    const cap = new Set(input.tables.filter((t) => !takenTables.has(t))).size;
    const free = ids.filter((id) => !busy.has(id));
    const all: [string, string][][] = [];
    const walk = (rest: string[], acc: [string, string][]) => {
      if (rest.length === 0 || acc.length === cap) {
        all.push(acc.slice());
        return;
      }
      const [first, ...others] = rest;
      walk(others, acc); // first sits out
      for (const other of others) {
        if (excluded(first!, other)) continue;
        acc.push([first!, other]);
        walk(others.filter((x) => x !== other), acc);
        acc.pop();
      }
    };
    walk(free, []);
    roundOptions.push(all);
  }
  const symmetric = input.fixed.length === 0;
  let best: Tier = [-1, -1, -1];
  const search = (r: number, from: number, acc: Tier) => {
    if (r === input.rounds) {
      if (better(acc, best)) best = [...acc];
      return;
    }
    const options = roundOptions[r]!;
    for (let x = symmetric ? from : 0; x < options.length; x++) {
      const m = options[x]!;
      if (m.some(([a, b]) => used.has(key(a, b)))) continue;
      const value = objectiveOfMeetings(input, m.map(([a, b]) => ({ a, b })));
      for (const [a, b] of m) used.add(key(a, b));
      search(r + 1, x, [acc[0] + value[0], acc[1] + value[1], acc[2] + value[2]]);
      for (const [a, b] of m) used.delete(key(a, b));
    }
  };
  search(0, 0, base);
  return best;
}
