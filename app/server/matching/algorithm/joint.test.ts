/**
 * Decision 057: the joint re-solve of pairs of rounds (HiGHS) after the round-by-round schedule,
 * the wish-value bound in the figures, and companies that can meet nobody not pushing an event
 * out of the exact search.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { buildProblem } from "./problem";
import { emptyState, setRound, totalWeight } from "./state";
import { type MipRuntime, resolveRoundsJointly } from "./joint";
import { scheduleMeetings } from "./schedule";
import { sequentialRounds } from "./heuristic";
import { loadMipRuntime } from "../solver-runtime.server";
import { better, bruteForceOptimum, objectiveOfMeetings } from "./testing/brute-force";
import { prng, randomInstance } from "./testing/instances";
import type { MatchInput } from "./types";
import { validateSchedule } from "./validate";

let mip: MipRuntime;
beforeAll(async () => {
  const runtime = await loadMipRuntime();
  if (!runtime) throw new Error("HiGHS did not load");
  mip = runtime;
});

const tier = (o: { wishValue: number; meetings: number; compatibility: number }) => [o.wishValue, o.meetings, o.compatibility] as [number, number, number];

/** A 6-company event whose round-by-round schedule (wish value 61) is below its optimum (63). */
const small = () => randomInstance({ companies: 6, rounds: 3, tables: 2, maxPreferences: 4, kind: "random", seed: 1 });

/** The same event with `extra` more companies that exclude everybody. */
function padded(extra: number): MatchInput {
  const input = small();
  const ids = input.companies.map((c) => c.id);
  for (let k = 0; k < extra; k++) {
    const id = `pad${k}`;
    input.companies.push({ id, naceCodes: ["C25.1"], offerTags: ["t1"], requestTags: ["t2"] });
    input.excluded[id] = [...ids, ...input.companies.map((c) => c.id).filter((x) => x !== id)];
  }
  return input;
}

describe("companies that can meet nobody", () => {
  it("the 6-company event: round by round 61, optimum 63", () => {
    expect(scheduleMeetings(small(), { exact: false }).solver.objective.wishValue).toBe(61);
    expect(bruteForceOptimum(small())[0]).toBe(63);
  });

  it("padded with 7 companies that exclude everyone, it still reaches its optimum (exact search, and with the joint solve)", () => {
    const input = padded(7);
    expect(input.companies).toHaveLength(13);
    for (const options of [{}, { mip }]) {
      const result = scheduleMeetings(input, options);
      expect(validateSchedule(input, result.meetings)).toEqual([]);
      expect(objectiveOfMeetings(input, result.meetings)).toEqual(bruteForceOptimum(small()));
      expect(result.figures.wishOptimal).toBe(true);
      expect(result.figures.wishBound).toBe(63);
    }
  });
});

/** Random medium events, some with locked meetings, some repairs (onlyFill). */
function medium(seed: number): MatchInput {
  const rnd = prng(seed);
  const kinds = ["random", "clustered", "popular"] as const;
  const n = 14 + Math.floor(rnd() * 27);
  const input = randomInstance({
    companies: n,
    rounds: 3 + Math.floor(rnd() * 6),
    tables: Math.max(2, Math.floor((n / 2) * (0.5 + 0.5 * rnd()))),
    maxPreferences: rnd() < 0.5 ? 5 : 8,
    kind: kinds[seed % 3]!,
    listShare: 0.9,
    exclusions: 0.5,
    seed,
  });
  const ids = input.companies.map((c) => c.id);
  if (seed % 4 === 1) {
    input.fixed = [{ round: 1, table: 1, a: ids[0]!, b: ids[1]! }, { round: 2, table: 2, a: ids[2]!, b: ids[3]! }];
    for (const [a, b] of [[ids[0]!, ids[1]!], [ids[2]!, ids[3]!]] as const) {
      input.excluded[a] = (input.excluded[a] ?? []).filter((x) => x !== b);
      input.excluded[b] = (input.excluded[b] ?? []).filter((x) => x !== a);
    }
  }
  if (seed % 4 === 2) {
    // A repair: two companies cancelled; their meetings from round 2 on are freed (their partners may meet others there).
    const full = scheduleMeetings({ ...input, fixed: [] });
    const gone = new Set([ids[0]!, ids[1]!]);
    input.companies = input.companies.filter((c) => !gone.has(c.id));
    input.fixed = full.meetings.filter((m) => !gone.has(m.a) && !gone.has(m.b)).map(({ round, table, a, b }) => ({ round, table, a, b }));
    const freed = new Map<number, Set<string>>();
    for (const m of full.meetings) {
      if (m.round < 2 || (!gone.has(m.a) && !gone.has(m.b))) continue;
      const set = freed.get(m.round) ?? new Set<string>();
      for (const id of [m.a, m.b]) if (!gone.has(id)) set.add(id);
      freed.set(m.round, set);
    }
    input.onlyFill = [...freed].map(([round, companies]) => ({ round, companies: [...companies] }));
  }
  return input;
}

