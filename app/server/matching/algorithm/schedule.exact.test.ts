/**
 * Small events: the schedule equals an exhaustive search's optimum of the objective (decision 023),
 * with exclusions, scarce tables, incomplete lists and locked meetings.
 */
import { describe, expect, it } from "vitest";
import { scheduleMeetings } from "./schedule";
import { bruteForceOptimum, objectiveOfMeetings } from "./testing/brute-force";
import { prng, randomInstance } from "./testing/instances";
import type { MatchInput } from "./types";
import { validateSchedule } from "./validate";

/** Sizes the brute force finishes quickly: [companies, rounds, max tables]. */
const SIZES: [number, number, number][] = [
  [4, 3, 2], [5, 3, 2], [6, 2, 3], [6, 3, 3], [7, 2, 3], [8, 2, 4], [9, 2, 2], [10, 2, 2], [10, 1, 5],
];

function instance(seed: number): MatchInput {
  const rnd = prng(seed);
  const [n, rounds, maxTables] = SIZES[seed % SIZES.length]!;
  return randomInstance({
    companies: n,
    rounds,
    tables: 1 + Math.floor(rnd() * maxTables),
    maxPreferences: 1 + Math.floor(rnd() * 4),
    listShare: 0.8,
    exclusions: 0.4,
    kind: rnd() < 0.5 ? "random" : "clustered",
    seed,
  });
}

describe("small events: exact optimum", () => {
  it("equals the exhaustive optimum on 90 random instances (≤ 10 companies)", () => {
    for (let seed = 1; seed <= 90; seed++) {
      const input = instance(seed);
      const result = scheduleMeetings(input);
      expect(validateSchedule(input, result.meetings), `seed ${seed}`).toEqual([]);
      expect(result.solver.provedOptimal, `seed ${seed}`).toBe(true);
      expect(objectiveOfMeetings(input, result.meetings), `seed ${seed}`).toEqual(bruteForceOptimum(input));
    }
    // Pure CPU (the brute force): npm test runs it beside the e2e suite on 2 cores (decision 037),
    // where it took over the default 30 s.
  }, 120_000);

  it("equals the exhaustive optimum around locked meetings", () => {
    for (let seed = 200; seed < 230; seed++) {
      const input = randomInstance({ companies: 6, rounds: 3, tables: 2, maxPreferences: 3, exclusions: 0.3, seed });
      const [a, b, c, d] = input.companies.map((x) => x.id);
      input.fixed = [
        { round: 1, table: 2, a: a!, b: b! },
        { round: 3, table: 1, a: c!, b: d! },
      ];
      input.excluded = {};
      const result = scheduleMeetings(input);
      expect(validateSchedule(input, result.meetings), `seed ${seed}`).toEqual([]);
      expect(objectiveOfMeetings(input, result.meetings), `seed ${seed}`).toEqual(bruteForceOptimum(input));
    }
  });
});
