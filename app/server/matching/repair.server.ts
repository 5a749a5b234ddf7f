import { and, eq, inArray } from "drizzle-orm";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { b2bPlans, b2bRuns, eventRegistrations } from "~/server/db/schema";
import { scheduleMeetingsJointly } from "./solver-runtime.server";
import type { FixedMeeting } from "./algorithm/types";
import { LIVE_STATUSES } from "./access.server";
import { type AgendaNotification, notifyAgendaChanges } from "./agenda-mail.server";
import { matchCompanies, participatingCompanies } from "./participants.server";
import { loadPlan, usableTables } from "./plan.server";
import { loadPreferencesForMatching } from "./preferences.server";
import { runMeetings, storeRun } from "./run-store.server";

/**
 * A late cancellation after publishing (issue 12): "changes after publishing re-run only the
 * affected meetings and notify only the companies whose agenda changed".
 */

export interface RepairResult {
  runId: string;
  /** The run that was published before (the repair's base). */
  basedOnRunId: string;
  /** Meetings of the cancelled company that were dropped, and new ones placed in the freed seats. */
  dropped: number;
  filled: number;
  notification: AgendaNotification;
}

/**
 * Call inside the transaction that ends a registration (cancel or delete), which holds the
 * event's lock (`lockEvent`: the organiser's scheduler, moves and publishing take the same lock,
 * so they see the schedule before or after the repair, never half of it). When the company has
 * no live registration left and a schedule is published with meetings of that company: stores a
 * REPAIR run based on the published run that keeps every other meeting exactly (same round and
 * table, locks kept), drops the company's meetings and fills only the freed seats — per round,
 * each partner that lost its meeting may get a new partner that is idle in that round — then
 * makes it both the current and the published run, and writes the agenda mails of the companies
 * whose agenda changed. Returns null when there was nothing to repair. Queue the mails after the
 * commit (`queueAgendaMails(result.notification)`).
 *
 * The organiser's current run, if it differed from the published one (unpublished edits), is
 * replaced as "current" by the repaired run: that draft still contains the cancelled company. It
 * stays in the run history and can be restored.
 */
export async function repairScheduleAfterCancellation(tx: Db, eventId: string, companyId: string, now = clock.now()): Promise<RepairResult | null> {
  const plan = await loadPlan(tx, eventId);
  if (!plan.publishedRunId) return null;
  const [stillLive] = await tx
    .select({ id: eventRegistrations.id })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.companyId, companyId), inArray(eventRegistrations.status, [...LIVE_STATUSES])))
    .limit(1);
  if (stillLive) return null;

  const published = await runMeetings(tx, plan.publishedRunId);
  if (!published.some((m) => m.companyA === companyId || m.companyB === companyId)) return null;
  const [base] = await tx.select().from(b2bRuns).where(eq(b2bRuns.id, plan.publishedRunId));
  if (!base) return null;

  // Every meeting with a company that no longer takes part goes (the cancelled one, and any
  // other that left without a repair); everything else stays exactly where it is.
  const participants = await participatingCompanies(tx, eventId);
  const ids = participants.map((p) => p.companyId);
  const live = new Set(ids);
  const gone = published.filter((m) => !live.has(m.companyA) || !live.has(m.companyB));
  const kept = published.filter((m) => live.has(m.companyA) && live.has(m.companyB));
  const lockedAt = new Map(kept.map((m) => [`${m.round}:${m.tableNo}`, m.locked]));
  const freed = new Map<number, Set<string>>();
  for (const m of gone) {
    for (const id of [m.companyA, m.companyB]) {
      if (!live.has(id)) continue;
      const set = freed.get(m.round) ?? new Set<string>();
      freed.set(m.round, set.add(id));
    }
  }

  const fixed: FixedMeeting[] = kept.map((m) => ({ round: m.round, table: m.tableNo, a: m.companyA, b: m.companyB }));
  const rounds = Math.max(base.settings.rounds, ...published.map((m) => m.round));
  // The tables of the published run stay usable for the freed seats even if the filter changed since.
  const tables = [...new Set([...usableTables(plan), ...gone.map((m) => m.tableNo)])].sort((a, b) => a - b);
  const { ranking, excluded: allExcluded } = await loadPreferencesForMatching(tx, eventId, ids);
  // A published meeting stays even if one side excluded the other since (an organiser's later
  // correction): the scheduler would refuse it as a lock (decision 030), and a cancellation must
  // not fail over it. The exclusion still keeps the pair from any new meeting elsewhere.
  const keptPair = new Set(fixed.flatMap((f) => [`${f.a}|${f.b}`, `${f.b}|${f.a}`]));
  const excluded = Object.fromEntries(Object.entries(allExcluded).map(([id, list]) => [id, list.filter((other) => !keptPair.has(`${id}|${other}`))]));
  const started = Date.now();
  const result = await scheduleMeetingsJointly({
    companies: await matchCompanies(tx, ids, now),
    ranking,
    excluded,
    maxPreferences: base.settings.maxPreferences,
    rounds,
    tables,
    fixed,
    onlyFill: [...freed.entries()].map(([round, companies]) => ({ round, companies: [...companies] })),
  });

  const run = await storeRun(tx, {
    eventId,
    kind: "REPAIR",
    basedOnRunId: base.id,
    settings: { ...base.settings, companies: ids.length, fixedMeetings: fixed.length },
    figures: result.figures,
    final: base.final,
    durationMs: Date.now() - started,
    createdBy: null,
    meetings: result.meetings.map((m) => ({ ...m, locked: m.fixed ? (lockedAt.get(`${m.round}:${m.table}`) ?? false) : false })),
  });
  await tx.update(b2bPlans).set({ currentRunId: run.id, publishedRunId: run.id, publishedAt: now }).where(eq(b2bPlans.eventId, eventId));
  const notification = await notifyAgendaChanges(tx, eventId, run.id, base.id);
  return { runId: run.id, basedOnRunId: base.id, dropped: gone.length, filled: result.meetings.length - kept.length, notification };
}
