import { and, eq } from "drizzle-orm";
import * as clock from "~/server/clock.server";
import { type Db, withTransaction } from "~/server/db/client.server";
import { b2bMeetings, b2bPlans, b2bRuns, type B2bRunSettings } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { lockEvent } from "~/server/events/registrations.server";
import type { Actor } from "~/server/policy/policy";
import { computeFigures, isMatchInputError, type MatchResult, validateSchedule } from "./algorithm";
import { loadMipRuntime, scheduleMeetingsJointly } from "./solver-runtime.server";
import type { FixedMeeting, MatchFigures, MatchInput } from "./algorithm/types";
import { requireB2bOrganiser } from "./access.server";
import { notifyAgendaChanges, queueAgendaMails } from "./agenda-mail.server";
import { matchCompanies, participatingCompanies } from "./participants.server";
import { type B2bPlan, loadPlan, usableTables } from "./plan.server";
import { loadPreferencesForMatching } from "./preferences.server";
import { type B2bMeetingRow, type B2bRunRow, runMeetings, storeRun } from "./run-store.server";

/**
 * Running, editing, restoring and publishing the B2B schedule (issue 12, decision 024). Every
 * function passes the organiser gate first and works under the event's row lock, so two
 * organisers (or an organiser and a late cancellation) never interleave their changes; runs are
 * numbered per event and never deleted.
 */

/** Everything the scheduler needs (no fixed meetings yet), read inside the caller's transaction. */
export async function matchInputFor(tx: Db, eventId: string, plan: B2bPlan, now: Date): Promise<{ input: MatchInput; missing: number }> {
  const participants = await participatingCompanies(tx, eventId);
  const ids = participants.map((p) => p.companyId);
  const [prefs, companies] = await Promise.all([loadPreferencesForMatching(tx, eventId, ids), matchCompanies(tx, ids, now)]);
  const input: MatchInput = {
    companies,
    // A list saved before the organiser lowered the maximum counts only up to the new maximum.
    ranking: Object.fromEntries(Object.entries(prefs.ranking).map(([id, list]) => [id, list.slice(0, plan.maxPreferences)])),
    excluded: prefs.excluded,
    maxPreferences: plan.maxPreferences,
    rounds: plan.roundStarts.length,
    tables: usableTables(plan),
    fixed: [],
  };
  return { input, missing: ids.filter((id) => !prefs.submitted.has(id)).length };
}

const settingsOf = (input: MatchInput, missing: number): B2bRunSettings => ({
  rounds: input.rounds,
  tables: input.tables,
  maxPreferences: input.maxPreferences,
  companies: input.companies.length,
  fixedMeetings: input.fixed.length,
  missingPreferences: missing,
});

const asFixed = (m: B2bMeetingRow): FixedMeeting => ({ round: m.round, table: m.tableNo, a: m.companyA, b: m.companyB });

async function lockedPlan(tx: Db, eventId: string): Promise<B2bPlan> {
  await lockEvent(tx, eventId);
  const plan = await loadPlan(tx, eventId);
  if (!plan.saved || plan.roundStarts.length === 0) throw new AppError("B2B_PLAN_REQUIRED");
  return plan;
}

/**
 * Computes a new schedule around the current run's locked meetings (those whose companies still
 * take part and whose round and table still exist) and makes it the current run.
 */
export async function runMatching(db: Db, actor: Actor, eventId: string, now = clock.now()): Promise<B2bRunRow> {
  await requireB2bOrganiser(db, actor, eventId, now);
  return withTransaction(db, async (tx) => {
    const plan = await lockedPlan(tx, eventId);
    const locked = plan.currentRunId ? (await runMeetings(tx, plan.currentRunId)).filter((m) => m.locked) : [];
    const { input: base, missing } = await matchInputFor(tx, eventId, plan, now);
    if (base.companies.length < 2) throw new AppError("B2B_TOO_FEW_COMPANIES");
    // A lock that a later change of the plan or of the participants made impossible on its own
    // (its round or table gone, a company cancelled or excluded the other) is dropped (decision 024).
    // Locks that clash with each other are refused, naming them (decision 030).
    const stillValid = locked.map(asFixed).filter((f) => validateSchedule(base, [f]).length === 0);
    const input: MatchInput = { ...base, fixed: stillValid };
    const started = performance.now();
    const result = await scheduleOrRefuse(tx, eventId, input);
    const durationMs = Math.round(performance.now() - started);
    return storeRun(tx, {
      eventId,
      kind: "COMPUTED",
      basedOnRunId: plan.currentRunId,
      settings: settingsOf(input, missing),
      figures: result.figures,
      final: missing === 0,
      durationMs,
      createdBy: actor!.id,
      meetings: result.meetings.map((m) => ({ ...m, locked: m.fixed })),
    });
  });
}

