import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "~/server/db/client.server";
import { b2bMeetings, b2bPlans, b2bPreferenceLists, b2bPreferences, b2bRuns, eventRegistrations } from "~/server/db/schema";
import type { Actor } from "~/server/policy/policy";
import { insertCompany, insertUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb, TEST_ENGINE } from "../../../tests/support/db";
import { insertEvent } from "../../../tests/support/event-fixtures";
import { loadB2bOverview } from "./overview.server";
import { saveB2bPlan } from "./plan-save.server";
import { moveMeeting, publishRun, restoreRun, runMatching, setMeetingLock } from "./runs.server";
import { runMeetings } from "./run-store.server";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

const DAY = 86_400_000;

/**
 * A B2B event whose registration closed yesterday and which starts in 5 days, with `n` registered
 * companies (members' lists as given: company index → ranked partner indexes).
 */
async function world(n: number, lists: Record<number, number[]> = {}, excluded: Record<number, number[]> = {}) {
  const { db } = handle;
  const now = new Date();
  const organiser = await insertUser(db, "Multiplikator");
  const organiserCompany = await insertCompany(db, { members: [organiser.id] });
  const startsAt = new Date(now.getTime() + 5 * DAY);
  const eventId = await insertEvent(db, { companyId: organiserCompany, b2b: true, startsAt, registrationDeadline: new Date(now.getTime() - DAY) }, now);
  const members: Actor[] = [];
  const companyIds: string[] = [];
  for (let i = 0; i < n; i++) {
    const user = await insertUser(db, "Organisation");
    const companyId = await insertCompany(db, { members: [user.id], name: `B2B Firma ${String(i).padStart(2, "0")}` });
    await db.insert(eventRegistrations).values({ eventId, companyId, userId: user.id, status: "REGISTERED", formVersion: 1, answers: {}, createdAt: new Date(now.getTime() - 10 * DAY + i * 1000) });
    members.push(user);
    companyIds.push(companyId);
  }
  for (const [i, ranked] of Object.entries(lists)) {
    const companyId = companyIds[Number(i)]!;
    await db.insert(b2bPreferenceLists).values({ eventId, companyId });
    const rows = ranked.map((p, r) => ({ eventId, companyId, partnerCompanyId: companyIds[p]!, rank: r + 1, excluded: false }));
    const ex = (excluded[Number(i)] ?? []).map((p) => ({ eventId, companyId, partnerCompanyId: companyIds[p]!, rank: null, excluded: true }));
    if (rows.length + ex.length > 0) await db.insert(b2bPreferences).values([...rows, ...ex]);
  }
  const roundStarts = [0, 1, 2].map((r) => new Date(startsAt.getTime() + r * 30 * 60_000));
  await saveB2bPlan(db, organiser, eventId, { roundStarts, meetingMinutes: 20, tableCount: 4, tableLabels: ["A1", "A2"], disabledTables: [4], maxPreferences: 10, preferenceDeadline: null }, now);
  return { now, organiser, organiserCompany, eventId, members, companyIds };
}

const pair = (m: { companyA: string; companyB: string }) => [m.companyA, m.companyB].sort().join("|");

