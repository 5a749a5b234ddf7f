import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { type Agenda, type AgendaItem, agendaIsLive } from "~/schemas/b2b-agenda";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { b2bPlans, b2bRuns, companies, events } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { loadEventRelation } from "~/server/events/relation.server";
import { eventPolicy } from "~/server/policy/event-policy";
import type { Actor } from "~/server/policy/policy";
import { participatingCompaniesOfActor } from "./access.server";
import { type B2bParticipant, participatingCompanies } from "./participants.server";
import { type B2bPlan, loadPlan, roundEnd, tableName } from "./plan.server";
import { type B2bMeetingRow, runMeetings } from "./run-store.server";

/**
 * A participating company's personal agenda (issue 12, "Publishing and agendas"): the meetings of
 * the *published* run by round — time, table, partner with its contact person — and the rounds in
 * which the company is free. The organiser's current run is never shown to participants: only
 * what was published (b2b_plans.published_run_id).
 */

export type { Agenda, AgendaItem, AgendaPartner } from "~/schemas/b2b-agenda";

/** The rounds of a run as the agenda lists them: the plan's rounds, plus any a meeting still uses. */
function roundCount(plan: Pick<B2bPlan, "roundStarts">, meetings: Pick<B2bMeetingRow, "round">[]): number {
  return Math.max(plan.roundStarts.length, ...meetings.map((m) => m.round), 0);
}

/**
 * One company's agenda in a run (no access check: for the agenda page, the documents and the
 * mails, which check or choose their readers themselves).
 */
export async function agendaOfRun(
  db: Db,
  input: { plan: B2bPlan; runId: string; companyId: string; participants?: B2bParticipant[]; meetings?: B2bMeetingRow[] },
): Promise<{ items: AgendaItem[]; meetingCount: number }> {
  const { plan, companyId } = input;
  const meetings = input.meetings ?? (await runMeetings(db, input.runId));
  const participants = input.participants ?? (await participatingCompanies(db, plan.eventId));
  const own = meetings.filter((m) => m.companyA === companyId || m.companyB === companyId);
  const partnerIds = own.map((m) => (m.companyA === companyId ? m.companyB : m.companyA));
  const byId = new Map(participants.map((p) => [p.companyId, p]));
  const known =
    partnerIds.length > 0
      ? await db.select({ id: companies.id, name: companies.name, status: companies.status }).from(companies).where(inArray(companies.id, partnerIds))
      : [];
  const companyRow = new Map(known.map((c) => [c.id, c]));

  const items: AgendaItem[] = [];
  const rounds = roundCount(plan, meetings);
  for (let round = 1; round <= rounds; round++) {
    const start = plan.roundStarts[round - 1] ?? null;
    const m = own.find((x) => x.round === round);
    let meeting: AgendaItem["meeting"] = null;
    if (m) {
      const isA = m.companyA === companyId;
      const partnerId = isA ? m.companyB : m.companyA;
      const p = byId.get(partnerId);
      const row = companyRow.get(partnerId);
      meeting = {
        table: m.tableNo,
        tableName: tableName(plan, m.tableNo),
        partner: {
          id: partnerId,
          name: p?.name ?? row?.name ?? "",
          city: p?.city ?? null,
          country: p?.country ?? null,
          profileLinked: row?.status === "VERIFIED",
          contactName: p?.contactName ?? null,
          contactEmail: p?.contactEmail ?? null,
        },
        ownRank: isA ? m.rankA : m.rankB,
        partnerRank: isA ? m.rankB : m.rankA,
        score: m.score,
      };
    }
    items.push({ round, startsAt: start, endsAt: start ? roundEnd(plan, start).toISOString() : null, meeting });
  }
  return { items, meetingCount: own.length };
}

/**
 * The agenda the actor may see (policy `canSeeAgenda`): a confirmed member of a participating
 * company sees that company's agenda (the first by name, or `companyId`); the event's organisers
 * and admins see any participating company's agenda (`companyId` required). Anonymous →
 * UNAUTHENTICATED; unknown, deleted or non-B2B event → NOT_FOUND; a company that does not take
 * part → NOT_FOUND for organisers; everyone else → B2B_FORBIDDEN. `null` while no schedule is
 * published.
 */
