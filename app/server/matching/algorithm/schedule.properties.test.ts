/**
 * Large random events: every rule holds, every round is a maximum-weight matching (checked against
 * the independent reference matcher), locked meetings survive, repairs touch only freed places,
 * and the same input gives the same schedule.
 */
import { describe, expect, it } from "vitest";
import { referenceMaxWeightCapped } from "../../../../tests/support/reference-matching";
import { buildProblem } from "./problem";
import { scheduleMeetings } from "./schedule";
import { randomInstance } from "./testing/instances";
import type { MatchInput, ScheduledMeeting } from "./types";
import { validateSchedule } from "./validate";

const key = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

describe("large events: properties", () => {
  const input = randomInstance({ companies: 240, rounds: 12, tables: 80, kind: "clustered", exclusions: 1, listShare: 0.9, seed: 11 });
  const result = scheduleMeetings(input);

  it("keeps every rule and never pairs an excluded pair", () => {
    expect(validateSchedule(input, result.meetings)).toEqual([]);
    const excluded = new Set(Object.entries(input.excluded).flatMap(([a, list]) => list.map((b) => key(a, b))));
    expect(excluded.size).toBeGreaterThan(100);
    for (const m of result.meetings) expect(excluded.has(key(m.a, m.b))).toBe(false);
    expect(result.figures.meetings).toBe(12 * 80);
  });

  it("is deterministic", () => {
    expect(scheduleMeetings(structuredClone(input)).meetings).toEqual(result.meetings);
  });

  it("keeps locked meetings exactly and schedules around them", () => {
    const locked = result.meetings.filter((_, i) => i % 7 === 0).map(({ round, table, a, b }) => ({ round, table, a, b }));
    const rerun = scheduleMeetings({ ...input, fixed: locked });
    expect(validateSchedule({ ...input, fixed: locked }, rerun.meetings)).toEqual([]);
    const present = new Set(rerun.meetings.filter((m) => m.fixed).map((m) => `${m.round}|${m.table}|${key(m.a, m.b)}`));
    for (const f of locked) expect(present.has(`${f.round}|${f.table}|${key(f.a, f.b)}`)).toBe(true);
    expect(rerun.meetings.filter((m) => m.fixed)).toHaveLength(locked.length);
  });

  it("repairs a late cancellation only in the freed places", () => {
    const gone = result.meetings.find((m) => m.round === 3)!;
    const cancelled = gone.a;
    const survivors = result.meetings.filter((m) => m.a !== cancelled && m.b !== cancelled);
    const freed = result.meetings
      .filter((m) => m.a === cancelled || m.b === cancelled)
      .map((m) => ({ round: m.round, companies: [m.a === cancelled ? m.b : m.a] }));
    const repairInput: MatchInput = {
      ...input,
      companies: input.companies.filter((c) => c.id !== cancelled),
      fixed: survivors.map(({ round, table, a, b }) => ({ round, table, a, b })),
      onlyFill: freed,
    };
    const repaired = scheduleMeetings(repairInput);
    expect(validateSchedule(repairInput, repaired.meetings)).toEqual([]);
    const before = new Set(survivors.map((m) => `${m.round}|${m.table}|${key(m.a, m.b)}`));
    const added = repaired.meetings.filter((m) => !before.has(`${m.round}|${m.table}|${key(m.a, m.b)}`));
    for (const m of added) {
      const f = freed.find((x) => x.round === m.round);
      expect(f, `round ${m.round}`).toBeDefined();
      expect(f!.companies.includes(m.a) || f!.companies.includes(m.b)).toBe(true);
    }
    expect(repaired.meetings.length).toBe(survivors.length + added.length);
  });
});

describe("every round is a maximum-weight matching (vs the reference matcher)", () => {
  function checkRounds(input: MatchInput, meetings: ScheduledMeeting[]) {
    const p = buildProblem(input);
    const n = p.n;
    const roundOf = new Map(meetings.map((m) => [key(m.a, m.b), m.round]));
    for (let r = 1; r <= input.rounds; r++) {
      // Open in round r: pairs not met in another round (the round's own pairs are open).
      const edges: [number, number, number][] = [];
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) {
        const w = p.weight[i * n + j]!;
        const met = roundOf.get(key(p.ids[i]!, p.ids[j]!));
        if (w > 0 && (met === undefined || met === r)) edges.push([i, j, w]);
      }
      const own = meetings.filter((m) => m.round === r).reduce((s, m) => s + p.weight[p.index.get(m.a)! * n + p.index.get(m.b)!]!, 0);
      expect(own, `round ${r}`).toBe(referenceMaxWeightCapped(n, edges, Math.min(input.tables.length, Math.floor(n / 2))));
    }
  }

  it("with enough tables (pricing must add unranked pairs)", () => {
    const input = randomInstance({ companies: 40, rounds: 6, tables: 30, kind: "random", exclusions: 0.5, seed: 3 });
    checkRounds(input, scheduleMeetings(input).meetings);
  });

  it("with scarce tables (the round is capped)", () => {
    const input = randomInstance({ companies: 36, rounds: 6, tables: 7, kind: "clustered", exclusions: 0.5, seed: 4 });
    checkRounds(input, scheduleMeetings(input).meetings);
  });
});
