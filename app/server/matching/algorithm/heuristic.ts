/**
 * The large-event path: each round in turn gets an exact maximum-weight matching of the pairs that
 * have not met yet (the standard "per-round blossom" heuristic). It is myopic — round 1 takes the
 * best pairs without regard to what is left for later rounds — so small events go on to the exact
 * search (exact.ts). Re-solving one round given all the others cannot improve this result: each
 * round is already maximal over a superset of the pairs that are then open (decision 023 records
 * the two-round moves we measured and dropped).
 */
import type { Problem } from "./problem";
import { solveRound } from "./round-solver";
import { clearRound, type ScheduleState, setRound } from "./state";

export interface HeuristicStats {
  /** Sparse blossom solves (one per round, more when pricing added left-out pairs). */
  solves: number;
}

export function sequentialRounds(p: Problem, s: ScheduleState, stats: HeuristicStats): void {
  for (let r = 0; r < p.rounds.length; r++) {
    clearRound(p, s, r);
    const sol = solveRound(p, s, r);
    stats.solves += sol.solves;
    setRound(p, s, r, sol.pairs);
  }
}
