/**
 * scheduleMeetings: the whole run (decision 023). Deterministic — no randomness, no clock: the same
 * input gives the same schedule.
 *  1. Each round in turn: an exact maximum-weight matching of the pairs still open (round-solver).
 *  2. Events of at most EXACT_MAX_COMPANIES companies: branch and bound over whole schedules from
 *     that incumbent — the proved optimum unless the node limit is hit.
 * Fixed meetings stay exactly as given; `onlyFill` repairs open only the freed places. Locks that
 * cannot all be kept, a K beyond the plan's maximum and table numbers that are not positive
 * integers are refused before anything is computed (input-errors.ts).
 */
import { countActive } from "./active";
import { branchAndBound, EXACT_MAX_COMPANIES, EXACT_MAX_INDEX } from "./exact";
import { figuresFor, objectiveOf, wishBoundOf } from "./figures";
import { type HeuristicStats, sequentialRounds } from "./heuristic";
import { checkMatchInput } from "./input-errors";
import { JOINT_MAX_COMPANIES, jointImprove, type MipRuntime } from "./joint";
import { buildProblem, type Problem } from "./problem";
import { annotateWith } from "./score";
import { emptyState, type ScheduleState } from "./state";
import { assignTables } from "./tables";
import type { MatchInput, MatchResult, ScheduledMeeting, SolverInfo } from "./types";

export interface ScheduleOptions {
  /** Try the exact search on small events (default true). The gap measurement turns it off. */
  exact?: boolean;
  /**
   * HiGHS, for the joint whole-schedule solve of events up to JOINT_MAX_COMPANIES (decision 057;
   * `scheduleMeetingsJointly` loads it). Absent: the round-by-round schedule (and exact search) only.
   */
  mip?: MipRuntime;
}

export function meetingsOf(p: Problem, s: ScheduleState): ScheduledMeeting[] {
  const out: ScheduledMeeting[] = p.input.fixed.map((f) => annotateWith(p, f, true));
  s.pairs.forEach((pairs, r) => {
    for (const m of assignTables(p, r, pairs)) {
      out.push(annotateWith(p, { round: r + 1, table: m.table, a: p.ids[m.a]!, b: p.ids[m.b]! }, false));
    }
  });
  return out.sort((x, y) => x.round - y.round || x.table - y.table);
}

/** Throws MatchInputError (coded, naming the lock) for an input it must not schedule (decision 030). */
export function scheduleMeetings(input: MatchInput, options: ScheduleOptions = {}): MatchResult {
  checkMatchInput(input);
  const p = buildProblem(input);
  const s = emptyState(p);
  const stats: HeuristicStats = { solves: 0 };
  sequentialRounds(p, s, stats);
  let method: SolverInfo["method"] = "rounds";
  let proved = false;
  let exactNodes = 0;
  const active = countActive(p);
  if ((options.exact ?? true) && active <= EXACT_MAX_COMPANIES && p.n <= EXACT_MAX_INDEX) {
    const outcome = branchAndBound(p, s);
    method = "exact";
    proved = outcome.proved;
    exactNodes = outcome.nodes;
  }
  // Decision 057: the joint solve of the wish tier (small and medium events), and a bound.
  const bound = wishBoundOf(p, options.mip);
  if (options.mip && !proved && active <= JOINT_MAX_COMPANIES && p.scale.wholeSchedule) {
    const joint = jointImprove(p, s, options.mip, bound);
    if (joint.improved && method === "rounds") method = "joint";
  }
  const meetings = meetingsOf(p, s);
  const figures = figuresFor(p, meetings);
  const wishValue = figures.wishValue ?? 0;
  // The exact search's proof covers the wish value too (it is the objective's first tier).
  const wishOptimal = proved || wishValue >= bound;
  Object.assign(figures, { wishBound: wishOptimal ? wishValue : Math.max(bound, wishValue), wishOptimal });
  return {
    meetings,
    figures,
    solver: {
      method,
      provedOptimal: proved,
      objective: objectiveOf(p, meetings),
      solves: stats.solves,
      exactNodes,
    },
  };
}
