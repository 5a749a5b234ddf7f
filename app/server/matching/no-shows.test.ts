import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DbHandle, withTransaction } from "~/server/db/client.server";
import { b2bAbsences, b2bMeetings, b2bPlans, b2bPreferences, b2bRuns, eventRegistrations, participantMailings } from "~/server/db/schema";
import { getMyEvents } from "~/server/events/my-events.server";
import { lockEvent } from "~/server/events/registrations.server";
import { checkIn } from "~/server/participants/registration-admin.server";
import { insertCompany, insertUser } from "../../../tests/support/approvals-fixtures";
import { type B2bScenario, b2bScenario, storeSchedule } from "../../../tests/support/b2b-fixtures";
import { createTestDb, TEST_ENGINE } from "../../../tests/support/db";
import { scheduleMeetings } from "./algorithm";
import { agendaMailingId } from "./agenda-mail.server";
import { loadAgenda } from "./agenda.server";
import { noShowOverview, rematchNoShows, repairNoShowsInTx, runDueNoShowRematches, setCompanyAbsent, setNoShowCutoff } from "./no-shows.server";
import { type B2bMeetingRow, runMeetings } from "./run-store.server";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle?.close());

const MIN = 60_000;

interface Day {
  s: B2bScenario;
  /** Every participating company: id, its registration and its member. */
  all: { id: string; registrationId: string; user: { id: string; role: "Organisation"; email: string } }[];
  /** The absent company X, and its locked meeting in round 5. */
  x: string;
  original: B2bMeetingRow[];
  runId: string;
}

/**
 * Eleven companies, eight rounds of 30 minutes from 09:00, six tables: the real scheduler's
 * schedule is published (five meetings a round, one company idle). X's meeting in round 5 is
 * locked. A few wishes so the preferences matter.
 */
async function eventDay(): Promise<Day> {
  const s = await b2bScenario(handle.db, { companies: 6, rounds: 8, tableCount: 6, tableLabels: [] });
  const all = s.companies.map((c) => ({ id: c.id, registrationId: c.registrationId, user: { id: c.user.id, role: "Organisation" as const, email: c.user.email } }));
  for (let i = 0; i < 5; i++) {
    const user = await insertUser(handle.db, "Organisation");
    const id = await insertCompany(handle.db, { name: `Firma ${i} ${Math.random().toString(36).slice(2, 6)}`, members: [user.id] });
    const [reg] = await handle.db.insert(eventRegistrations).values({ eventId: s.eventId, companyId: id, userId: user.id, status: "REGISTERED", locale: "de", formVersion: 1, answers: {} }).returning({ id: eventRegistrations.id });
    all.push({ id, registrationId: reg!.id, user: { id: user.id, role: "Organisation", email: user.email } });
  }
  const ids = all.map((c) => c.id);
  // Wishes: company i wants i+1 and i+2 (rank 1, 2).
  await handle.db.insert(b2bPreferences).values(ids.flatMap((id, i) => [1, 2].map((k) => ({ eventId: s.eventId, companyId: id, partnerCompanyId: ids[(i + k) % ids.length]!, rank: k }))));
  const ranking = Object.fromEntries(ids.map((id, i) => [id, [ids[(i + 1) % ids.length]!, ids[(i + 2) % ids.length]!]]));
  const result = scheduleMeetings({
    companies: ids.map((id) => ({ id, naceCodes: [], offerTags: [], requestTags: [] })),
    ranking,
    excluded: {},
    maxPreferences: 10,
    rounds: 8,
    tables: [1, 2, 3, 4, 5, 6],
    fixed: [],
  });
  const x = ids[0]!;
  const run = await storeSchedule(
    handle.db,
    s.eventId,
    result.meetings.map((m) => ({ round: m.round, table: m.table, a: m.a, b: m.b, rankAOfB: m.rankAOfB, rankBOfA: m.rankBOfA, locked: m.round === 5 && (m.a === x || m.b === x) })),
  );
  const original = await runMeetings(handle.db, run.id);
  expect(original.filter((m) => m.round === 5 && (m.companyA === x || m.companyB === x) && m.locked)).toHaveLength(1);
  return { s, all, x, original, runId: run.id };
}

