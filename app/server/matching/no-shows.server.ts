import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { z } from "zod";
import * as clock from "~/server/clock.server";
import { type Db, withTransaction } from "~/server/db/client.server";
import { b2bAbsences, b2bPlans, b2bRuns, eventRegistrations } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { lockEvent } from "~/server/events/registrations.server";
import { defineJob } from "~/server/jobs/job";
import type { Actor } from "~/server/policy/policy";
import type { FixedMeeting } from "./algorithm/types";
import { requireB2bOrganiser } from "./access.server";
import { type AgendaNotification, notifyAgendaChanges, queueAgendaMails } from "./agenda-mail.server";
import { matchCompanies, participatingCompanies } from "./participants.server";
import { type B2bPlan, loadPlan, NO_SHOW_AUTO, type NoShowAuto, usableTables } from "./plan.server";
import { loadPreferencesForMatching } from "./preferences.server";
import { type B2bMeetingRow, runMeetings, storeRun } from "./run-store.server";
import { scheduleMeetingsJointly } from "./solver-runtime.server";

/*
 * Same-day re-match of no-shows (issue 24, decision 059).
 *
 * A company is a no-show when the organiser marked it absent, or when it has no checked-in
 * participant (registration ATTENDED) once the cut-off before the first round has passed
 * (`noShowCutoffMinutes` before its start: a company not there by then has missed the cut-off of
 * that round and so of every later one). The re-match frees the no-shows' meetings in the rounds
 * that have not started yet (round start > clock.now()), except locked ones, and lets the present
 * companies that are idle in those rounds meet each other there, with the same preferences; it
 * never touches a started round and never schedules a pair twice. Stored as a REPAIR run, made
 * current and published, under the event lock (check-in takes the same lock).
 */

export const MAX_NO_SHOW_CUTOFF_MINUTES = 240;

/** Rounds of the plan that have not started at `now` (1-based); rounds without a start time count as started. */
export function openRounds(plan: Pick<B2bPlan, "roundStarts">, now: Date): number[] {
  return plan.roundStarts.flatMap((s, i) => (Date.parse(s) > now.getTime() ? [i + 1] : []));
}

/** From when a company without check-in counts as a no-show (null: the plan has no rounds). */
export function noShowFrom(plan: Pick<B2bPlan, "roundStarts" | "noShowCutoffMinutes">): Date | null {
  const first = plan.roundStarts[0];
  return first ? new Date(Date.parse(first) - plan.noShowCutoffMinutes * 60_000) : null;
}

async function checkedInCompanies(db: Db, eventId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ companyId: eventRegistrations.companyId })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.status, "ATTENDED")));
  return new Set(rows.map((r) => r.companyId));
}

async function absentMarks(db: Db, eventId: string): Promise<Set<string>> {
  const rows = await db.select({ companyId: b2bAbsences.companyId }).from(b2bAbsences).where(eq(b2bAbsences.eventId, eventId));
  return new Set(rows.map((r) => r.companyId));
}

export interface NoShowCompany {
  companyId: string;
  name: string;
  checkedIn: boolean;
  markedAbsent: boolean;
  /** Counts as a no-show now (marked, or not checked in after the cut-off). */
  noShow: boolean;
  /** Its meetings in the published run in rounds not started yet. */
  meetingsAhead: number;
  /** Treated as a no-show by the published re-match but checked in since: a new re-match can seat it again. */
  arrivedLate: boolean;
}

export interface NoShowOverview {
  cutoffMinutes: number;
  /** Automatic re-match at the cut-off: PAGES, MAIL or null (off). */
  auto: NoShowAuto | null;
  noShowFrom: string | null;
  cutoffPassed: boolean;
  openRounds: number[];
  published: boolean;
  companies: NoShowCompany[];
}

