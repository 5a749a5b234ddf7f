/**
 * annotateMeeting: ranks and score of one meeting (for instance one the organiser placed by hand),
 * from the input alone, without building the whole problem.
 */
import { cleanRanking, effectiveK } from "./problem";
import { meetingScore } from "./score";
import type { MatchInput, ScheduledMeeting } from "./types";

export function annotateMeeting(input: MatchInput, meeting: { round: number; table: number; a: string; b: string }, fixed = false): ScheduledMeeting {
  const index = new Map(input.companies.map((c, i) => [c.id, i]));
  const rankOf = (x: string, y: string) => {
    const r = index.has(x) ? cleanRanking(input, index, x).indexOf(y) + 1 : 0;
    return r > 0 ? r : null;
  };
  const rankAOfB = rankOf(meeting.a, meeting.b);
  const rankBOfA = rankOf(meeting.b, meeting.a);
  const K = effectiveK(input);
  return { round: meeting.round, table: meeting.table, a: meeting.a, b: meeting.b, rankAOfB, rankBOfA, score: meetingScore(rankAOfB, rankBOfA, K), fixed };
}