/** Round 2 has started 5 minutes ago; round 3 starts in 25 minutes. */
const duringRound2 = (d: Day) => new Date(Date.parse(d.s.roundStarts[1]!) + 5 * MIN);
const has = (m: B2bMeetingRow, id: string) => m.companyA === id || m.companyB === id;
const key = (m: B2bMeetingRow) => `${m.round}/${m.tableNo}:${[m.companyA, m.companyB].sort().join("+")}${m.locked ? " locked" : ""}`;
const pair = (a: string, b: string) => [a, b].sort().join("+");

async function published(eventId: string) {
  const [p] = await handle.db.select().from(b2bPlans).where(eq(b2bPlans.eventId, eventId));
  const [run] = await handle.db.select().from(b2bRuns).where(eq(b2bRuns.id, p!.publishedRunId!));
  return { plan: p!, run: run!, meetings: await runMeetings(handle.db, run!.id) };
}

/** No company twice in a round, no table twice in a round, no pair twice. */
function consistent(ms: B2bMeetingRow[]): boolean {
  const seats = new Set<string>();
  const pairs = new Set<string>();
  for (const m of ms) {
    for (const k of [`${m.round}|${m.companyA}`, `${m.round}|${m.companyB}`, `${m.round}|t${m.tableNo}`]) {
      if (seats.has(k)) return false;
      seats.add(k);
    }
    if (pairs.has(pair(m.companyA, m.companyB))) return false;
    pairs.add(pair(m.companyA, m.companyB));
  }
  return true;
}

/** Checks the re-match's promises for absent `x` from round 3 on. */
function expectRepaired(d: Day, after: B2bMeetingRow[], absent: string[]) {
  // Rounds 1–2 (started) untouched.
  expect(after.filter((m) => m.round <= 2).map(key).sort()).toEqual(d.original.filter((m) => m.round <= 2).map(key).sort());
  // The absent companies: nothing new, only the locked meeting left from round 3 on.
  for (const id of absent) {
    const theirs = after.filter((m) => has(m, id));
    for (const m of theirs) expect(d.original.map(key)).toContain(key(m));
    for (const m of theirs.filter((m) => m.round >= 3)) expect(m.locked).toBe(true);
  }
  expect(after.filter((m) => m.round === 5 && has(m, d.x)).map((m) => m.locked)).toEqual([true]);
  // Every meeting from round 3 on without an absent company stays where it was.
  const kept = d.original.filter((m) => m.round >= 3 && !absent.some((id) => has(m, id)));
  for (const m of kept) expect(after.map(key)).toContain(key(m));
  // No repeats, no double bookings.
  expect(consistent(after)).toBe(true);
  // Freed places filled as far as possible: in each open round, present companies idle there have all met already.
  const present = d.all.map((c) => c.id).filter((id) => !absent.includes(id));
  const met = new Set(after.map((m) => pair(m.companyA, m.companyB)));
  for (let round = 3; round <= 8; round++) {
    const idle = present.filter((id) => !after.some((m) => m.round === round && has(m, id)));
    for (const a of idle) for (const b of idle) if (a < b) expect(met.has(pair(a, b)), `round ${round}: ${a} and ${b} idle and never met`).toBe(true);
  }
}

async function checkInAllBut(d: Day, except: string[], now: Date) {
  for (const c of d.all) if (!except.includes(c.id)) await checkIn(handle.db, d.s.organiser, d.s.eventId, c.registrationId, now);
}