/** The organiser's event-day view: who is checked in, marked absent, counted as a no-show. */
export async function noShowOverview(db: Db, actor: Actor, eventId: string, now = clock.now()): Promise<NoShowOverview> {
  await requireB2bOrganiser(db, actor, eventId, now);
  const plan = await loadPlan(db, eventId);
  const [participants, checkedIn, marks] = await Promise.all([participatingCompanies(db, eventId), checkedInCompanies(db, eventId), absentMarks(db, eventId)]);
  const from = noShowFrom(plan);
  const cutoffPassed = from !== null && now >= from;
  const open = new Set(openRounds(plan, now));
  const published = plan.publishedRunId ? await runMeetings(db, plan.publishedRunId) : [];
  const [publishedRun] = plan.publishedRunId ? await db.select({ settings: b2bRuns.settings }).from(b2bRuns).where(eq(b2bRuns.id, plan.publishedRunId)) : [];
  const treatedAsNoShow = new Set(publishedRun?.settings.noShows ?? []);
  return {
    cutoffMinutes: plan.noShowCutoffMinutes,
    auto: plan.noShowAuto,
    noShowFrom: from?.toISOString() ?? null,
    cutoffPassed,
    openRounds: [...open],
    published: plan.publishedRunId !== null,
    companies: participants.map((p) => {
      const isIn = checkedIn.has(p.companyId);
      const marked = marks.has(p.companyId);
      const noShow = marked || (cutoffPassed && !isIn);
      return {
        companyId: p.companyId,
        name: p.name,
        checkedIn: isIn,
        markedAbsent: marked,
        noShow,
        meetingsAhead: published.filter((m) => open.has(m.round) && (m.companyA === p.companyId || m.companyB === p.companyId)).length,
        arrivedLate: !noShow && treatedAsNoShow.has(p.companyId),
      };
    }),
  };
}

/** Marks a participating company absent (or takes the mark back), under the event lock. */
export async function setCompanyAbsent(db: Db, actor: Actor, eventId: string, companyId: string, absent: boolean, now = clock.now()): Promise<void> {
  await requireB2bOrganiser(db, actor, eventId, now);
  if (!/^[0-9a-f-]{36}$/i.test(companyId)) throw new AppError("NOT_FOUND");
  await withTransaction(db, async (tx) => {
    await lockEvent(tx, eventId);
    const participants = await participatingCompanies(tx, eventId);
    if (!participants.some((p) => p.companyId === companyId)) throw new AppError("NOT_FOUND");
    if (absent) await tx.insert(b2bAbsences).values({ eventId, companyId, markedBy: actor!.id, markedAt: now }).onConflictDoNothing();
    else await tx.delete(b2bAbsences).where(and(eq(b2bAbsences.eventId, eventId), eq(b2bAbsences.companyId, companyId)));
  });
}

/**
 * The organiser's cut-off in minutes before a round (0–240) and, when given, whether the re-match
 * runs by itself at the cut-off (`auto`: PAGES, MAIL, or null = only on the organiser's click).
 * The plan must have been saved.
 */
export async function setNoShowCutoff(db: Db, actor: Actor, eventId: string, minutes: number, now = clock.now(), auto?: NoShowAuto | null): Promise<void> {
  await requireB2bOrganiser(db, actor, eventId, now);
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > MAX_NO_SHOW_CUTOFF_MINUTES) throw new AppError("B2B_NOSHOW_CUTOFF_INVALID");
  if (auto !== undefined && auto !== null && !NO_SHOW_AUTO.includes(auto)) throw new AppError("INVALID_INPUT");
  const updated = await db
    .update(b2bPlans)
    .set({ noShowCutoffMinutes: minutes, ...(auto !== undefined ? { noShowAuto: auto } : {}), updatedBy: actor!.id, updatedAt: now })
    .where(eq(b2bPlans.eventId, eventId))
    .returning({ id: b2bPlans.eventId });
  if (updated.length === 0) throw new AppError("B2B_PLAN_REQUIRED");
}

/**
 * The automatic re-match at the cut-off (decision 059, amendment), run every minute by
 * {@link b2bNoShowCutoffJob} on whichever instance takes it: for each plan with `noShowAuto` whose
 * cut-off before a round not started has passed ({@link dueCutoff}) and was not handled yet, the
 * same re-match as the organiser's button, under the event lock, mailing the changed agendas when
 * set to MAIL. The handled cut-off is stored in the same transaction, so two instances (or two
 * ticks) never run it twice; a cut-off the organiser moves later is handled again. Returns the
 * events whose schedule changed.
 */
export async function runDueNoShowRematches(db: Db, now = clock.now()): Promise<string[]> {
  const candidates = await db
    .select({ eventId: b2bPlans.eventId })
    .from(b2bPlans)
    .where(and(isNotNull(b2bPlans.noShowAuto), isNotNull(b2bPlans.publishedRunId)));
  const rematched: string[] = [];
  for (const { eventId } of candidates) {
    const result = await withTransaction(db, async (tx) => {
      await lockEvent(tx, eventId);
      const plan = await loadPlan(tx, eventId);
      const due = dueCutoff(plan, now);
      if (!plan.noShowAuto || !plan.publishedRunId || !due || (plan.noShowAutoDoneFor && plan.noShowAutoDoneFor >= due)) return null;
      await tx.update(b2bPlans).set({ noShowAutoDoneFor: due }).where(eq(b2bPlans.eventId, eventId));
      return repairNoShowsInTx(tx, eventId, { now, mail: plan.noShowAuto === "MAIL", createdBy: null });
    });
    if (!result) continue;
    if (result.notification.mailingIds.length > 0) await queueAgendaMails(result.notification);
    if (result.runId) rematched.push(eventId);
  }
  return rematched;
}

