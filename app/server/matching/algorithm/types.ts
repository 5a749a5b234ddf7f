/**
 * The B2B scheduling problem as the algorithm sees it (issue 12, decision 023): pure data, no
 * database. Companies are identified by opaque string ids; rounds and tables are 1-based.
 */

/** One participating company and what the fill-in weights may use (industries, offer/request tags). */
export interface MatchCompany {
  id: string;
  /** NACE codes of the company (e.g. "C28.1"); equal or related codes make a better unranked pair. */
  naceCodes: string[];
  /** Tag ids of its current offers and of its current requests: offer ↔ request overlap is complementary. */
  offerTags: string[];
  requestTags: string[];
}

/** A meeting fixed before the run: it stays exactly where it is, and its pair is not scheduled again. */
export interface FixedMeeting {
  round: number;
  table: number;
  a: string;
  b: string;
}

export interface MatchInput {
  companies: MatchCompany[];
  /** company id → the partners it wants to meet, rank 1 first (at most `maxPreferences`). */
  ranking: Record<string, string[]>;
  /** company id → partners it does not want to meet (never scheduled, in either direction). */
  excluded: Record<string, string[]>;
  /** The organiser's maximum list length K (default 10); ranks run 1..K. */
  maxPreferences: number;
  /** Number of rounds R. */
  rounds: number;
  /** The usable table numbers (the table filter applied), in the order they should be filled. */
  tables: number[];
  /** Locked meetings (they survive a re-run unchanged). */
  fixed: FixedMeeting[];
  /**
   * A repair after publishing (a late cancellation): when set, every new meeting lies in a listed
   * round and includes at least one of that round's listed companies (the ones just freed); its
   * partner may be any company idle in that round. All other places stay as they are (`fixed`
   * then holds every surviving meeting). Absent = a full run.
   */
  onlyFill?: { round: number; companies: string[] }[];
}

export interface ScheduledMeeting {
  round: number;
  table: number;
  a: string;
  b: string;
  /** a's rank of b (1 = first wish) or null when a did not rank b; likewise b's rank of a. */
  rankAOfB: number | null;
  rankBOfA: number | null;
  /**
   * In [0, maxPreferences], higher is better: the mean over both sides of (K + 1 − rank), an
   * unranked partner counting 0; K = mutual first choice (decision 023, `meetingScore`).
   */
  score: number;
  /** It came from `fixed`. */
  fixed: boolean;
}

export interface MatchFigures {
  companies: number;
  rounds: number;
  tables: number;
  meetings: number;
  /** Ranked wishes (directed: a ranked b), and how many of them got a meeting. */
  wishes: number;
  wishesMet: number;
  /** Pairs that ranked each other, and how many of them meet. */
  mutualWishes: number;
  mutualWishesMet: number;
  /** Σ over rounds of companies without a meeting in that round. */
  idleCompanyRounds: number;
  /** Distinct pairs that both prefer each other to what they got in some round (see decision 023). */
  blockingPairs: number;
  /** score (rounded down to an integer, so 0..K) → number of meetings (only buckets that occur). */
  scoreDistribution: Record<number, number>;
  /** The most rounds possible without a repeat meeting for this many companies and usable tables. */
  maxRoundsWithoutRepeat: number;
  /** Irving's algorithm found a stable matching for the preference lists (false: say so, spec §8). */
  stableMatchingExists: boolean;
  /**
   * Companies that ranked fewer partners than they could (fewer than min(K, companies they may
   * meet)): the page warns when this is > 0 (`incompletePreferences()` lists them). Added in 023.
   */
  incompletePreferences: number;
  /**
   * Decision 057 (absent on runs stored before it): Σ wish value of the meetings; an upper bound on
   * the wish value of any schedule of this input (round-free relaxation, or the joint solve's proved
   * bound); and whether this wish value is proved to be the best possible. "Within X % of the best
   * possible schedule": X = (wishBound − wishValue) / wishBound.
   */
  wishValue?: number;
  wishBound?: number;
  wishOptimal?: boolean;
}

/** How the schedule was found (added in decision 023; absent on figures recomputed by hand). */
export interface SolverInfo {
  /**
   * "exact": branch and bound over whole schedules (small events); "rounds": per-round blossom only;
   * "joint": the joint whole-schedule solve improved the round-by-round schedule (decision 057).
   */
  method: "exact" | "rounds" | "joint";
  /** The schedule is proved optimal for the objective of decision 023. */
  provedOptimal: boolean;
  /** Objective tiers: Σ wish value, meetings, Σ compatibility of the new and fixed meetings. */
  objective: { wishValue: number; meetings: number; compatibility: number };
  /** Work done: sparse blossom solves (pricing iterations included), exact-search nodes. */
  solves: number;
  exactNodes: number;
}

export interface MatchResult {
  /** Sorted by round, then table. */
  meetings: ScheduledMeeting[];
  figures: MatchFigures;
  solver: SolverInfo;
}
