import { describe, expect, it } from "vitest";
import { annotateMeeting } from "./annotate";
import { blockingPairs, computeFigures } from "./figures";
import { maxRoundsWithoutRepeat } from "./max-rounds";
import { buildProblem } from "./problem";
import { scheduleMeetings } from "./schedule";
import { meetingScore } from "./score";
import type { MatchInput } from "./types";
import { validateSchedule } from "./validate";

const company = (id: string) => ({ id, naceCodes: [], offerTags: [], requestTags: [] });
const event = (ranking: Record<string, string[]>, extra: Partial<MatchInput> = {}): MatchInput => ({
  companies: Object.keys(ranking).map(company),
  ranking,
  excluded: {},
  maxPreferences: 3,
  rounds: 1,
  tables: [1, 2, 3],
  fixed: [],
  ...extra,
});

describe("maxRoundsWithoutRepeat", () => {
  it("gives n − 1 (even n) and n (odd n) with enough tables, ⌊n(n−1)/2 / T⌋ with fewer", () => {
    expect(maxRoundsWithoutRepeat(10, 5)).toBe(9);
    expect(maxRoundsWithoutRepeat(10, 50)).toBe(9);
    expect(maxRoundsWithoutRepeat(9, 4)).toBe(9);
    expect(maxRoundsWithoutRepeat(500, 100)).toBe(1247);
    expect(maxRoundsWithoutRepeat(10, 3)).toBe(15);
    expect(maxRoundsWithoutRepeat(7, 2)).toBe(10);
    expect(maxRoundsWithoutRepeat(1, 5)).toBe(0);
    expect(maxRoundsWithoutRepeat(6, 0)).toBe(0);
  });

  it("is reached: a brute force finds that many full rounds without a repeat, and no more", () => {
    // Largest number of disjoint matchings of exactly m = min(T, ⌊n/2⌋) pairs each.
    const most = (n: number, T: number) => {
      const m = Math.min(T, Math.floor(n / 2));
      const used = new Set<string>();
      let best = 0;
      const rounds = (done: number): void => {
        best = Math.max(best, done);
        if (best === maxRoundsWithoutRepeat(n, T)) return;
        const pick = (from: number, busy: number, count: number, chosen: string[]): boolean => {
          if (count === m) {
            chosen.forEach((k) => used.add(k));
            rounds(done + 1);
            chosen.forEach((k) => used.delete(k));
            return best === maxRoundsWithoutRepeat(n, T);
          }
          for (let i = from; i < n; i++) {
            if (busy & (1 << i)) continue;
            for (let j = i + 1; j < n; j++) {
              if (busy & (1 << j) || used.has(`${i},${j}`)) continue;
              if (pick(i + 1, busy | (1 << i) | (1 << j), count + 1, [...chosen, `${i},${j}`])) return true;
            }
          }
          return false;
        };
        pick(0, 0, 0, []);
      };
      rounds(0);
      return best;
    };
    for (const [n, T] of [[4, 2], [5, 2], [5, 1], [6, 3], [6, 2], [7, 3], [7, 2]] as const) {
      expect(most(n, T), `${n} companies, ${T} tables`).toBe(maxRoundsWithoutRepeat(n, T));
    }
  });
});

describe("meeting score", () => {
  it("lies in [0, K], gives K for a mutual first choice and rises with better ranks", () => {
    const K = 10;
    expect(meetingScore(1, 1, K)).toBe(K);
    expect(meetingScore(null, null, K)).toBe(0);
    expect(meetingScore(1, null, K)).toBe(K / 2);
    for (let a = 1; a <= K; a++) {
      for (let b = 1; b <= K; b++) {
        const s = meetingScore(a, b, K);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(K);
        if (a > 1) expect(meetingScore(a - 1, b, K)).toBeGreaterThan(s);
        expect(meetingScore(null, b, K)).toBeLessThan(s);
      }
    }
  });

  it("annotates a meeting with both ranks", () => {
    const input = event({ A: ["C", "B"], B: ["A"], C: [] });
    expect(annotateMeeting(input, { round: 1, table: 1, a: "A", b: "B" })).toMatchObject({ rankAOfB: 2, rankBOfA: 1, score: 2.5, fixed: false });
  });
});