/**
 * The latest cut-off that has passed before a round that has not started (each round's start minus
 * the cut-off minutes), or null. Each such moment is one automatic re-match: the first frees the
 * meetings of companies not checked in; a later one those of companies marked absent since, and
 * seats late arrivals in free places.
 */
export function dueCutoff(plan: Pick<B2bPlan, "roundStarts" | "noShowCutoffMinutes">, now: Date): Date | null {
  let due: number | null = null;
  for (const start of plan.roundStarts.map((s) => Date.parse(s))) {
    const cutoff = start - plan.noShowCutoffMinutes * 60_000;
    if (start > now.getTime() && cutoff <= now.getTime() && (due === null || cutoff > due)) due = cutoff;
  }
  return due === null ? null : new Date(due);
}

/** Every minute, on one instance: the automatic re-matches that are due. */
export const b2bNoShowCutoffJob = defineJob({
  name: "b2b-no-show-cutoff",
  schema: z.object({}).passthrough(),
  cron: "* * * * *",
  retryLimit: 0,
  async handle(_data, { db }) {
    await runDueNoShowRematches(db);
  },
});

export interface NoShowRepairResult {
  /** null when nothing changed (no run stored). */
  runId: string | null;
  basedOnRunId: string;
  noShows: string[];
  fromRound: number;
  dropped: number;
  filled: number;
  notification: AgendaNotification;
}

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/**
 * The re-match itself; call inside a transaction that holds the event lock (`lockEvent`). Throws
 * B2B_NOSHOW_NOT_PUBLISHED without a published schedule and B2B_NOSHOW_NO_ROUNDS_LEFT when every
 * round has started. `mail`: write the agenda mails of the changed companies (queue them after the
 * commit); without it the changed agendas are only marked on the pages.
 */
