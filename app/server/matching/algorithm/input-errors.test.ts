/**
 * Inputs the scheduler refuses (decision 030): ranks above 255 keep their value, a K beyond the
 * plan's maximum and table numbers that are not positive integers are refused, and locked meetings
 * that cannot all be kept are refused with a coded error naming the lock — never scheduled into
 * an invalid plan. Pure (no database): the same on both engines.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { B2B_PLAN_LIMITS } from "~/schemas/b2b-plan";
import { isMatchInputError, MatchInputError, MAX_PREFERENCES, RANK_STORAGE_MAX } from "./input-errors";
import { buildProblem } from "./problem";
import { annotateWith } from "./score";
import { scheduleMeetings } from "./schedule";
import type { FixedMeeting, MatchInput } from "./types";
import { validateSchedule } from "./validate";

const company = (id: string) => ({ id, naceCodes: [], offerTags: [], requestTags: [] });
const ids = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`);

function base(n: number, over: Partial<MatchInput> = {}): MatchInput {
  return { companies: ids(n).map(company), ranking: {}, excluded: {}, maxPreferences: 10, rounds: 3, tables: [1, 2, 3], fixed: [], ...over };
}

function refusal(input: MatchInput): MatchInputError {
  try {
    scheduleMeetings(input);
  } catch (error) {
    if (isMatchInputError(error)) return error;
    throw error;
  }
  throw new Error("the input was accepted");
}

describe("rank storage and K (decision 030)", () => {
  it("stores ranks above 255 without wrapping", () => {
    const n = 302;
    const all = ids(n);
    const input = base(n, { maxPreferences: 300, ranking: { c0: all.slice(1, 301) } });
    const p = buildProblem(input);
    expect(p.rank[0 * n + 300]).toBe(300);
    expect(p.rank[0 * n + 256]).toBe(256);
    const m = annotateWith(p, { round: 1, table: 1, a: "c0", b: "c300" }, false);
    expect(m).toMatchObject({ rankAOfB: 300, rankBOfA: null, score: 0.5 });
  });

  it("covers the plan's largest K with its storage, and refuses a K beyond the plan's maximum", () => {
    expect(MAX_PREFERENCES).toBe(B2B_PLAN_LIMITS.maxPreferences);
    expect(RANK_STORAGE_MAX).toBeGreaterThanOrEqual(MAX_PREFERENCES);
    expect(() => scheduleMeetings(base(4, { maxPreferences: MAX_PREFERENCES }))).not.toThrow();
    const error = refusal(base(4, { maxPreferences: MAX_PREFERENCES + 1 }));
    expect(error.code).toBe("B2B_MAX_PREFERENCES_INVALID");
    expect(() => buildProblem(base(4, { maxPreferences: RANK_STORAGE_MAX + 1 }))).toThrow(MatchInputError);
  });
});

describe("table numbers (decision 030)", () => {
  it.each([[[0, 1]], [[1, -2]], [[1.5]], [[Number.NaN]]])("refuses usable tables %j", (tables) => {
    expect(refusal(base(4, { tables })).code).toBe("B2B_TABLES_INVALID");
  });

  it("refuses a lock on a table that is not a positive integer", () => {
    const error = refusal(base(4, { fixed: [{ round: 1, table: 0, a: "c0", b: "c1" }] }));
    expect(error).toMatchObject({ code: "B2B_LOCK_CONFLICT", reason: "TABLE_INVALID", lock: { round: 1, table: 0, a: "c0", b: "c1" } });
  });
});

describe("locks that cannot be kept are refused, naming the lock (decision 030)", () => {
  const lock = (round: number, table: number, a: string, b: string): FixedMeeting => ({ round, table, a, b });
  const cases: [string, Partial<MatchInput>, FixedMeeting, FixedMeeting | null][] = [
    ["COMPANY_TWICE", { fixed: [lock(1, 1, "c0", "c1"), lock(1, 2, "c1", "c2")] }, lock(1, 2, "c1", "c2"), lock(1, 1, "c0", "c1")],
    ["TABLE_TWICE", { fixed: [lock(2, 3, "c0", "c1"), lock(2, 3, "c2", "c3")] }, lock(2, 3, "c2", "c3"), lock(2, 3, "c0", "c1")],
    ["PAIR_TWICE", { fixed: [lock(1, 1, "c0", "c1"), lock(2, 1, "c1", "c0")] }, lock(2, 1, "c1", "c0"), lock(1, 1, "c0", "c1")],
    ["ROUND_OUTSIDE", { fixed: [lock(4, 1, "c0", "c1")] }, lock(4, 1, "c0", "c1"), null],
    ["ROUND_OUTSIDE", { fixed: [lock(0, 1, "c0", "c1")] }, lock(0, 1, "c0", "c1"), null],
    ["UNKNOWN_COMPANY", { fixed: [lock(1, 1, "c0", "gone")] }, lock(1, 1, "c0", "gone"), null],
    ["SAME_COMPANY", { fixed: [lock(1, 1, "c2", "c2")] }, lock(1, 1, "c2", "c2"), null],
    ["EXCLUDED_PAIR", { excluded: { c3: ["c0"] }, fixed: [lock(3, 2, "c0", "c3")] }, lock(3, 2, "c0", "c3"), null],
  ];
  it.each(cases)("%s", (reason, over, refused, other) => {
    const error = refusal(base(6, over));
    expect(error.code).toBe("B2B_LOCK_CONFLICT");
    expect(error.reason).toBe(reason);
    expect(error.lock).toEqual(refused);
    expect(error.other).toEqual(other);
    expect(error.message).toContain(`round ${refused.round}, table ${refused.table}`);
  });

  it("keeps a lock on a table the filter no longer offers (decision 023)", () => {
    const input = base(6, { tables: [1, 2], fixed: [lock(1, 3, "c0", "c1")] });
    expect(validateSchedule(input, scheduleMeetings(input).meetings)).toEqual([]);
  });
});

describe("any accepted set of locks yields a valid schedule (property)", () => {
  const instance = fc
    .record({ n: fc.integer({ min: 2, max: 9 }), rounds: fc.integer({ min: 1, max: 4 }), tables: fc.integer({ min: 1, max: 4 }), k: fc.integer({ min: 1, max: 5 }) })
    .chain(({ n, rounds, tables, k }) => {
      const companyId = fc.integer({ min: 0, max: n }).map((i) => (i === n ? "unknown" : `c${i}`));
      const known = fc.integer({ min: 0, max: n - 1 }).map((i) => `c${i}`);
      return fc.record({
        n: fc.constant(n),
        rounds: fc.constant(rounds),
        tables: fc.subarray(Array.from({ length: tables }, (_, i) => i + 1), { minLength: 1 }),
        k: fc.constant(k),
        ranking: fc.array(fc.tuple(known, fc.array(known, { maxLength: k })), { maxLength: n }),
        excluded: fc.array(fc.tuple(known, known), { maxLength: 3 }),
        fixed: fc.array(fc.record({ round: fc.integer({ min: 0, max: rounds + 1 }), table: fc.integer({ min: 1, max: tables + 1 }), a: companyId, b: companyId }), { maxLength: 5 }),
      });
    })
    .map(
      (g): MatchInput => ({
        companies: ids(g.n).map(company),
        ranking: Object.fromEntries(g.ranking),
        excluded: g.excluded.reduce<Record<string, string[]>>((acc, [a, b]) => ({ ...acc, [a]: [...(acc[a] ?? []), b] }), {}),
        maxPreferences: g.k,
        rounds: g.rounds,
        tables: g.tables,
        fixed: g.fixed,
      }),
    );

  it("schedules validly when it accepts, and refuses exactly the lock sets that break a rule on their own", () => {
    fc.assert(
      fc.property(instance, (input) => {
        const locksAlone = validateSchedule(input, input.fixed);
        let result;
        try {
          result = scheduleMeetings(input);
        } catch (error) {
          if (!isMatchInputError(error) || error.code !== "B2B_LOCK_CONFLICT") throw error;
          expect(locksAlone.length).toBeGreaterThan(0);
          expect(input.fixed).toContainEqual(error.lock);
          return;
        }
        expect(locksAlone).toEqual([]);
        expect(validateSchedule(input, result.meetings)).toEqual([]);
      }),
      { numRuns: 300, seed: 30 },
    );
  });
});
