import { describe, expect, it } from "vitest";
import { hasStableMatching, stableRoommates } from "./stable-roommates";
import { prng } from "./testing/instances";

/** Brute force: is there a matching of mutually ranked pairs that no mutually ranked pair blocks? */
function bruteStableExists(ranking: Record<string, string[]>): boolean {
  const people = Object.keys(ranking);
  const rank = (x: string, y: string) => {
    const r = ranking[x]!.indexOf(y);
    return r === -1 ? Infinity : r;
  };
  const acceptable = (x: string, y: string) => x !== y && rank(x, y) < Infinity && rank(y, x) < Infinity;
  const mate = new Map<string, string>();
  const stable = () => {
    for (const x of people) for (const y of people) {
      if (x >= y || !acceptable(x, y) || mate.get(x) === y) continue;
      const mx = mate.get(x);
      const my = mate.get(y);
      if ((mx === undefined || rank(x, y) < rank(x, mx)) && (my === undefined || rank(y, x) < rank(y, my))) return false;
    }
    return true;
  };
  const walk = (i: number): boolean => {
    if (i === people.length) return stable();
    const x = people[i]!;
    if (mate.has(x)) return walk(i + 1);
    if (walk(i + 1)) return true;
    for (const y of people.slice(i + 1)) {
      if (mate.has(y) || !acceptable(x, y)) continue;
      mate.set(x, y).set(y, x);
      const ok = walk(i + 1);
      mate.delete(x);
      mate.delete(y);
      if (ok) return true;
    }
    return false;
  };
  return walk(0);
}

describe("stable roommates (Irving)", () => {
  it("finds no stable matching in Irving's four-company example", () => {
    expect(hasStableMatching({ A: ["B", "C", "D"], B: ["C", "A", "D"], C: ["A", "B", "D"], D: ["A", "B", "C"] })).toBe(false);
  });

  it("finds the stable matching of a solvable instance", () => {
    const r = stableRoommates({ A: ["B", "C", "D"], B: ["A", "D", "C"], C: ["D", "A", "B"], D: ["C", "B", "A"] });
    expect(r.exists).toBe(true);
    expect(r.matching?.get("A")).toBe("B");
    expect(r.matching?.get("C")).toBe("D");
  });

  it("treats unranked partners as unacceptable (incomplete lists)", () => {
    expect(hasStableMatching({ A: ["B"], B: [], C: ["A"] })).toBe(true);
    expect(hasStableMatching({})).toBe(true);
  });

  it("agrees with a brute force on 400 random instances with incomplete lists", () => {
    const rnd = prng(5);
    let unstable = 0;
    for (let t = 0; t < 400; t++) {
      const n = 2 + Math.floor(rnd() * 7);
      const names = Array.from({ length: n }, (_, i) => `p${i}`);
      const ranking: Record<string, string[]> = {};
      for (const x of names) {
        const others = names.filter((y) => y !== x).sort(() => rnd() - 0.5);
        ranking[x] = others.slice(0, Math.floor(rnd() * n));
      }
      const expected = bruteStableExists(ranking);
      if (!expected) unstable++;
      const got = stableRoommates(ranking);
      expect(got.exists, JSON.stringify(ranking)).toBe(expected);
    }
    expect(unstable).toBeGreaterThan(5); // the sample contains unsolvable instances too
  });
});