describe("joint solve: properties", () => {
  it("never lowers the objective, keeps every rule, is deterministic, and the bound holds (24 random events, 14–40 companies)", () => {
    let improved = 0;
    for (let seed = 1; seed <= 24; seed++) {
      const input = medium(seed);
      const plain = scheduleMeetings(input);
      const joint = scheduleMeetings(input, { mip });
      expect(validateSchedule(input, joint.meetings), `seed ${seed}`).toEqual([]);
      const before = tier(plain.solver.objective);
      const after = tier(joint.solver.objective);
      expect(better(before, after), `seed ${seed}: ${before} → ${after}`).toBe(false);
      if (better(after, before)) improved++;
      expect(joint.figures.wishValue).toBe(joint.solver.objective.wishValue);
      expect(joint.figures.wishBound!, `seed ${seed}`).toBeGreaterThanOrEqual(joint.figures.wishValue!);
      expect(joint.figures.wishBound!, `seed ${seed}`).toBeLessThanOrEqual(plain.figures.wishBound!);
      expect(scheduleMeetings(structuredClone(input), { mip }).meetings, `seed ${seed}`).toEqual(joint.meetings);
    }
    expect(improved).toBeGreaterThan(0);
  }, 180_000);

  it("re-solving any two rounds never lowers their weight nor breaks a rule", () => {
    for (let seed = 30; seed < 40; seed++) {
      const input = medium(seed);
      const p = buildProblem(input);
      const s = emptyState(p);
      sequentialRounds(p, s, { solves: 0 });
      const R = p.rounds.length;
      for (let r1 = 0; r1 < R; r1++) {
        for (let r2 = r1 + 1; r2 < R; r2++) {
          const w = totalWeight(s);
          resolveRoundsJointly(p, s, [r1, r2], mip);
          expect(totalWeight(s), `seed ${seed} rounds ${r1}/${r2}`).toBeGreaterThanOrEqual(w);
        }
      }
      const meetings = s.pairs.flatMap((pairs, r) => pairs.map(([a, b], t) => ({ round: r + 1, table: p.rounds[r]!.tables[t]!, a: p.ids[a]!, b: p.ids[b]! })));
      expect(validateSchedule(input, [...input.fixed, ...meetings]), `seed ${seed}`).toEqual([]);
      // setRound keeps the bookkeeping consistent: a round re-set to itself weighs the same.
      setRound(p, s, 0, s.pairs[0]!.slice());
    }
  }, 120_000);
});

describe("the bound in the figures", () => {
  it("is never below the exhaustive optimum, and 'optimal' only when it is reached (small events)", () => {
    for (let seed = 1; seed <= 40; seed++) {
      const rnd = prng(seed);
      const input = randomInstance({ companies: 4 + (seed % 5), rounds: 2 + (seed % 2), tables: 1 + Math.floor(rnd() * 3), maxPreferences: 3, exclusions: 0.4, listShare: 0.8, kind: seed % 2 ? "random" : "clustered", seed });
      const optimum = bruteForceOptimum(input)[0];
      for (const options of [{ exact: false }, { exact: false, mip }, {}]) {
        const f = scheduleMeetings(input, options).figures;
        expect(f.wishBound!, `seed ${seed}`).toBeGreaterThanOrEqual(optimum);
        if (f.wishOptimal) expect(f.wishValue, `seed ${seed}`).toBe(optimum);
      }
    }
  }, 120_000);
});