/**
 * Runs the scheduler; an input it refuses becomes the coded AppError, with the lock's round, table
 * and company names (and the reason) for the message.
 */
async function scheduleOrRefuse(tx: Db, eventId: string, input: MatchInput): Promise<MatchResult> {
  try {
    return await scheduleMeetingsJointly(input);
  } catch (error) {
    if (!isMatchInputError(error)) throw error;
    if (!error.lock || !error.reason) throw new AppError(error.code);
    const names = new Map((await participatingCompanies(tx, eventId)).map((p) => [p.companyId, p.name]));
    const { round, table, a, b } = error.lock;
    throw new AppError(error.code, { reason: error.reason, round, table, companyA: names.get(a) ?? a, companyB: names.get(b) ?? b });
  }
}

/**
 * The figures of a run's meetings as they are now (after locks and moves), for the current inputs;
 * the wish-value bound from the round-free LP (HiGHS) where the event is small enough (decision 057).
 */
export async function liveFigures(input: MatchInput, meetings: B2bMeetingRow[]): Promise<MatchFigures> {
  return computeFigures(input, meetings.map(asFixed), await loadMipRuntime());
}

/** The current run; when participants already see it, a copy to edit instead (their agendas change only on publishing). */
async function editableRun(tx: Db, eventId: string, plan: B2bPlan, actor: Actor, now: Date, expectedRunId: string): Promise<string> {
  if (!plan.currentRunId || plan.currentRunId !== expectedRunId) throw new AppError("B2B_SCHEDULE_CHANGED");
  if (plan.currentRunId !== plan.publishedRunId) return plan.currentRunId;
  const [run] = await tx.select().from(b2bRuns).where(eq(b2bRuns.id, plan.currentRunId));
  const meetings = await runMeetings(tx, plan.currentRunId);
  const copy = await storeRun(tx, {
    eventId,
    kind: "EDITED",
    basedOnRunId: plan.currentRunId,
    settings: run!.settings,
    figures: await liveFigures((await matchInputFor(tx, eventId, plan, now)).input, meetings),
    final: run!.final,
    durationMs: 0,
    createdBy: actor!.id,
    meetings: meetings.map((m) => ({ round: m.round, table: m.tableNo, a: m.companyA, b: m.companyB, rankAOfB: m.rankA, rankBOfA: m.rankB, score: m.score, locked: m.locked })),
  });
  return copy.id;
}

/** Locks or unlocks one meeting of the current run (a locked meeting stays where it is in the next run). */
export async function setMeetingLock(db: Db, actor: Actor, eventId: string, runId: string, meetingId: string, locked: boolean, now = clock.now()): Promise<void> {
  await requireB2bOrganiser(db, actor, eventId, now);
  await withTransaction(db, async (tx) => {
    const plan = await lockedPlan(tx, eventId);
    if (plan.currentRunId !== runId) throw new AppError("B2B_SCHEDULE_CHANGED");
    const updated = await tx.update(b2bMeetings).set({ locked }).where(and(eq(b2bMeetings.id, meetingId), eq(b2bMeetings.runId, runId))).returning({ id: b2bMeetings.id });
    if (updated.length === 0) throw new AppError("NOT_FOUND");
  });
}

/**
 * Moves one meeting of the current run to another round and table; the result must keep every
 * rule (B2B_MOVE_INVALID otherwise). A moved meeting is locked. On a published run the move goes
 * to an edited copy, which the organiser publishes when ready.
 */
