/**
 * An independent exact maximum-weight matcher for tests and the matching benchmark: the npm package
 * edmonds-blossom-fixed 1.0.1 (MIT, Matt Krick's JavaScript port of J. van Rantwijk's
 * mwmatching.py), vendored unchanged in ./vendor/edmonds-blossom-fixed (the worktree cannot install
 * packages; decision 023). Not used by the application.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const blossom = require("./vendor/edmonds-blossom-fixed/blossom.cjs") as (edges: [number, number, number][], maxCardinality?: boolean) => number[];

/** Total weight of a maximum-weight matching of the graph (edges [i, j, w], integer weights). */
export function referenceMaxWeight(edges: [number, number, number][]): { weight: number; size: number } {
  if (edges.length === 0) return { weight: 0, size: 0 };
  const mate = blossom(edges);
  const w = new Map<string, number>();
  for (const [i, j, wt] of edges) w.set(i < j ? `${i},${j}` : `${j},${i}`, wt);
  let weight = 0;
  let size = 0;
  mate.forEach((j, i) => {
    if (j > i) {
      weight += w.get(`${i},${j}`)!;
      size++;
    }
  });
  return { weight, size };
}

/**
 * Maximum weight over matchings with at most `cap` edges on vertices 0..n−1: the textbook reduction
 * — add n − 2·cap dummy vertices, each joined to every vertex with a weight larger than any matching
 * (a vertex matched to a dummy sits out), and subtract the dummies' share.
 */
export function referenceMaxWeightCapped(n: number, edges: [number, number, number][], cap: number): number {
  if (2 * cap >= n) return referenceMaxWeight(edges).weight;
  if (cap <= 0) return 0;
  const dummies = n - 2 * cap;
  const big = edges.reduce((s, e) => s + e[2], 0) + 1;
  const all = [...edges];
  for (let d = 0; d < dummies; d++) for (let v = 0; v < n; v++) all.push([v, n + d, big]);
  return referenceMaxWeight(all).weight - dummies * big;
}
