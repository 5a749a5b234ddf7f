import { desc, eq, inArray } from "drizzle-orm";
import { registrationClosesAt } from "~/schemas/event-state";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { b2bRuns, companies, users } from "~/server/db/schema";
import type { Actor } from "~/server/policy/policy";
import { maxRoundsWithoutRepeat, validateSchedule } from "./algorithm";
import type { OverviewMeeting, OverviewRun } from "~/schemas/b2b-overview";
import type { MatchFigures } from "./algorithm/types";

export type { OverviewMeeting, OverviewRun };
import { requireB2bOrganiser } from "./access.server";
import { type B2bPlan, loadPlan, roundEnd, tableName, usableTables } from "./plan.server";
import { liveFigures, matchInputFor } from "./runs.server";
import { runMeetings } from "./run-store.server";
import { participatingCompanies } from "./participants.server";

export interface B2bOverview {
  event: { id: string; titleDe: string; titleCs: string; startsAt: Date; endsAt: Date; registrationClosesAt: Date };
  plan: B2bPlan;
  rounds: { round: number; start: string; end: string }[];
  tables: { number: number; name: string; usable: boolean }[];
  companies: number;
  /** The participating companies by name (the schedule lists who is free in a round). */
  companyNames: { id: string; name: string }[];
  missingPreferences: number;
  maxRoundsWithoutRepeat: number;
  current: null | {
    run: OverviewRun;
    meetings: OverviewMeeting[];
    figures: MatchFigures;
    /** The run no longer fits the plan or the participants (a re-run is needed before publishing). */
    outdated: boolean;
    published: boolean;
  };
  publishedRunNumber: number | null;
  runs: OverviewRun[];
}

/** The organiser's B2B page: plan, participants, the current run with live figures, and the history. */
export async function loadB2bOverview(db: Db, actor: Actor, eventId: string, now = clock.now()): Promise<B2bOverview> {
  const event = await requireB2bOrganiser(db, actor, eventId, now);
  const plan = await loadPlan(db, eventId);
  const participants = await participatingCompanies(db, eventId);
  const names = new Map(participants.map((p) => [p.companyId, p.name]));
  const { input, missing } = await matchInputFor(db, eventId, plan, now);
  const usable = usableTables(plan);
  const runRows = await db
    .select({ run: b2bRuns, createdByName: users.name })
    .from(b2bRuns)
    .leftJoin(users, eq(users.id, b2bRuns.createdBy))
    .where(eq(b2bRuns.eventId, eventId))
    .orderBy(desc(b2bRuns.number));
  const runs: OverviewRun[] = runRows.map(({ run, createdByName }) => ({
    id: run.id,
    number: run.number,
    kind: run.kind,
    createdAt: run.createdAt,
    createdByName,
    final: run.final,
    durationMs: run.durationMs,
    figures: run.figures,
    settings: { rounds: run.settings.rounds, tables: run.settings.tables.length, fixedMeetings: run.settings.fixedMeetings, missingPreferences: run.settings.missingPreferences, companies: run.settings.companies, ...(run.settings.noShows ? { noShows: run.settings.noShows.length } : {}) },
  }));
  let current: B2bOverview["current"] = null;
  const currentRun = runs.find((r) => r.id === plan.currentRunId);
  if (currentRun) {
    const rows = await runMeetings(db, currentRun.id);
    // Companies that left after the run keep their name from the company table.
    const gone = [...new Set(rows.flatMap((m) => [m.companyA, m.companyB]))].filter((id) => !names.has(id));
    if (gone.length > 0) for (const c of await db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, gone))) names.set(c.id, c.name);
    const meetings: OverviewMeeting[] = rows.map((m) => ({
      id: m.id,
      round: m.round,
      table: m.tableNo,
      tableName: tableName(plan, m.tableNo),
      a: { id: m.companyA, name: names.get(m.companyA) ?? "?" },
      b: { id: m.companyB, name: names.get(m.companyB) ?? "?" },
      rankA: m.rankA,
      rankB: m.rankB,
      score: m.score,
      locked: m.locked,
    }));
    const fixed = rows.map((m) => ({ round: m.round, table: m.tableNo, a: m.companyA, b: m.companyB }));
    current = {
      run: currentRun,
      meetings,
      figures: await liveFigures(input, rows),
      outdated: validateSchedule(input, fixed).length > 0,
      published: plan.publishedRunId === currentRun.id,
    };
  }
  return {
    event: { id: event.id, titleDe: event.titleDe, titleCs: event.titleCs, startsAt: event.startsAt, endsAt: event.endsAt, registrationClosesAt: registrationClosesAt(event) },
    plan,
    rounds: plan.roundStarts.map((start, i) => ({ round: i + 1, start, end: roundEnd(plan, start).toISOString() })),
    tables: Array.from({ length: plan.tableCount }, (_, i) => ({ number: i + 1, name: tableName(plan, i + 1), usable: usable.includes(i + 1) })),
    companies: participants.length,
    companyNames: participants.map((p) => ({ id: p.companyId, name: p.name })),
    missingPreferences: missing,
    maxRoundsWithoutRepeat: maxRoundsWithoutRepeat(participants.length, usable.length),
    current,
    publishedRunNumber: runs.find((r) => r.id === plan.publishedRunId)?.number ?? null,
    runs,
  };
}
