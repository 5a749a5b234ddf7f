/**
 * Irving's stable-roommates algorithm (Irving 1985) for incomplete lists (Gusfield & Irving 1989):
 * does a matching exist in which no two companies both prefer each other to what they got? A partner
 * a company did not rank is unacceptable to it, so only mutually ranked pairs can be matched (or
 * block). O(total list length²) at worst — trivial for K ≤ 10.
 *
 * Phase 1: everyone proposes down their list; a receiver holds the best proposal so far and drops
 * everyone it likes less (both directions). Companies whose list runs empty here are unmatched in
 * every stable matching — allowed with incomplete lists. Phase 2: while some list has two or more
 * entries, find a rotation and eliminate it; a list that runs empty now means no stable matching.
 */

export interface StableRoommatesResult {
  exists: boolean;
  /** A stable matching (each matched company → its partner), when one exists. */
  matching: Map<string, string> | null;
}

export function stableRoommates(ranking: Record<string, readonly string[]>): StableRoommatesResult {
  const people = Object.keys(ranking);
  const idx = new Map(people.map((p, i) => [p, i]));
  const n = people.length;
  // Mutually acceptable lists, in order, without self and duplicates.
  const prefs: number[][] = people.map((p) => {
    const seen = new Set<number>();
    const out: number[] = [];
    for (const q of ranking[p]!) {
      const j = idx.get(q);
      if (j === undefined || q === p || seen.has(j)) continue;
      seen.add(j);
      out.push(j);
    }
    return out;
  });
  const rankOf: Map<number, number>[] = prefs.map((l) => new Map(l.map((j, r) => [j, r])));
  for (let i = 0; i < n; i++) prefs[i] = prefs[i]!.filter((j) => rankOf[j]!.has(i));
  for (let i = 0; i < n; i++) rankOf[i] = new Map(prefs[i]!.map((j, r) => [j, r]));

  const removed: Set<number>[] = people.map(() => new Set());
  const size = prefs.map((l) => l.length);
  const drop = (x: number, y: number) => {
    if (!removed[x]!.has(y)) {
      removed[x]!.add(y);
      size[x]!--;
    }
    if (!removed[y]!.has(x)) {
      removed[y]!.add(x);
      size[y]!--;
    }
  };
  const first = (x: number) => prefs[x]!.find((y) => !removed[x]!.has(y)) ?? -1;
  const second = (x: number) => {
    let seen = 0;
    for (const y of prefs[x]!) if (!removed[x]!.has(y) && ++seen === 2) return y;
    return -1;
  };
  const last = (x: number) => {
    const l = prefs[x]!;
    for (let t = l.length - 1; t >= 0; t--) if (!removed[x]!.has(l[t]!)) return l[t]!;
    return -1;
  };
  /** y keeps x and everyone it prefers; drops the rest. */
  const truncateAfter = (y: number, x: number) => {
    const l = prefs[y]!;
    for (let t = rankOf[y]!.get(x)! + 1; t < l.length; t++) drop(y, l[t]!);
  };

  // Phase 1.
  const holder = new Int32Array(n).fill(-1);
  const free: number[] = [];
  for (let i = n - 1; i >= 0; i--) free.push(i);
  while (free.length > 0) {
    const x = free.pop()!;
    const y = first(x);
    if (y === -1) continue;
    const z = holder[y]!;
    holder[y] = x;
    truncateAfter(y, x); // drops z (y prefers x, else x would no longer be on y's list)
    if (z !== -1 && z !== x) free.push(z);
  }

  // Phase 2.
  const lengthAfterPhase1 = size.slice();
  for (;;) {
    const start = size.findIndex((s) => s >= 2);
    if (start === -1) break;
    const ps: number[] = [];
    const qs: number[] = [];
    const at = new Map<number, number>();
    let x = start;
    while (!at.has(x)) {
      at.set(x, ps.length);
      ps.push(x);
      const q = second(x);
      qs.push(q);
      x = last(q);
    }
    const from = at.get(x)!;
    const rp = ps.slice(from);
    const rq = qs.slice(from);
    for (let i = 0; i < rp.length; i++) truncateAfter(rq[i]!, rp[i]!);
    for (let i = 0; i < n; i++) if (size[i] === 0 && lengthAfterPhase1[i]! > 0) return { exists: false, matching: null };
  }

  const matching = new Map<string, string>();
  for (let i = 0; i < n; i++) {
    const y = first(i);
    if (y === -1) continue;
    if (first(y) !== i) return { exists: false, matching: null };
    matching.set(people[i]!, people[y]!);
  }
  return { exists: true, matching };
}

export function hasStableMatching(ranking: Record<string, readonly string[]>): boolean {
  return stableRoommates(ranking).exists;
}