describe("running the matching", () => {
  it("stores a numbered run with its meetings and figures, final only when every company has ranked", async () => {
    const w = await world(6, { 0: [1, 2], 1: [0], 2: [3], 3: [2], 4: [5] });
    const run = await runMatching(handle.db, w.organiser, w.eventId);
    expect(run).toMatchObject({ number: 1, kind: "COMPUTED", final: false, settings: { rounds: 3, tables: [1, 2, 3], companies: 6, missingPreferences: 1 } });
    const meetings = await runMeetings(handle.db, run.id);
    // Mutual wishes 0↔1 and 2↔3 are met; the one-sided 4→5 too (there is room).
    const pairs = new Set(meetings.map(pair));
    for (const [a, b] of [[0, 1], [2, 3], [4, 5]] as const) expect(pairs.has([w.companyIds[a], w.companyIds[b]].sort().join("|"))).toBe(true);
    expect(meetings.every((m) => m.tableNo !== 4)).toBe(true);
    expect(run.figures).toMatchObject({ mutualWishes: 2, mutualWishesMet: 2, wishes: 6, wishesMet: 6 });
    const [plan] = await handle.db.select().from(b2bPlans).where(eq(b2bPlans.eventId, w.eventId));
    expect(plan!.currentRunId).toBe(run.id);
  });

  it("reports how close the run is to the best possible schedule: wish value, proved bound, optimal (decision 057)", async () => {
    // Wish values (K = 10): 0↔1 and 2↔3 mutual first wishes 30 each, 0→2 (second wish) 9, 4→5 10: 79 at most.
    const w = await world(6, { 0: [1, 2], 1: [0], 2: [3], 3: [2], 4: [5] });
    const run = await runMatching(handle.db, w.organiser, w.eventId);
    expect(run.figures).toMatchObject({ wishValue: 79, wishBound: 79, wishOptimal: true });
    const [stored] = await handle.db.select().from(b2bRuns).where(eq(b2bRuns.id, run.id));
    expect(stored!.figures).toMatchObject({ wishValue: 79, wishBound: 79, wishOptimal: true });
    // What the organiser's page shows: the figures of the run as it is now, with the bound.
    const overview = await loadB2bOverview(handle.db, w.organiser, w.eventId);
    expect(overview.current!.figures).toMatchObject({ wishValue: 79, wishBound: 79, wishOptimal: true });
    // A meeting moved away by hand: the page's figures say how far below the bound it now is.
    const meetings = await runMeetings(handle.db, run.id);
    const mutual = meetings.find((m) => pair(m) === [w.companyIds[0], w.companyIds[1]].sort().join("|"))!;
    await handle.db.delete(b2bMeetings).where(eq(b2bMeetings.id, mutual.id));
    const after = await loadB2bOverview(handle.db, w.organiser, w.eventId);
    expect(after.current!.figures).toMatchObject({ wishValue: 49, wishBound: 79, wishOptimal: false });
  });

  it("keeps locked meetings where they are when it runs again, and numbers the runs", async () => {
    const w = await world(6, { 0: [1], 1: [0], 2: [3], 3: [2], 4: [5], 5: [4] });
    const first = await runMatching(handle.db, w.organiser, w.eventId);
    const meeting = (await runMeetings(handle.db, first.id)).find((m) => m.round === 2)!;
    await setMeetingLock(handle.db, w.organiser, w.eventId, first.id, meeting.id, true);
    const second = await runMatching(handle.db, w.organiser, w.eventId);
    expect(second.number).toBe(2);
    const kept = (await runMeetings(handle.db, second.id)).find((m) => m.round === meeting.round && m.tableNo === meeting.tableNo)!;
    expect(kept).toMatchObject({ companyA: meeting.companyA, companyB: meeting.companyB, locked: true });
    expect(second.settings.fixedMeetings).toBe(1);
  });

  it("refuses locks that clash with a coded error naming the lock, and computes nothing (decision 030)", async () => {
    const w = await world(4, { 0: [1], 1: [0] });
    const run = await runMatching(handle.db, w.organiser, w.eventId);
    const meetings = await runMeetings(handle.db, run.id);
    // Every company meets in round 1 (tables 1, 2); a round-2 meeting put on the free table 3 of
    // round 1 by hand seats its companies twice there.
    const second = meetings.find((m) => m.round === 2)!;
    await handle.db.update(b2bMeetings).set({ round: 1, tableNo: 3 }).where(eq(b2bMeetings.id, second.id));
    await handle.db.update(b2bMeetings).set({ locked: true }).where(eq(b2bMeetings.runId, run.id));
    const error = await runMatching(handle.db, w.organiser, w.eventId).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "B2B_LOCK_CONFLICT", status: 409, details: { reason: "COMPANY_TWICE", round: 1 } });
    const details = (error as { details: Record<string, string | number> }).details;
    expect([details.companyA, details.companyB].every((name) => String(name).startsWith("B2B Firma"))).toBe(true);
    expect([1, 3]).toContain(details.table);
    const runs = await handle.db.select().from(b2bRuns).where(eq(b2bRuns.eventId, w.eventId));
    expect(runs).toHaveLength(1);
  });

  it("refuses a stale run id, a move that breaks a rule, and accepts a valid move (locked afterwards)", async () => {
    const w = await world(4, { 0: [1], 1: [0] });
    const run = await runMatching(handle.db, w.organiser, w.eventId);
    const meetings = await runMeetings(handle.db, run.id);
    const m = meetings.find((x) => x.round === 1)!;
    const other = meetings.find((x) => x.round === 2)!;
    // Into round 2 where both companies already meet someone: refused.
    await expect(moveMeeting(handle.db, w.organiser, w.eventId, run.id, m.id, { round: 2, table: 3 })).rejects.toMatchObject({ code: "B2B_MOVE_INVALID" });
    // Onto the disabled table 4: refused.
    await expect(moveMeeting(handle.db, w.organiser, w.eventId, run.id, m.id, { round: 1, table: 4 })).rejects.toMatchObject({ code: "B2B_MOVE_INVALID" });
    const freeTable = [1, 2, 3].find((t) => !meetings.some((x) => x.round === 1 && x.tableNo === t))!;
    await moveMeeting(handle.db, w.organiser, w.eventId, run.id, m.id, { round: 1, table: freeTable });
    const [moved] = await handle.db.select().from(b2bMeetings).where(eq(b2bMeetings.id, m.id));
    expect(moved).toMatchObject({ round: 1, tableNo: freeTable, locked: true });
    const next = await runMatching(handle.db, w.organiser, w.eventId);
    await expect(setMeetingLock(handle.db, w.organiser, w.eventId, run.id, other.id, true)).rejects.toMatchObject({ code: "B2B_SCHEDULE_CHANGED" });
    expect(next.number).toBe(2);
  });

  it("restores an earlier run as a new one, publishes it, and edits a published run only in a copy", async () => {
    const w = await world(4, { 0: [1, 2], 1: [0], 2: [3], 3: [2] });
    const first = await runMatching(handle.db, w.organiser, w.eventId);
    await runMatching(handle.db, w.organiser, w.eventId);
    const restored = await restoreRun(handle.db, w.organiser, w.eventId, first.id);
    expect(restored).toMatchObject({ number: 3, kind: "RESTORED", basedOnRunId: first.id });
    expect((await runMeetings(handle.db, restored.id)).map(pair).sort()).toEqual((await runMeetings(handle.db, first.id)).map(pair).sort());
    await publishRun(handle.db, w.organiser, w.eventId, restored.id);
    const overview = await loadB2bOverview(handle.db, w.organiser, w.eventId);
    expect(overview.current).toMatchObject({ published: true, outdated: false });
    expect(overview.runs.map((r) => r.number)).toEqual([3, 2, 1]);
    // Moving a meeting of the published run leaves participants' agendas alone until published again.
    const m = (await runMeetings(handle.db, restored.id))[0]!;
    const freeTable = [1, 2, 3].find((t) => !overview.current!.meetings.some((x) => x.round === 3 && x.table === t))!;
    const inRound3 = overview.current!.meetings.filter((x) => x.round === 3).flatMap((x) => [x.a.id, x.b.id]);
    if (![m.companyA, m.companyB].some((c) => inRound3.includes(c))) {
      const { runId } = await moveMeeting(handle.db, w.organiser, w.eventId, restored.id, m.id, { round: 3, table: freeTable });
      expect(runId).not.toBe(restored.id);
      const [plan] = await handle.db.select().from(b2bPlans).where(eq(b2bPlans.eventId, w.eventId));
      expect(plan).toMatchObject({ currentRunId: runId, publishedRunId: restored.id });
      expect((await handle.db.select().from(b2bRuns).where(eq(b2bRuns.id, runId)))[0]).toMatchObject({ kind: "EDITED" });
    }
  });

  it("needs a saved plan and two companies; other people are refused", async () => {
    const w = await world(1);
    await expect(runMatching(handle.db, w.organiser, w.eventId)).rejects.toMatchObject({ code: "B2B_TOO_FEW_COMPANIES" });
    await expect(runMatching(handle.db, w.members[0]!, w.eventId)).rejects.toMatchObject({ code: "B2B_FORBIDDEN" });
    await expect(runMatching(handle.db, null, w.eventId)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    const plain = await insertEvent(handle.db, { companyId: w.organiserCompany });
    await expect(runMatching(handle.db, w.organiser, plain)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const admin = await insertUser(handle.db, "Admin");
    await handle.db.delete(b2bPlans).where(eq(b2bPlans.eventId, w.eventId));
    await expect(runMatching(handle.db, admin, w.eventId)).rejects.toMatchObject({ code: "B2B_PLAN_REQUIRED" });
  });

  it(`two organisers running at once get two complete, consecutively numbered runs (${TEST_ENGINE})`, async () => {
    const w = await world(8, { 0: [1, 2, 3], 1: [0], 2: [0, 5], 5: [2] });
    const admin = await insertUser(handle.db, "Admin");
    const runs = await Promise.all([runMatching(handle.db, w.organiser, w.eventId), runMatching(handle.db, admin, w.eventId)]);
    expect(runs.map((r) => r.number).sort()).toEqual([1, 2]);
    for (const run of runs) {
      const meetings = await runMeetings(handle.db, run.id);
      expect(meetings.length).toBe(run.figures.meetings);
      for (let round = 1; round <= 3; round++) {
        const seated = meetings.filter((m) => m.round === round).flatMap((m) => [m.companyA, m.companyB]);
        expect(new Set(seated).size).toBe(seated.length);
      }
    }
  });
});
