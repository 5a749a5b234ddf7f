import { eq } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { b2bPlans } from "~/server/db/schema";
import { computeFigures, type MatchInput } from "~/server/matching/algorithm";
import { storeRun } from "~/server/matching/run-store.server";

/**
 * The demo B2B event's published schedule (issue 12): a meeting plan of three rounds from the
 * event's start (20-minute meetings every 30 minutes, six tables, two of them named) and a
 * round-robin of its registered companies, published — so the demo shows participants their
 * agenda on the event page, under "my events" and as PDF/.ics. The organiser can run and publish
 * again at any time (each run is kept in the history).
 */
export async function seedDemoB2bSchedule(tx: Db, eventId: string, startsAt: Date, companyIds: string[], now: Date): Promise<void> {
  const ids = [...new Set(companyIds)];
  if (ids.length < 2) return;
  const rounds = 3;
  const roundStarts = Array.from({ length: rounds }, (_, r) => new Date(startsAt.getTime() + (30 + r * 30) * 60_000).toISOString());
  await tx.insert(b2bPlans).values({ eventId, roundStarts, meetingMinutes: 20, tableCount: 6, tableLabels: ["Elbe / Labe", "Moldau / Vltava"], updatedAt: now });
  // Each round takes the first pairs that have not met yet and whose companies are still free.
  const open = ids.flatMap((a, i) => ids.slice(i + 1).map((b) => ({ a, b })));
  const meetings: { round: number; table: number; a: string; b: string }[] = [];
  for (let round = 1; round <= rounds; round++) {
    const busy = new Set<string>();
    for (const pair of [...open]) {
      if (busy.has(pair.a) || busy.has(pair.b)) continue;
      busy.add(pair.a).add(pair.b);
      open.splice(open.indexOf(pair), 1);
      meetings.push({ round, table: meetings.filter((m) => m.round === round).length + 1, ...pair });
    }
  }
  const input: MatchInput = {
    companies: ids.map((id) => ({ id, naceCodes: [], offerTags: [], requestTags: [] })),
    ranking: {},
    excluded: {},
    maxPreferences: 10,
    rounds,
    tables: [1, 2, 3, 4, 5, 6],
    fixed: [],
  };
  const run = await storeRun(tx, {
    eventId,
    kind: "COMPUTED",
    basedOnRunId: null,
    settings: { rounds, tables: input.tables, maxPreferences: 10, companies: ids.length, fixedMeetings: 0, missingPreferences: ids.length },
    figures: computeFigures(input, meetings),
    final: false,
    durationMs: 0,
    createdBy: null,
    meetings: meetings.map((m) => ({ ...m, rankAOfB: null, rankBOfA: null, score: 0, locked: false })),
  });
  await tx.update(b2bPlans).set({ publishedRunId: run.id, publishedAt: now }).where(eq(b2bPlans.eventId, eventId));
}
