import { describe, expect, it } from "vitest";
import { referenceMaxWeight, referenceMaxWeightCapped } from "../../../../tests/support/reference-matching";
import { maxWeightMatching, reducedCost } from "./blossom";
import { prng } from "./testing/instances";

function randomGraph(seed: number) {
  const rnd = prng(seed);
  const n = 2 + Math.floor(rnd() * 16);
  const edges: [number, number, number][] = [];
  const density = 0.2 + rnd() * 0.7;
  const spread = rnd() < 0.5 ? 4 : 1000;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (rnd() < density) edges.push([i, j, 1 + Math.floor(rnd() * spread)]);
  const g = { n, m: edges.length, edgeU: edges.map((e) => e[0]), edgeV: edges.map((e) => e[1]), edgeW: edges.map((e) => e[2]) };
  return { n, edges, g, cap: Math.floor(rnd() * (n / 2 + 1)) };
}

describe("maxWeightMatching", () => {
  it("matches the independent reference matcher, with and without an edge cap, and its duals are feasible", () => {
    for (let seed = 1; seed <= 400; seed++) {
      const { n, edges, g, cap } = randomGraph(seed);
      const full = maxWeightMatching(g);
      expect(full.weight, `seed ${seed}`).toBe(referenceMaxWeight(edges).weight);
      const capped = maxWeightMatching(g, cap);
      expect(capped.size).toBeLessThanOrEqual(cap);
      expect(capped.weight, `seed ${seed} cap ${cap}`).toBe(referenceMaxWeightCapped(n, edges, cap));
      for (const [i, j, w] of edges) {
        expect(reducedCost(full, i, j, w)).toBeGreaterThanOrEqual(0);
        expect(reducedCost(capped, i, j, w)).toBeGreaterThanOrEqual(0);
      }
      // mate is symmetric
      full.mate.forEach((j, i) => j === -1 || expect(full.mate[j]).toBe(i));
    }
  });

  it("handles empty graphs", () => {
    expect(maxWeightMatching({ n: 3, m: 0, edgeU: [], edgeV: [], edgeW: [] }).size).toBe(0);
    expect(maxWeightMatching({ n: 0, m: 0, edgeU: [], edgeV: [], edgeW: [] }).weight).toBe(0);
  });
});
