/**
 * The round solver of decision 058 (a candidate graph cut at a weight, pricing along sorted partner
 * lists) against the solver it replaced (kept in testing/reference-round-solver.ts) and, on smaller
 * events, against the independent reference matcher on the full round graph: on the same schedule
 * state, every round's weight must be equal — both are maximum-weight matchings of the open pairs.
 */
import { describe, expect, it } from "vitest";
import { referenceMaxWeightCapped } from "../../../../tests/support/reference-matching";
import { buildProblem, type Problem } from "./problem";
import { pairOpen, solveRound } from "./round-solver";
import { clearRound, emptyState, type ScheduleState, setRound } from "./state";
import { prng, randomInstance } from "./testing/instances";
import { referenceSolveRound } from "./testing/reference-round-solver";
import type { MatchInput } from "./types";

function isMatching(p: Problem, s: ScheduleState, r: number, pairs: [number, number][]): boolean {
  const seen = new Set<number>();
  for (const [i, j] of pairs) {
    if (seen.has(i) || seen.has(j) || !pairOpen(p, s, r, i, j)) return false;
    seen.add(i);
    seen.add(j);
  }
  return pairs.length <= p.rounds[r]!.cap;
}

/** Runs the rounds in turn with the new solver; at every round both solvers see the same state. */
function compareAlongSchedule(input: MatchInput, full: boolean, greedyTarget?: (cap: number) => number): { rounds: number; pricingRounds: number; cutPricingRounds: number } {
  const p = buildProblem(input);
  const s = emptyState(p);
  let pricingRounds = 0;
  let cutPricingRounds = 0;
  for (let r = 0; r < p.rounds.length; r++) {
    clearRound(p, s, r);
    const mine = solveRound(p, s, r, greedyTarget ? { greedyTarget: greedyTarget(p.rounds[r]!.cap) } : {});
    const ref = referenceSolveRound(p, s, r);
    expect(isMatching(p, s, r, mine.pairs), `round ${r + 1} is a matching of open pairs`).toBe(true);
    expect(mine.weight, `round ${r + 1}: weight vs the solver before decision 058`).toBe(ref.weight);
    expect(mine.pairs.reduce((w, [i, j]) => w + p.weight[i * p.n + j]!, 0)).toBe(mine.weight);
    if (full) {
      const edges: [number, number, number][] = [];
      for (let i = 0; i < p.n; i++) for (let j = i + 1; j < p.n; j++) if (pairOpen(p, s, r, i, j)) edges.push([i, j, p.weight[i * p.n + j]!]);
      expect(mine.weight, `round ${r + 1}: weight vs the independent matcher`).toBe(referenceMaxWeightCapped(p.n, edges, p.rounds[r]!.cap));
    }
    if (mine.solves > 1) pricingRounds++;
    if (mine.solves > 1 && mine.cut) cutPricingRounds++;
    setRound(p, s, r, mine.pairs);
  }
  return { rounds: p.rounds.length, pricingRounds, cutPricingRounds };
}

describe("solveRound (decision 058) equals the solver it replaced", () => {
  it("on 150 random events of 6–120 companies: scarce and plentiful tables, exclusions, partial lists", () => {
    const rnd = prng(58);
    let pricing = 0;
    for (let it = 0; it < 150; it++) {
      const companies = 6 + Math.floor(rnd() * 115);
      const tables = 1 + Math.floor(rnd() * (companies / 2 + 2));
      const input = randomInstance({
        companies,
        rounds: 2 + Math.floor(rnd() * 8),
        tables,
        maxPreferences: 1 + Math.floor(rnd() * 10),
        kind: rnd() < 0.5 ? "random" : "clustered",
        exclusions: rnd() * 2,
        listShare: 0.3 + rnd() * 0.7,
        seed: 5800 + it,
      });
      pricing += compareAlongSchedule(input, companies <= 40).pricingRounds;
    }
    // The instances must exercise the pricing step (a candidate graph that was not yet optimal).
    expect(pricing).toBeGreaterThan(0);
  }, 120_000);

  it("when the cut graph is too small on purpose: the pricing adds pairs and companies until optimal", () => {
    const rnd = prng(580);
    let cutPricing = 0;
    for (let it = 0; it < 120; it++) {
      const companies = 8 + Math.floor(rnd() * 60);
      const input = randomInstance({
        companies,
        rounds: 2 + Math.floor(rnd() * 6),
        tables: 1 + Math.floor(rnd() * (companies / 3)),
        maxPreferences: 2 + Math.floor(rnd() * 8),
        kind: rnd() < 0.5 ? "random" : "clustered",
        exclusions: rnd(),
        listShare: 0.5 + rnd() * 0.5,
        seed: 58000 + it,
      });
      const target = it % 3 === 0 ? () => 1 : it % 3 === 1 ? (cap: number) => Math.max(1, cap >> 1) : (cap: number) => cap;
      cutPricing += compareAlongSchedule(input, companies <= 40, target).cutPricingRounds;
    }
    expect(cutPricing).toBeGreaterThan(50);
  }, 120_000);

  it("around locked meetings and in an onlyFill repair", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const input = randomInstance({ companies: 30 + seed * 3, rounds: 6, tables: 4 + seed, kind: seed % 2 ? "clustered" : "random", exclusions: 0.5, seed: 900 + seed });
      const p = buildProblem(input);
      const s = emptyState(p);
      for (let r = 0; r < p.rounds.length; r++) setRound(p, s, r, solveRound(p, s, r).pairs);
      const placed = s.pairs.flatMap((pairs, r) => pairs.map(([a, b], t) => ({ round: r + 1, table: input.tables[t]!, a: p.ids[a]!, b: p.ids[b]! })));
      const locked = placed.filter((_, i) => i % 3 === 0);
      compareAlongSchedule({ ...input, fixed: locked }, true);
      const freedCompanies = [p.ids[seed]!, p.ids[seed + 5]!];
      const survivors = placed.filter((m) => !freedCompanies.includes(m.a) && !freedCompanies.includes(m.b));
      const onlyFill = [2, 4].map((round) => ({ round, companies: placed.filter((m) => m.round === round && (freedCompanies.includes(m.a) || freedCompanies.includes(m.b))).flatMap((m) => [m.a, m.b]) }));
      compareAlongSchedule({ ...input, fixed: survivors, onlyFill }, true);
    }
  }, 120_000);

  it("on a large event with scarce tables (500 companies, 100 tables)", () => {
    const input = randomInstance({ companies: 500, rounds: 8, tables: 100, kind: "clustered", seed: 2526 });
    compareAlongSchedule(input, false);
  }, 120_000);
});