export async function repairNoShowsInTx(tx: Db, eventId: string, o: { now: Date; mail: boolean; createdBy: string | null }): Promise<NoShowRepairResult> {
  const plan = await loadPlan(tx, eventId);
  if (!plan.publishedRunId) throw new AppError("B2B_NOSHOW_NOT_PUBLISHED");
  const open = openRounds(plan, o.now);
  if (open.length === 0) throw new AppError("B2B_NOSHOW_NO_ROUNDS_LEFT");
  const [base] = await tx.select().from(b2bRuns).where(eq(b2bRuns.id, plan.publishedRunId));
  if (!base) throw new AppError("B2B_NOSHOW_NOT_PUBLISHED");
  const published = await runMeetings(tx, base.id);

  const participants = await participatingCompanies(tx, eventId);
  const ids = participants.map((p) => p.companyId);
  const live = new Set(ids);
  const [checkedIn, marks] = await Promise.all([checkedInCompanies(tx, eventId), absentMarks(tx, eventId)]);
  const from = noShowFrom(plan);
  const cutoffPassed = from !== null && o.now >= from;
  const noShows = new Set(ids.filter((id) => marks.has(id) || (cutoffPassed && !checkedIn.has(id))));
  const openSet = new Set(open);
  const fromRound = Math.min(...open);

  // Free: meetings in rounds not started, not locked, with a no-show (or a company that left).
  const frees = (m: B2bMeetingRow) => openSet.has(m.round) && !m.locked && (noShows.has(m.companyA) || noShows.has(m.companyB) || !live.has(m.companyA) || !live.has(m.companyB));
  const gone = published.filter(frees);
  const kept = published.filter((m) => !frees(m));
  const lockedAt = new Map(kept.map((m) => [`${m.round}:${m.tableNo}`, m.locked]));
  const fixed: FixedMeeting[] = kept.filter((m) => live.has(m.companyA) && live.has(m.companyB)).map((m) => ({ round: m.round, table: m.tableNo, a: m.companyA, b: m.companyB }));
  const keptPair = new Set(fixed.map((f) => pairKey(f.a, f.b)));

  // Per open round, the present companies idle there may get a new partner (among each other).
  const present = ids.filter((id) => !noShows.has(id));
  const onlyFill = open.map((round) => {
    const busy = new Set(fixed.filter((f) => f.round === round).flatMap((f) => [f.a, f.b]));
    return { round, companies: present.filter((id) => !busy.has(id)) };
  });

  const { ranking, excluded: allExcluded } = await loadPreferencesForMatching(tx, eventId, ids);
  // Kept meetings stay even if a pair was excluded since (decision 030, as in the cancellation repair);
  // a no-show is excluded from every new meeting.
  const excluded: Record<string, string[]> = Object.fromEntries(ids.map((id) => [id, (allExcluded[id] ?? []).filter((other) => !keptPair.has(pairKey(id, other)))]));
  for (const id of noShows) excluded[id] = ids.filter((other) => other !== id && !keptPair.has(pairKey(id, other)));

  const rounds = Math.max(base.settings.rounds, plan.roundStarts.length, ...published.map((m) => m.round));
  const tables = [...new Set([...usableTables(plan), ...gone.map((m) => m.tableNo)])].sort((a, b) => a - b);
  const started = Date.now();
  const result = await scheduleMeetingsJointly({
    companies: await matchCompanies(tx, ids, o.now),
    ranking,
    excluded,
    maxPreferences: base.settings.maxPreferences,
    rounds,
    tables,
    fixed,
    onlyFill,
  });
  const filled = result.meetings.filter((m) => !m.fixed).length;
  const noShowList = [...noShows].sort();
  if (gone.length === 0 && filled === 0) {
    return { runId: null, basedOnRunId: base.id, noShows: noShowList, fromRound, dropped: 0, filled: 0, notification: { companyIds: [], mailingIds: [] } };
  }
  const run = await storeRun(tx, {
    eventId,
    kind: "REPAIR",
    basedOnRunId: base.id,
    settings: { ...base.settings, rounds, companies: ids.length, fixedMeetings: fixed.length, noShows: noShowList, fromRound },
    figures: result.figures,
    final: base.final,
    durationMs: Date.now() - started,
    createdBy: o.createdBy,
    meetings: result.meetings.map((m) => ({ ...m, locked: m.fixed ? (lockedAt.get(`${m.round}:${m.table}`) ?? false) : false })),
  });
  await tx.update(b2bPlans).set({ currentRunId: run.id, publishedRunId: run.id, publishedAt: o.now }).where(eq(b2bPlans.eventId, eventId));
  const notification = await notifyAgendaChanges(tx, eventId, run.id, base.id, { mail: o.mail });
  return { runId: run.id, basedOnRunId: base.id, noShows: noShowList, fromRound, dropped: gone.length, filled, notification };
}

/** The organiser's "re-match no-shows now": gate, event lock, repair, publish; mails queued after the commit. */
export async function rematchNoShows(db: Db, actor: Actor, eventId: string, o: { mail: boolean }, now = clock.now()): Promise<NoShowRepairResult> {
  await requireB2bOrganiser(db, actor, eventId, now);
  const result = await withTransaction(db, async (tx) => {
    await lockEvent(tx, eventId);
    return repairNoShowsInTx(tx, eventId, { now, mail: o.mail, createdBy: actor!.id });
  });
  if (result.notification.mailingIds.length > 0) await queueAgendaMails(result.notification);
  return result;
}

/**
 * For check-in (inside its transaction, under the event lock): the company was treated as a
 * no-show by the published re-match and has no meeting left in the rounds not started — the
 * organiser is told so the company can be seated again by a new re-match.
 */
export async function lostMeetingsAsNoShow(tx: Db, eventId: string, companyId: string, now: Date): Promise<boolean> {
  const plan = await loadPlan(tx, eventId);
  if (!plan.publishedRunId) return false;
  const [run] = await tx.select({ settings: b2bRuns.settings }).from(b2bRuns).where(eq(b2bRuns.id, plan.publishedRunId));
  if (!run?.settings.noShows?.includes(companyId)) return false;
  const open = openRounds(plan, now);
  if (open.length === 0) return false;
  const meetings = await runMeetings(tx, plan.publishedRunId);
  return !meetings.some((m) => open.includes(m.round) && (m.companyA === companyId || m.companyB === companyId));
}

/** Check-in removes an absence mark of the company (inside the check-in's transaction). */
export async function clearAbsence(tx: Db, eventId: string, companyIds: string[]): Promise<void> {
  if (companyIds.length === 0) return;
  await tx.delete(b2bAbsences).where(and(eq(b2bAbsences.eventId, eventId), inArray(b2bAbsences.companyId, companyIds)));
}
