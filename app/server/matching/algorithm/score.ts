/**
 * The score of one meeting (decision 023). The spec says "0 to the number of preferences; higher is
 * better; 1 means the two ranked each other first" — the last clause contradicts the first two, so
 * we read it as higher-is-better with a mutual first choice scoring K:
 *
 *   score = mean over both sides of (K + 1 − rank), an unranked partner counting 0.
 *
 * Mutual first choice → K; one side's first choice, the other did not rank → K/2; nobody ranked
 * anybody → 0. One sentence for the page: "Each side scores K points for its first wish, K − 1 for
 * its second … and 0 for a partner it did not rank; the meeting's score is the mean of both sides."
 */
import type { Problem } from "./problem";
import type { ScheduledMeeting } from "./types";
import { wishPoints } from "./weights";

export function meetingScore(rankAOfB: number | null, rankBOfA: number | null, maxPreferences: number): number {
  return (wishPoints(rankAOfB, maxPreferences) + wishPoints(rankBOfA, maxPreferences)) / 2;
}

/** A meeting with both ranks and its score filled in (ids unknown to the problem rank as null). */
export function annotateWith(
  p: Problem,
  m: { round: number; table: number; a: string; b: string },
  fixed: boolean,
): ScheduledMeeting {
  const i = p.index.get(m.a);
  const j = p.index.get(m.b);
  const rankAOfB = i !== undefined && j !== undefined ? p.rank[i * p.n + j]! || null : null;
  const rankBOfA = i !== undefined && j !== undefined ? p.rank[j * p.n + i]! || null : null;
  return { round: m.round, table: m.table, a: m.a, b: m.b, rankAOfB, rankBOfA, score: meetingScore(rankAOfB, rankBOfA, p.maxPreferences), fixed };
}