export async function loadAgenda(db: Db, actor: Actor, eventId: string, companyId?: string | null, now = clock.now()): Promise<Agenda | null> {
  if (!actor) throw new AppError("UNAUTHENTICATED");
  const relation = await loadEventRelation(db, actor, eventId, now);
  const manager = eventPolicy.canManage(actor, relation);
  if (relation.isDeleted && !manager) throw new AppError("NOT_FOUND");
  const [event] = await db.select({ b2b: events.b2b }).from(events).where(eq(events.id, eventId));
  if (!event?.b2b) throw new AppError("NOT_FOUND");

  const memberOf = await participatingCompaniesOfActor(db, actor, eventId);
  const wanted = companyId || null;
  if (wanted !== null && !/^[0-9a-f-]{36}$/i.test(wanted)) throw new AppError("NOT_FOUND");
  const participants = await participatingCompanies(db, eventId);
  const choices = participants.filter((p) => memberOf.includes(p.companyId)).map((p) => ({ id: p.companyId, name: p.name }));
  const targetId = wanted ?? choices[0]?.id ?? null;
  const isMember = targetId !== null && memberOf.includes(targetId);
  if (!eventPolicy.canSeeAgenda(actor, relation, isMember)) throw new AppError("B2B_FORBIDDEN");
  // An organiser who takes part with no company of their own has no agenda of their own.
  if (targetId === null) throw new AppError("B2B_NOT_PARTICIPANT");
  const target = participants.find((p) => p.companyId === targetId);
  if (!target) throw new AppError("NOT_FOUND");

  const plan = await loadPlan(db, eventId);
  if (!plan.publishedRunId) return null;
  const { items, meetingCount } = await agendaOfRun(db, { plan, runId: plan.publishedRunId, companyId: targetId, participants });
  const changed = await markChangedRounds(db, plan, targetId, items);
  return {
    changedAt: changed && plan.publishedAt ? plan.publishedAt.toISOString() : null,
    eventId,
    runId: plan.publishedRunId,
    publishedAt: plan.publishedAt?.toISOString() ?? null,
    company: { id: target.companyId, name: target.name },
    choices,
    items,
    meetingCount,
    live: agendaIsLive(items, now),
  };
}

/**
 * When the published run is a REPAIR (decision 059), marks the rounds whose meeting (partner or
 * table) differs from the run it repaired; true when any does.
 */
async function markChangedRounds(db: Db, plan: B2bPlan, companyId: string, items: AgendaItem[]): Promise<boolean> {
  if (!plan.publishedRunId) return false;
  const [run] = await db.select({ kind: b2bRuns.kind, basedOnRunId: b2bRuns.basedOnRunId }).from(b2bRuns).where(eq(b2bRuns.id, plan.publishedRunId));
  if (run?.kind !== "REPAIR" || !run.basedOnRunId) return false;
  const before = await runMeetings(db, run.basedOnRunId);
  const own = before.filter((m) => m.companyA === companyId || m.companyB === companyId);
  let any = false;
  for (const item of items) {
    const was = own.find((m) => m.round === item.round);
    const wasKey = was ? `${was.tableNo}:${was.companyA === companyId ? was.companyB : was.companyA}` : null;
    const nowKey = item.meeting ? `${item.meeting.table}:${item.meeting.partner.id}` : null;
    item.changed = wasKey !== nowKey;
    any ||= item.changed;
  }
  return any;
}

/**
 * The agenda for the event page: only for members of a participating company, never an error
 * (the page shows nothing when there is nothing to show). A `company` that is not one of the
 * actor's falls back to the first.
 */
export async function agendaForEventPage(db: Db, actor: Actor, eventId: string, companyId: string | null, now = clock.now()): Promise<Agenda | null> {
  if (!actor) return null;
  const memberOf = await participatingCompaniesOfActor(db, actor, eventId);
  if (memberOf.length === 0) return null;
  const chosen = companyId && memberOf.includes(companyId) ? companyId : null;
  try {
    return await loadAgenda(db, actor, eventId, chosen, now);
  } catch {
    return null;
  }
}

/** Events among `eventIds` that are B2B events with a published schedule (for "my events"). */
export async function publishedAgendaEvents(db: Db, eventIds: string[]): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const rows = await db
    .select({ eventId: b2bPlans.eventId })
    .from(b2bPlans)
    .innerJoin(events, and(eq(events.id, b2bPlans.eventId), eq(events.b2b, true)))
    .where(and(inArray(b2bPlans.eventId, eventIds), isNotNull(b2bPlans.publishedRunId)));
  return new Set(rows.map((r) => r.eventId));
}

/**
 * For "my events" (decision 059): the (event, company) pairs among `pairs` whose agenda the last
 * repair of a published schedule changed, as "eventId:companyId".
 */
export async function changedAgendas(db: Db, pairs: { eventId: string; companyId: string }[]): Promise<Set<string>> {
  const changed = new Set<string>();
  const eventIds = [...new Set(pairs.map((p) => p.eventId))];
  if (eventIds.length === 0) return changed;
  const repaired = await db
    .select({ eventId: b2bPlans.eventId, runId: b2bRuns.id, basedOnRunId: b2bRuns.basedOnRunId })
    .from(b2bPlans)
    .innerJoin(b2bRuns, and(eq(b2bRuns.id, b2bPlans.publishedRunId), eq(b2bRuns.kind, "REPAIR")))
    .where(inArray(b2bPlans.eventId, eventIds));
  for (const r of repaired) {
    if (!r.basedOnRunId) continue;
    const [now, before] = await Promise.all([runMeetings(db, r.runId), runMeetings(db, r.basedOnRunId)]);
    const sig = (ms: B2bMeetingRow[], id: string) =>
      ms
        .filter((m) => m.companyA === id || m.companyB === id)
        .map((m) => `${m.round}:${m.tableNo}:${m.companyA === id ? m.companyB : m.companyA}`)
        .sort()
        .join("|");
    for (const p of pairs) if (p.eventId === r.eventId && sig(now, p.companyId) !== sig(before, p.companyId)) changed.add(`${p.eventId}:${p.companyId}`);
  }
  return changed;
}