describe("event figures", () => {
  it("counts wishes, mutual wishes, idle rounds and scores", () => {
    const input = event({ A: ["B", "C"], B: ["A"], C: ["D"], D: [], E: ["A"] }, { rounds: 2 });
    const meetings = [
      { round: 1, table: 1, a: "A", b: "B" },
      { round: 2, table: 1, a: "C", b: "D" },
    ];
    const f = computeFigures(input, meetings);
    expect(f).toMatchObject({ companies: 5, rounds: 2, meetings: 2, wishes: 5, wishesMet: 3, mutualWishes: 1, mutualWishesMet: 1, idleCompanyRounds: 6 });
    expect(f.scoreDistribution).toEqual({ 3: 1, 1: 1 });
    expect(f.incompletePreferences).toBe(5); // every list is shorter than K = 3
  });

  it("finds a blocking pair: both ranked each other, never meet, both worse off in a round", () => {
    const input = event({ A: ["B", "C"], B: ["A", "D"], C: ["A"], D: ["B"] }, { rounds: 1 });
    const p = buildProblem(input);
    expect(blockingPairs(p, [{ round: 1, table: 1, a: "A", b: "C" }, { round: 1, table: 2, a: "B", b: "D" }], 1)).toBe(1);
    expect(blockingPairs(p, [{ round: 1, table: 1, a: "A", b: "B" }], 1)).toBe(0);
  });

  it("reports Irving's example as having no stable matching", () => {
    const input = event({ A: ["B", "C", "D"], B: ["C", "A", "D"], C: ["A", "B", "D"], D: ["A", "B", "C"] });
    expect(scheduleMeetings(input).figures.stableMatchingExists).toBe(false);
  });

  it("schedules a stable instance with no blocking pair in its first round", () => {
    const input = event({ A: ["B", "C", "D"], B: ["A", "D", "C"], C: ["D", "A", "B"], D: ["C", "B", "A"] }, { rounds: 3 });
    const result = scheduleMeetings(input);
    expect(result.figures.stableMatchingExists).toBe(true);
    const first = result.meetings.filter((m) => m.round === 1);
    expect(first.map((m) => [m.a, m.b].sort().join(""))).toEqual(expect.arrayContaining(["AB", "CD"]));
    expect(blockingPairs(buildProblem(input), first, 1, 1)).toBe(0);
  });
});

describe("validateSchedule", () => {
  it("names every broken rule", () => {
    const input = event({ A: [], B: [], C: [], D: [] }, { rounds: 2, tables: [1, 2], excluded: { A: ["D"] }, fixed: [{ round: 2, table: 1, a: "B", b: "C" }] });
    const problems = validateSchedule(input, [
      { round: 1, table: 1, a: "A", b: "B" },
      { round: 1, table: 1, a: "C", b: "A" }, // A twice, table twice
      { round: 2, table: 2, a: "A", b: "B" }, // repeat
      { round: 2, table: 9, a: "D", b: "A" }, // excluded (D–A), table not usable, A twice
      { round: 3, table: 1, a: "C", b: "D" }, // no such round
    ]);
    expect(problems.some((x) => x.includes("also meets"))).toBe(true);
    expect(problems.some((x) => x.includes("table already taken"))).toBe(true);
    expect(problems.some((x) => x.includes("already meets"))).toBe(true);
    expect(problems.some((x) => x.includes("excluded"))).toBe(true);
    expect(problems.some((x) => x.includes("not usable"))).toBe(true);
    expect(problems.some((x) => x.includes("no such round"))).toBe(true);
    expect(problems.some((x) => x.includes("locked meeting"))).toBe(true);
    expect(validateSchedule(input, [{ round: 2, table: 1, a: "C", b: "B" }, { round: 1, table: 2, a: "A", b: "C" }])).toEqual([]);
  });
});
