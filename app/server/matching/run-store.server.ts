import { and, asc, eq, or, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { b2bMeetings, b2bPlans, b2bRuns, type B2bRunKind, type B2bRunSettings } from "~/server/db/schema";
import type { MatchFigures, ScheduledMeeting } from "./algorithm/types";

export type B2bRunRow = typeof b2bRuns.$inferSelect;
export type B2bMeetingRow = typeof b2bMeetings.$inferSelect;

export interface NewRun {
  eventId: string;
  kind: B2bRunKind;
  basedOnRunId: string | null;
  settings: B2bRunSettings;
  figures: MatchFigures;
  final: boolean;
  durationMs: number;
  createdBy: string | null;
  meetings: (Pick<ScheduledMeeting, "round" | "table" | "a" | "b" | "rankAOfB" | "rankBOfA" | "score"> & { locked: boolean })[];
}

/**
 * Stores a run with its meetings and makes it the plan's current run; call inside a transaction
 * that holds the event's lock (runs are numbered per event). The plan row must exist.
 */
export async function storeRun(tx: Db, run: NewRun): Promise<B2bRunRow> {
  const [{ next }] = (await tx
    .select({ next: sql<number>`coalesce(max(${b2bRuns.number}), 0) + 1`.mapWith(Number) })
    .from(b2bRuns)
    .where(eq(b2bRuns.eventId, run.eventId))) as [{ next: number }];
  const [row] = await tx
    .insert(b2bRuns)
    .values({
      eventId: run.eventId,
      number: next,
      kind: run.kind,
      basedOnRunId: run.basedOnRunId,
      settings: run.settings,
      figures: run.figures,
      final: run.final,
      durationMs: run.durationMs,
      createdBy: run.createdBy,
    })
    .returning();
  // Batches keep each statement well below PostgreSQL's 65,535 bind parameters (10 per row).
  for (let i = 0; i < run.meetings.length; i += 2000) {
    await tx.insert(b2bMeetings).values(
      run.meetings.slice(i, i + 2000).map((m) => ({
        runId: row!.id,
        round: m.round,
        tableNo: m.table,
        companyA: m.a,
        companyB: m.b,
        rankA: m.rankAOfB,
        rankB: m.rankBOfA,
        score: m.score,
        locked: m.locked,
      })),
    );
  }
  await tx.update(b2bPlans).set({ currentRunId: row!.id }).where(eq(b2bPlans.eventId, run.eventId));
  return row!;
}

/** All meetings of a run, by round and table. */
export function runMeetings(db: Db, runId: string): Promise<B2bMeetingRow[]> {
  return db.select().from(b2bMeetings).where(eq(b2bMeetings.runId, runId)).orderBy(asc(b2bMeetings.round), asc(b2bMeetings.tableNo));
}

/** One company's meetings in a run, by round. */
export function companyMeetings(db: Db, runId: string, companyId: string): Promise<B2bMeetingRow[]> {
  return db
    .select()
    .from(b2bMeetings)
    .where(and(eq(b2bMeetings.runId, runId), or(eq(b2bMeetings.companyA, companyId), eq(b2bMeetings.companyB, companyId))))
    .orderBy(asc(b2bMeetings.round));
}