export async function moveMeeting(db: Db, actor: Actor, eventId: string, runId: string, meetingId: string, target: { round: number; table: number }, now = clock.now()): Promise<{ runId: string }> {
  await requireB2bOrganiser(db, actor, eventId, now);
  return withTransaction(db, async (tx) => {
    const plan = await lockedPlan(tx, eventId);
    const [meeting] = await tx.select().from(b2bMeetings).where(and(eq(b2bMeetings.id, meetingId), eq(b2bMeetings.runId, runId)));
    if (!meeting) throw new AppError("NOT_FOUND");
    const targetRunId = await editableRun(tx, eventId, plan, actor, now, runId);
    const meetings = await runMeetings(tx, targetRunId);
    const moved = meetings.find((m) => m.round === meeting.round && m.tableNo === meeting.tableNo)!;
    const others = meetings.filter((m) => m.id !== moved.id).map(asFixed);
    const { input } = await matchInputFor(tx, eventId, plan, now);
    const candidate = { ...asFixed(moved), round: target.round, table: target.table };
    if (validateSchedule(input, [...others, candidate]).length > 0) throw new AppError("B2B_MOVE_INVALID");
    await tx.update(b2bMeetings).set({ round: target.round, tableNo: target.table, locked: true }).where(eq(b2bMeetings.id, moved.id));
    return { runId: targetRunId };
  });
}

/**
 * Makes an earlier run the current one again, as a new run (kind RESTORED) with the same meetings
 * and locks, so the history stays as it was.
 */
export async function restoreRun(db: Db, actor: Actor, eventId: string, runId: string, now = clock.now()): Promise<B2bRunRow> {
  await requireB2bOrganiser(db, actor, eventId, now);
  return withTransaction(db, async (tx) => {
    const plan = await lockedPlan(tx, eventId);
    const [run] = await tx.select().from(b2bRuns).where(and(eq(b2bRuns.id, runId), eq(b2bRuns.eventId, eventId)));
    if (!run) throw new AppError("NOT_FOUND");
    const meetings = await runMeetings(tx, runId);
    return storeRun(tx, {
      eventId,
      kind: "RESTORED",
      basedOnRunId: run.id,
      settings: run.settings,
      figures: await liveFigures((await matchInputFor(tx, eventId, plan, now)).input, meetings),
      final: run.final,
      durationMs: 0,
      createdBy: actor!.id,
      meetings: meetings.map((m) => ({ round: m.round, table: m.tableNo, a: m.companyA, b: m.companyB, rankAOfB: m.rankA, rankBOfA: m.rankB, score: m.score, locked: m.locked })),
    });
  });
}

/**
 * Publishes the current run: participants see their agendas and get them by e-mail (only those
 * whose agenda changed, when an earlier schedule was published). The run must still fit the plan
 * and the participants (B2B_RERUN_REQUIRED otherwise).
 */
export async function publishRun(db: Db, actor: Actor, eventId: string, runId: string, now = clock.now()): Promise<{ notified: number }> {
  await requireB2bOrganiser(db, actor, eventId, now);
  const notification = await withTransaction(db, async (tx) => {
    const plan = await lockedPlan(tx, eventId);
    if (plan.currentRunId !== runId) throw new AppError("B2B_SCHEDULE_CHANGED");
    const meetings = await runMeetings(tx, runId);
    const { input } = await matchInputFor(tx, eventId, plan, now);
    if (validateSchedule(input, meetings.map(asFixed)).length > 0) throw new AppError("B2B_RERUN_REQUIRED");
    const previous = plan.publishedRunId;
    await tx.update(b2bPlans).set({ publishedRunId: runId, publishedAt: now }).where(eq(b2bPlans.eventId, eventId));
    // The mails are rows of the outbox written in this transaction (decision 024): a rolled-back
    // publish sends nothing, a committed one cannot lose them.
    return notifyAgendaChanges(tx, eventId, runId, previous === runId ? null : previous);
  });
  await queueAgendaMails(notification);
  return { notified: notification.companyIds.length };
}
