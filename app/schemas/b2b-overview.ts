import type { MatchFigures } from "../server/matching/algorithm/types";

/** How a run came about: computed, an edited copy of a published run (moves), a restored earlier run, a repair after a late cancellation. */
export const B2B_RUN_KINDS = ["COMPUTED", "EDITED", "RESTORED", "REPAIR"] as const;
export type B2bRunKind = (typeof B2B_RUN_KINDS)[number];

/** What the organiser's B2B page shows of a run and its meetings (shared with its components). */
export interface OverviewMeeting {
  id: string;
  round: number;
  table: number;
  tableName: string;
  a: { id: string; name: string };
  b: { id: string; name: string };
  rankA: number | null;
  rankB: number | null;
  score: number;
  locked: boolean;
}

export interface OverviewRun {
  id: string;
  number: number;
  kind: B2bRunKind;
  createdAt: Date;
  createdByName: string | null;
  final: boolean;
  durationMs: number;
  figures: MatchFigures;
  settings: { rounds: number; tables: number; fixedMeetings: number; missingPreferences: number; companies: number; noShows?: number };
}