describe("same-day re-match of no-shows (issue 24)", () => {
  it("an organiser marks X absent before round 3 of 8: rounds 1–2 untouched, X's unlocked meetings freed and the places filled, no repeats, the locked meeting kept", async () => {
    const d = await eventDay();
    const now = duringRound2(d);
    await checkInAllBut(d, [d.x], now);
    await setCompanyAbsent(handle.db, d.s.organiser, d.s.eventId, d.x, true, now);
    const before = await noShowOverview(handle.db, d.s.organiser, d.s.eventId, now);
    expect(before.openRounds).toEqual([3, 4, 5, 6, 7, 8]);
    expect(before.companies.find((c) => c.companyId === d.x)).toMatchObject({ markedAbsent: true, noShow: true, checkedIn: false });
    expect(before.companies.filter((c) => c.noShow)).toHaveLength(1);

    const result = await rematchNoShows(handle.db, d.s.organiser, d.s.eventId, { mail: false }, now);
    expect(result).toMatchObject({ noShows: [d.x], fromRound: 3, basedOnRunId: d.runId });
    const freed = d.original.filter((m) => m.round >= 3 && has(m, d.x) && !m.locked).length;
    expect(result.dropped).toBe(freed);
    expect(freed).toBeGreaterThanOrEqual(4);
    expect(result.filled).toBeGreaterThan(0);

    const after = await published(d.s.eventId);
    expect(after.run).toMatchObject({ kind: "REPAIR", basedOnRunId: d.runId, id: result.runId });
    expect(after.plan.currentRunId).toBe(after.run.id);
    expect(after.plan.publishedAt!.getTime()).toBe(now.getTime());
    expect(after.run.settings).toMatchObject({ noShows: [d.x], fromRound: 3 });
    expectRepaired(d, after.meetings, [d.x]);

    // No mail chosen: none written; the changed agendas say "changed" in the changed rounds only.
    const mails = await handle.db.select().from(participantMailings).where(inArray(participantMailings.id, d.all.map((c) => agendaMailingId(after.run.id, c.id))));
    expect(mails).toHaveLength(0);
    expect(result.notification.companyIds).toContain(d.x);
    const partner3 = d.original.find((m) => m.round === 3 && has(m, d.x))!;
    const partnerId = partner3.companyA === d.x ? partner3.companyB : partner3.companyA;
    const partner = d.all.find((c) => c.id === partnerId)!;
    const agenda = (await loadAgenda(handle.db, partner.user, d.s.eventId, null, now))!;
    expect(agenda.changedAt).toBe(now.toISOString());
    expect(agenda.items[2]!.changed).toBe(true);
    expect(agenda.items.slice(0, 2).map((i) => i.changed)).toEqual([false, false]);
    // "My events" marks it too.
    const mine = await getMyEvents(handle.db, partner.user, now);
    expect(mine.upcoming.find((i) => i.eventId === d.s.eventId)).toMatchObject({ agenda: true, agendaChanged: true });
    // A company whose agenda did not change sees no mark.
    const untouched = d.all.find((c) => c.id !== d.x && !result.notification.companyIds.includes(c.id));
    if (untouched) {
      expect((await loadAgenda(handle.db, untouched.user, d.s.eventId, null, now))!.changedAt).toBeNull();
      expect((await getMyEvents(handle.db, untouched.user, now)).upcoming.find((i) => i.eventId === d.s.eventId)).toMatchObject({ agenda: true, agendaChanged: false });
    }
  });

  it("after the cut-off a company without check-in is a no-show without being marked; the organiser's mail choice writes the agenda mails of the changed companies", async () => {
    const d = await eventDay();
    const now = duringRound2(d);
    const y = d.all[3]!.id;
    await checkInAllBut(d, [d.x, y], now);
    const result = await rematchNoShows(handle.db, d.s.organiser, d.s.eventId, { mail: true }, now);
    expect(result.noShows).toEqual([d.x, y].sort());
    const after = await published(d.s.eventId);
    expectRepaired(d, after.meetings, [d.x, y]);
    const mails = await handle.db.select().from(participantMailings).where(inArray(participantMailings.id, result.notification.companyIds.map((c) => agendaMailingId(after.run.id, c))));
    expect(mails.length).toBe(result.notification.companyIds.length);
    expect(mails.length).toBeGreaterThan(0);
  });

  it("before the cut-off only marked companies count; the organiser sets the cut-off; nothing to do stores no run; errors without rounds left or a published schedule", async () => {
    const d = await eventDay();
    const early = new Date(Date.parse(d.s.roundStarts[0]!) - 30 * MIN);
    let overview = await noShowOverview(handle.db, d.s.organiser, d.s.eventId, early);
    expect(overview).toMatchObject({ cutoffMinutes: 10, cutoffPassed: false, openRounds: [1, 2, 3, 4, 5, 6, 7, 8] });
    expect(overview.companies.filter((c) => c.noShow)).toHaveLength(0);
    const idle = await rematchNoShows(handle.db, d.s.organiser, d.s.eventId, { mail: false }, early);
    expect(idle.runId).toBeNull();
    expect((await published(d.s.eventId)).run.id).toBe(d.runId);

    await setNoShowCutoff(handle.db, d.s.organiser, d.s.eventId, 45, early);
    overview = await noShowOverview(handle.db, d.s.organiser, d.s.eventId, early);
    expect(overview.cutoffPassed).toBe(true);
    expect(overview.companies.every((c) => c.noShow)).toBe(true);
    await expect(setNoShowCutoff(handle.db, d.s.organiser, d.s.eventId, 241, early)).rejects.toMatchObject({ code: "B2B_NOSHOW_CUTOFF_INVALID" });

    const late = new Date(Date.parse(d.s.roundStarts[7]!) + MIN);
    await expect(rematchNoShows(handle.db, d.s.organiser, d.s.eventId, { mail: false }, late)).rejects.toMatchObject({ code: "B2B_NOSHOW_NO_ROUNDS_LEFT" });
    await handle.db.update(b2bPlans).set({ publishedRunId: null }).where(eq(b2bPlans.eventId, d.s.eventId));
    await expect(rematchNoShows(handle.db, d.s.organiser, d.s.eventId, { mail: false }, early)).rejects.toMatchObject({ code: "B2B_NOSHOW_NOT_PUBLISHED" });
  });

  it("a company checked in after the re-match: the check-in says it lost its meetings, removes the mark, and the next re-match treats it as present again", async () => {
    const d = await eventDay();
    const now = duringRound2(d);
    await checkInAllBut(d, [d.x], now);
    await unlockAll(d);
    await setCompanyAbsent(handle.db, d.s.organiser, d.s.eventId, d.x, true, now);
    await rematchNoShows(handle.db, d.s.organiser, d.s.eventId, { mail: false }, now);
    const xReg = d.all.find((c) => c.id === d.x)!.registrationId;
    const later = new Date(now.getTime() + MIN);
    const result = await checkIn(handle.db, d.s.organiser, d.s.eventId, xReg, later);
    expect(result.lostMeetingsAsNoShow).toBe(true);
    expect(await handle.db.select().from(b2bAbsences).where(eq(b2bAbsences.eventId, d.s.eventId))).toHaveLength(0);
    const overview = await noShowOverview(handle.db, d.s.organiser, d.s.eventId, later);
    expect(overview.companies.find((c) => c.companyId === d.x)).toMatchObject({ checkedIn: true, noShow: false, arrivedLate: true });
    const again = await rematchNoShows(handle.db, d.s.organiser, d.s.eventId, { mail: false }, later);
    expect(again.noShows).toEqual([]);
  });

  it("only the event's organisers and admins may mark absent, set the cut-off, see the overview or re-match", async () => {
    const d = await eventDay();
    const now = duringRound2(d);
    const member = d.all[1]!.user;
    const stranger = await insertUser(handle.db, "Multiplikator");
    for (const actor of [member, stranger]) {
      await expect(setCompanyAbsent(handle.db, actor, d.s.eventId, d.x, true, now)).rejects.toMatchObject({ code: "B2B_FORBIDDEN" });
      await expect(rematchNoShows(handle.db, actor, d.s.eventId, { mail: false }, now)).rejects.toMatchObject({ code: "B2B_FORBIDDEN" });
      await expect(setNoShowCutoff(handle.db, actor, d.s.eventId, 5, now)).rejects.toMatchObject({ code: "B2B_FORBIDDEN" });
      await expect(noShowOverview(handle.db, actor, d.s.eventId, now)).rejects.toMatchObject({ code: "B2B_FORBIDDEN" });
    }
    await expect(rematchNoShows(handle.db, null, d.s.eventId, { mail: false }, now)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    const admin = await insertUser(handle.db, "Admin");
    await setCompanyAbsent(handle.db, admin, d.s.eventId, d.x, true, now);
    await expect(setCompanyAbsent(handle.db, d.s.organiser, d.s.eventId, d.s.organiserCompany, true, now)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await published(d.s.eventId)).run.id).toBe(d.runId);
  });

  it("the automatic re-match at the cut-off: off does nothing; on, it runs once after the cut-off (mailing when chosen), and a moved cut-off is handled again", async () => {
    const d = await eventDay();
    const first = Date.parse(d.s.roundStarts[0]!);
    const beforeCutoff = new Date(first - 20 * MIN);
    const afterCutoff = new Date(first - 5 * MIN);
    await checkInAllBut(d, [d.x], beforeCutoff);
    await unlockAll(d);
    // Off (the default): nothing happens at the cut-off.
    expect(await runDueNoShowRematches(handle.db, afterCutoff)).not.toContain(d.s.eventId);
    expect((await published(d.s.eventId)).run.id).toBe(d.runId);

    await setNoShowCutoff(handle.db, d.s.organiser, d.s.eventId, 10, beforeCutoff, "MAIL");
    expect((await noShowOverview(handle.db, d.s.organiser, d.s.eventId, beforeCutoff)).auto).toBe("MAIL");
    expect(await runDueNoShowRematches(handle.db, beforeCutoff)).not.toContain(d.s.eventId);
    expect((await published(d.s.eventId)).run.id).toBe(d.runId);

    expect(await runDueNoShowRematches(handle.db, afterCutoff)).toContain(d.s.eventId);
    const after = await published(d.s.eventId);
    expect(after.run).toMatchObject({ kind: "REPAIR", basedOnRunId: d.runId, createdBy: null });
    expect(after.meetings.filter((m) => has(m, d.x))).toHaveLength(0);
    expect(consistent(after.meetings)).toBe(true);
    const changed = after.meetings.filter((m) => !d.original.map(key).includes(key(m)));
    expect(changed.length).toBeGreaterThan(0);
    const mails = await handle.db.select().from(participantMailings).where(eq(participantMailings.eventId, d.s.eventId));
    expect(mails.length).toBeGreaterThan(0);

    // Once per cut-off: the next minute's run changes nothing.
    expect(await runDueNoShowRematches(handle.db, new Date(afterCutoff.getTime() + MIN))).not.toContain(d.s.eventId);
    expect((await published(d.s.eventId)).run.id).toBe(after.run.id);
    // A cut-off the organiser moves (later re-match wanted with X still away) is handled again, without mail now.
    const y = d.all[3]!.id;
    await setCompanyAbsent(handle.db, d.s.organiser, d.s.eventId, y, true, afterCutoff);
    await setNoShowCutoff(handle.db, d.s.organiser, d.s.eventId, 8, afterCutoff, "PAGES");
    const mailsBefore = (await handle.db.select().from(participantMailings).where(eq(participantMailings.eventId, d.s.eventId))).length;
    expect(await runDueNoShowRematches(handle.db, new Date(first - 4 * MIN))).toContain(d.s.eventId);
    const again = await published(d.s.eventId);
    expect(again.meetings.filter((m) => has(m, y) && !m.locked)).toHaveLength(0);
    expect((await handle.db.select().from(participantMailings).where(eq(participantMailings.eventId, d.s.eventId))).length).toBe(mailsBefore);
    // The cut-off before round 2: a company marked absent during round 1 loses its meetings from round 2 on.
    const second = Date.parse(d.s.roundStarts[1]!);
    const z = d.all[5]!.id;
    const zRound1 = again.meetings.filter((m) => m.round === 1 && has(m, z)).map(key);
    await setCompanyAbsent(handle.db, d.s.organiser, d.s.eventId, z, true, new Date(first + MIN));
    expect(await runDueNoShowRematches(handle.db, new Date(first + MIN))).not.toContain(d.s.eventId);
    expect(await runDueNoShowRematches(handle.db, new Date(second - 4 * MIN))).toContain(d.s.eventId);
    const third = await published(d.s.eventId);
    expect(third.meetings.filter((m) => m.round >= 2 && has(m, z) && !m.locked)).toHaveLength(0);
    expect(third.meetings.filter((m) => m.round === 1 && has(m, z)).map(key)).toEqual(zRound1);
    // Switched off: nothing more.
    await setNoShowCutoff(handle.db, d.s.organiser, d.s.eventId, 8, afterCutoff, null);
    const third3 = Date.parse(d.s.roundStarts[2]!);
    await setCompanyAbsent(handle.db, d.s.organiser, d.s.eventId, d.all[6]!.id, true, new Date(second + MIN));
    expect(await runDueNoShowRematches(handle.db, new Date(third3 - 4 * MIN))).not.toContain(d.s.eventId);
    expect((await published(d.s.eventId)).run.id).toBe(third.run.id);
    await expect(setNoShowCutoff(handle.db, d.s.organiser, d.s.eventId, 5, afterCutoff, "LOUD" as never)).rejects.toMatchObject({ code: "INVALID_INPUT" });
  });

  it.skipIf(TEST_ENGINE !== "postgres")("PostgreSQL: two instances running the automatic re-match at once store one run", async () => {
    const d = await eventDay();
    const first = Date.parse(d.s.roundStarts[0]!);
    await checkInAllBut(d, [d.x], new Date(first - 20 * MIN));
    await unlockAll(d);
    await setNoShowCutoff(handle.db, d.s.organiser, d.s.eventId, 10, new Date(first - 20 * MIN), "PAGES");
    const at = new Date(first - 5 * MIN);
    const [a, b] = await Promise.all([runDueNoShowRematches(handle.db, at), runDueNoShowRematches(handle.db, at)]);
    expect([a, b].filter((list) => list.includes(d.s.eventId))).toHaveLength(1);
    const repairs = await handle.db.select().from(b2bRuns).where(and(eq(b2bRuns.eventId, d.s.eventId), eq(b2bRuns.kind, "REPAIR")));
    expect(repairs).toHaveLength(1);
  });

  it.skipIf(TEST_ENGINE !== "postgres")("PostgreSQL: a check-in arriving during a re-match waits for it and then reports the lost meetings; a check-in committed first keeps the company's meetings", async () => {
    // 1. The re-match holds the event lock; the check-in of X (marked absent, all its meetings unlocked) arrives meanwhile.
    const d = await eventDay();
    const now = duringRound2(d);
    await checkInAllBut(d, [d.x], now);
    await unlockAll(d);
    await setCompanyAbsent(handle.db, d.s.organiser, d.s.eventId, d.x, true, now);
    const xReg = d.all.find((c) => c.id === d.x)!.registrationId;
    let checkInDone = false;
    let pending: Promise<Awaited<ReturnType<typeof checkIn>>> | null = null;
    await withTransaction(handle.db, async (tx) => {
      await lockEvent(tx, d.s.eventId);
      await repairNoShowsInTx(tx, d.s.eventId, { now, mail: false, createdBy: d.s.organiser.id });
      pending = checkIn(handle.db, d.s.organiser, d.s.eventId, xReg, now).then((r) => {
        checkInDone = true;
        return r;
      });
      await new Promise((r) => setTimeout(r, 300));
      // Blocked on the event lock while the re-match is not committed.
      expect(checkInDone).toBe(false);
    });
    const late = await pending!;
    expect(late).toMatchObject({ changed: true, lostMeetingsAsNoShow: true });
    const [reg] = await handle.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, xReg));
    expect(reg!.status).toBe("ATTENDED");
    expect(await handle.db.select().from(b2bAbsences).where(and(eq(b2bAbsences.eventId, d.s.eventId), eq(b2bAbsences.companyId, d.x)))).toHaveLength(0);
    expect((await noShowOverview(handle.db, d.s.organiser, d.s.eventId, now)).companies.find((c) => c.companyId === d.x)).toMatchObject({ arrivedLate: true });

    // 2. Races: whichever commits first, the checked-in company is never left without its meetings silently.
    for (let attempt = 0; attempt < 4; attempt++) {
      const e = await eventDay();
      const t = duringRound2(e);
      await checkInAllBut(e, [e.x], t);
      await unlockAll(e);
      const reg = e.all.find((c) => c.id === e.x)!.registrationId;
      const [repair, arrival] = await Promise.all([rematchNoShows(handle.db, e.s.organiser, e.s.eventId, { mail: false }, t), checkIn(handle.db, e.s.organiser, e.s.eventId, reg, t)]);
      const after = await published(e.s.eventId);
      const [row] = await handle.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, reg));
      expect(row!.status).toBe("ATTENDED");
      expect(consistent(after.meetings)).toBe(true);
      const xAhead = after.meetings.filter((m) => m.round >= 3 && has(m, e.x));
      if (repair.noShows.includes(e.x)) {
        // The re-match came first: X lost its meetings, and the check-in said so.
        expect(xAhead).toHaveLength(0);
        expect(arrival.lostMeetingsAsNoShow).toBe(true);
      } else {
        // The check-in came first: X keeps every meeting.
        expect(arrival.lostMeetingsAsNoShow).toBe(false);
        expect(xAhead.map(key).sort()).toEqual(e.original.filter((m) => m.round >= 3 && has(m, e.x)).map((m) => key({ ...m, locked: false })).sort());
      }
    }
  });
});

async function unlockAll(d: Day) {
  const p = await published(d.s.eventId);
  await handle.db.update(b2bMeetings).set({ locked: false }).where(eq(b2bMeetings.runId, p.run.id));
  d.original = d.original.map((m) => ({ ...m, locked: false }));
}
