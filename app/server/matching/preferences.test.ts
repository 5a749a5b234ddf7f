import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { href } from "~/routing/paths";
import { applyPreferenceOp, preferenceFormObject, preferenceListSchema } from "~/schemas/b2b-preferences";
import { type DbHandle, openPostgres } from "~/server/db/client.server";
import { b2bPlans, b2bPreferenceLists, b2bPreferences, companyNace, companyServices, companyUserLinks, eventRegistrations } from "~/server/db/schema";
import { isAppError } from "~/server/errors";
import type { Enqueue } from "~/server/jobs/job";
import { startQueue } from "~/server/jobs/queue.server";
import { ALL_JOBS } from "~/server/jobs/registry.server";
import type { Actor } from "~/server/policy/policy";
import { insertCompany, insertUser, type TestUser } from "../../../tests/support/approvals-fixtures";
import { clonePostgres, createTestDb, TEST_ENGINE } from "../../../tests/support/db";
import { insertEvent } from "../../../tests/support/event-fixtures";
import { mailsTo } from "../../../tests/support/outbox";
import { b2bPreferenceReminderJob, remindMissingPreferences, sendPreferenceReminder } from "./preference-reminders.server";
import { loadPreferencePage, loadPreferencesForMatching, preferenceStatus, saveRanking } from "./preferences.server";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

const DAY = 86_400_000;
const NOW = new Date();
const asActor = (u: TestUser): Actor => ({ id: u.id, role: u.role });

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
  return "OK";
}

async function register(db: DbHandle["db"], eventId: string, companyId: string, userId: string | null, locale: "de" | "cs" = "de", status: "REGISTERED" | "CANCELLED" | "WAITING" = "REGISTERED") {
  const [row] = await db
    .insert(eventRegistrations)
    .values({ eventId, companyId, userId, status, locale, formVersion: 1, answers: {}, createdAt: new Date(NOW.getTime() - 5 * DAY) })
    .returning({ id: eventRegistrations.id });
  return row!.id;
}

/**
 * A B2B event whose registration closed yesterday and which starts in ten days: companies A, B,
 * C, E take part (A with a German and a Czech registrant), D cancelled, F waits; an outsider with
 * a company of its own, another Multiplikator and an admin.
 */
async function scenario(options: { maxPreferences?: number; deadline?: Date | null } = {}, db = handle.db) {
  const organiser = await insertUser(db, "Multiplikator");
  const organiserCompany = await insertCompany(db, { members: [organiser.id] });
  const eventId = await insertEvent(db, { companyId: organiserCompany, b2b: true, publishAt: new Date(NOW.getTime() - 10 * DAY), registrationDeadline: new Date(NOW.getTime() - DAY), startsAt: new Date(NOW.getTime() + 10 * DAY) });
  const people = {
    a1: await insertUser(db, "Organisation", { locale: "de", name: "Anna Alt" }),
    a2: await insertUser(db, "Organisation", { locale: "de", name: "Alois Alt" }),
    b1: await insertUser(db, "Organisation", { locale: "cs", name: "Bára Bílá" }),
    c1: await insertUser(db, "Organisation", { name: "Carl Clau" }),
    d1: await insertUser(db, "Organisation"),
    e1: await insertUser(db, "Organisation"),
    f1: await insertUser(db, "Organisation"),
    outsider: await insertUser(db, "Organisation"),
    otherMultiplikator: await insertUser(db, "Multiplikator"),
    admin: await insertUser(db, "Admin"),
  };
  const c = {
    A: await insertCompany(db, { name: "Alpha Antriebe GmbH", members: [people.a1.id, people.a2.id] }),
    B: await insertCompany(db, { name: "Beta Brno s.r.o.", members: [people.b1.id], city: "Brno" }),
    C: await insertCompany(db, { name: "Gamma Guss GmbH", members: [people.c1.id] }),
    D: await insertCompany(db, { name: "Delta Draht GmbH", members: [people.d1.id] }),
    E: await insertCompany(db, { name: "Epsilon Elektro GmbH", members: [people.e1.id] }),
    F: await insertCompany(db, { name: "Phi Formen GmbH", members: [people.f1.id] }),
    outsider: await insertCompany(db, { members: [people.outsider.id] }),
    other: await insertCompany(db, { members: [people.otherMultiplikator.id] }),
  };
  const regs = {
    a1: await register(db, eventId, c.A, people.a1.id, "de"),
    // A second person of A registered in Czech: reminders go to both, each in their language.
    a2: await register(db, eventId, c.A, people.a2.id, "cs"),
    b1: await register(db, eventId, c.B, people.b1.id, "cs"),
    c1: await register(db, eventId, c.C, people.c1.id, "de"),
    d1: await register(db, eventId, c.D, people.d1.id, "de", "CANCELLED"),
    e1: await register(db, eventId, c.E, people.e1.id, "de"),
    f1: await register(db, eventId, c.F, people.f1.id, "de", "WAITING"),
  };
  if (options.maxPreferences !== undefined || options.deadline !== undefined) {
    await db.insert(b2bPlans).values({ eventId, maxPreferences: options.maxPreferences ?? 10, preferenceDeadline: options.deadline ?? null });
  }
  return { eventId, organiser, people, c, regs };
}

const list = (ranking: string[], excluded: string[] = []) => ({ ranking, excluded });

async function storedLines(eventId: string, companyId: string) {
  return handle.db
    .select({ partner: b2bPreferences.partnerCompanyId, rank: b2bPreferences.rank, excluded: b2bPreferences.excluded })
    .from(b2bPreferences)
    .where(and(eq(b2bPreferences.eventId, eventId), eq(b2bPreferences.companyId, companyId)))
    .orderBy(b2bPreferences.rank);
}

describe("the submitted list (shared schema)", () => {
  it("reads repeated fields in order and refuses duplicates and a partner both wanted and not", () => {
    const [x, y, z] = ["11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222", "33333333-3333-4333-8333-333333333333"];
    const form = new FormData();
    for (const id of [y, x]) form.append("ranking", id);
    form.append("excluded", z);
    expect(preferenceListSchema.parse(preferenceFormObject(form))).toEqual({ ranking: [y, x], excluded: [z] });
    expect(preferenceListSchema.parse(preferenceFormObject(new FormData()))).toEqual({ ranking: [], excluded: [] });
    expect(preferenceListSchema.safeParse(list([x, x])).success).toBe(false);
    expect(preferenceListSchema.safeParse(list([x], [x])).success).toBe(false);
    expect(preferenceListSchema.safeParse(list(["not-a-uuid"])).success).toBe(false);
  });

  it("edits a draft step by step (the no-JavaScript path and the browser share this)", () => {
    const [x, y, z] = ["11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222", "33333333-3333-4333-8333-333333333333"];
    let draft = list([]);
    draft = applyPreferenceOp(draft, "add", x);
    draft = applyPreferenceOp(draft, "add", y);
    draft = applyPreferenceOp(draft, "exclude", z);
    expect(draft).toEqual(list([x, y], [z]));
    draft = applyPreferenceOp(draft, "up", y);
    expect(draft.ranking).toEqual([y, x]);
    expect(applyPreferenceOp(draft, "up", y)).toEqual(draft); // already first
    draft = applyPreferenceOp(draft, "add", z); // from "do not meet" to the wishes
    expect(draft).toEqual(list([y, x, z], []));
    draft = applyPreferenceOp(draft, "down", y);
    expect(draft.ranking).toEqual([x, y, z]);
    draft = applyPreferenceOp(draft, "exclude", y);
    expect(draft).toEqual(list([x, z], [y]));
    expect(applyPreferenceOp(draft, "remove", y)).toEqual(list([x, z], []));
  });
});

describe("saving a ranking", () => {
  it("members of a participating company save their own company's list while the window is open; it replaces the previous one", async () => {
    const { eventId, people, c } = await scenario();
    const saved = await saveRanking(handle.db, asActor(people.a1), eventId, c.A, list([c.C, c.B], [c.E]), NOW);
    expect(saved).toMatchObject({ ranked: 2, excluded: 1, byOrganiser: false });
    expect(await storedLines(eventId, c.A)).toEqual([
      { partner: c.C, rank: 1, excluded: false },
      { partner: c.B, rank: 2, excluded: false },
      { partner: c.E, rank: null, excluded: true },
    ]);
    // Any member of the company may change it (the colleague registered in Czech).
    await saveRanking(handle.db, asActor(people.a2), eventId, c.A, list([c.B]), NOW);
    expect(await storedLines(eventId, c.A)).toEqual([{ partner: c.B, rank: 1, excluded: false }]);
    const [row] = await handle.db.select().from(b2bPreferenceLists).where(and(eq(b2bPreferenceLists.eventId, eventId), eq(b2bPreferenceLists.companyId, c.A)));
    expect(row).toMatchObject({ submittedBy: people.a2.id, byOrganiser: false });
    // An empty list is a submitted list ("no wishes"), not a missing one.
    await saveRanking(handle.db, asActor(people.c1), eventId, c.C, list([]), NOW);
    expect((await loadPreferencesForMatching(handle.db, eventId, [c.A, c.B, c.C])).submitted).toEqual(new Set([c.A, c.C]));
  });

  it("companies rank only between the close of registration and the preference deadline (or the start); organisers at any time", async () => {
    const deadline = new Date(NOW.getTime() + 3 * DAY);
    const { eventId, organiser, people, c } = await scenario({ deadline });
    const before = new Date(NOW.getTime() - 2 * DAY); // registration still open
    expect(await codeOf(saveRanking(handle.db, asActor(people.a1), eventId, c.A, list([c.B]), before))).toBe("B2B_PREFERENCES_CLOSED");
    expect(await codeOf(saveRanking(handle.db, asActor(people.a1), eventId, c.A, list([c.B]), new Date(deadline.getTime() + 1000)))).toBe("B2B_PREFERENCES_CLOSED");
    expect(await codeOf(saveRanking(handle.db, asActor(people.a1), eventId, c.A, list([c.B]), new Date(deadline.getTime() - 1000)))).toBe("OK");
    // The organiser corrects it before and after the window.
    for (const at of [before, new Date(deadline.getTime() + DAY)]) {
      const done = await saveRanking(handle.db, asActor(organiser), eventId, c.A, list([c.C]), at, { asOrganiser: true });
      expect(done.byOrganiser).toBe(true);
    }
    const page = await loadPreferencePage(handle.db, asActor(people.a1), eventId, { locale: "de" }, new Date(deadline.getTime() + 1000));
    expect(page.window).toMatchObject({ open: false, closesAt: deadline });
    expect(page.submitted).toMatchObject({ byOrganiser: true, byName: "Test Multiplikator" });

    // Without a deadline the window closes when the event starts.
    const other = await scenario();
    const startsAt = new Date(NOW.getTime() + 10 * DAY);
    expect(await codeOf(saveRanking(handle.db, asActor(other.people.a1), other.eventId, other.c.A, list([other.c.B]), startsAt))).toBe("B2B_PREFERENCES_CLOSED");
  });

  it("only members of a participating company, for their own company; organisers and admins on its behalf", async () => {
    const { eventId, organiser, people, c } = await scenario();
    const save = (actor: Actor, companyId: string, asOrganiser = false) => codeOf(saveRanking(handle.db, actor, eventId, companyId, list([c.C]), NOW, { asOrganiser }));
    expect(await save(asActor(people.b1), c.A)).toBe("B2B_NOT_PARTICIPANT"); // member of another participating company
    expect(await save(asActor(people.outsider), c.A)).toBe("B2B_NOT_PARTICIPANT"); // Organisation user, not participating
    expect(await save(asActor(people.outsider), c.outsider)).toBe("B2B_NOT_PARTICIPANT");
    expect(await save(asActor(people.otherMultiplikator), c.A)).toBe("B2B_NOT_PARTICIPANT");
    expect(await save(asActor(people.otherMultiplikator), c.A, true)).toBe("B2B_FORBIDDEN"); // not an organiser of this event
    expect(await save(asActor(people.d1), c.D)).toBe("B2B_NOT_PARTICIPANT"); // cancelled
    expect(await save(asActor(people.f1), c.F)).toBe("B2B_NOT_PARTICIPANT"); // waiting list
    expect(await save(asActor(people.a1), c.A, true)).toBe("B2B_FORBIDDEN"); // a participant is no organiser
    expect(await save(null, c.A)).toBe("UNAUTHENTICATED");
    expect(await save(null, c.A, true)).toBe("UNAUTHENTICATED");
    expect(await save(asActor(organiser), c.A)).toBe("B2B_NOT_PARTICIPANT"); // organisers act through the organiser's page
    expect(await save(asActor(organiser), c.A, true)).toBe("OK");
    expect(await save(asActor(people.admin), c.B, true)).toBe("OK");
    expect(await save(asActor(organiser), c.outsider, true)).toBe("NOT_FOUND"); // not a participant
    // Reading follows the same rules.
    expect(await codeOf(loadPreferencePage(handle.db, asActor(people.outsider), eventId, { locale: "de" }, NOW))).toBe("B2B_NOT_PARTICIPANT");
    expect(await codeOf(loadPreferencePage(handle.db, asActor(people.a1), eventId, { locale: "de", companyId: c.B }, NOW))).toBe("B2B_NOT_PARTICIPANT");
    expect(await codeOf(loadPreferencePage(handle.db, asActor(people.otherMultiplikator), eventId, { locale: "de", companyId: c.B, asOrganiser: true }, NOW))).toBe("B2B_FORBIDDEN");
    expect(await codeOf(loadPreferencePage(handle.db, asActor(people.admin), eventId, { locale: "de", companyId: c.B, asOrganiser: true }, NOW))).toBe("OK");
    // A non-B2B event has no wishes.
    const plain = await insertEvent(handle.db, { companyId: c.other, registrationDeadline: new Date(NOW.getTime() - DAY) });
    expect(await codeOf(loadPreferencePage(handle.db, asActor(people.a1), plain, { locale: "de" }, NOW))).toBe("NOT_FOUND");
  });

  it("partners are other participating companies, at most the organiser's maximum, each either wanted or not", async () => {
    const { eventId, people, c } = await scenario({ maxPreferences: 2 });
    const save = (ranking: string[], excluded: string[] = []) => codeOf(saveRanking(handle.db, asActor(people.a1), eventId, c.A, list(ranking, excluded), NOW));
    expect(await save([c.B, c.C, c.E])).toBe("B2B_PREFERENCES_TOO_MANY");
    const tooMany = await saveRanking(handle.db, asActor(people.a1), eventId, c.A, list([c.B, c.C, c.E]), NOW).catch((e: unknown) => e);
    expect(isAppError(tooMany) && tooMany.details).toEqual({ max: 2 });
    expect(await save([c.A])).toBe("B2B_PARTNER_INVALID"); // itself
    expect(await save([c.D])).toBe("B2B_PARTNER_INVALID"); // cancelled
    expect(await save([], [c.F])).toBe("B2B_PARTNER_INVALID"); // waiting list
    expect(await save([c.outsider])).toBe("B2B_PARTNER_INVALID");
    expect(await save([c.B], [c.B])).toBe("INVALID_INPUT");
    expect(await save([c.B, c.B])).toBe("INVALID_INPUT");
    // Exclusions do not count towards the maximum.
    expect(await save([c.B, c.C], [c.E])).toBe("OK");
    // Nothing of the refused attempts was stored.
    expect((await storedLines(eventId, c.A)).map((l) => l.partner)).toEqual([c.B, c.C, c.E]);
  });
});

describe("the ranking page's data", () => {
  it("lists every other participating company with industries in the page language, tags, current offers and requests, and the current list", async () => {
    const { eventId, people, c } = await scenario();
    await handle.db.insert(companyNace).values([{ companyId: c.B, naceCode: "25.62" }]);
    const service = { companyId: c.B, description: "…", keywords: ["CNC"], termsUrl: "https://b.example/agb", validityDays: 30 };
    await handle.db.insert(companyServices).values([
      { ...service, type: "OFFER", title: "CNC-Fräsen", validUntil: new Date(NOW.getTime() + 10 * DAY) },
      { ...service, type: "INQUIRY", title: "Suche Härterei", validUntil: new Date(NOW.getTime() + 10 * DAY) },
      { ...service, type: "OFFER", title: "Abgelaufen", validUntil: new Date(NOW.getTime() - DAY) },
    ]);
    await saveRanking(handle.db, asActor(people.a1), eventId, c.A, list([c.E, c.B], [c.C]), NOW);
    for (const locale of ["de", "cs"] as const) {
      const page = await loadPreferencePage(handle.db, asActor(people.a1), eventId, { locale }, NOW);
      expect(page.company).toEqual({ id: c.A, name: "Alpha Antriebe GmbH" });
      expect(page.candidates.map((x) => x.name)).toEqual(["Beta Brno s.r.o.", "Epsilon Elektro GmbH", "Gamma Guss GmbH"]);
      const beta = page.candidates[0]!;
      expect(beta).toMatchObject({ city: "Brno", offers: ["CNC-Fräsen"], requests: ["Suche Härterei"], href: href("companyDetail", locale, { id: c.B }) });
      expect(beta.industries).toEqual([{ code: "25.62", label: locale === "de" ? expect.stringMatching(/Mechanik/) : expect.stringMatching(/Obráb/) }]);
      expect(page.ranking).toEqual([c.E, c.B]);
      expect(page.excluded).toEqual([c.C]);
      expect(page.maxPreferences).toBe(10);
      expect(page.window.open).toBe(true);
      expect(page.submitted).toMatchObject({ byName: "Anna Alt", byOrganiser: false });
    }
  });

  it("offers a chooser when the user is a member of several participating companies", async () => {
    const { eventId, people, c } = await scenario();
    const both = await insertUser(handle.db, "Organisation");
    for (const companyId of [c.B, c.C]) await handle.db.insert(companyUserLinks).values({ companyId, userId: both.id, status: "CONFIRMED", decidedAt: NOW });
    const first = await loadPreferencePage(handle.db, asActor(both), eventId, { locale: "de" }, NOW);
    expect(first.ownCompanies.map((x) => x.id)).toEqual([c.B, c.C]);
    expect(first.company.id).toBe(c.B);
    const second = await loadPreferencePage(handle.db, asActor(both), eventId, { locale: "de", companyId: c.C }, NOW);
    expect(second.company.id).toBe(c.C);
    expect(second.candidates.map((x) => x.companyId)).not.toContain(c.C);
    expect(await codeOf(loadPreferencePage(handle.db, asActor(people.a1), eventId, { locale: "de", companyId: c.B }, NOW))).toBe("B2B_NOT_PARTICIPANT");
  });
});

describe("lists for the scheduler and the organiser's overview", () => {
  it("counts only current participants and compacts ranks when a partner cancels", async () => {
    const { eventId, people, c, regs } = await scenario();
    await saveRanking(handle.db, asActor(people.a1), eventId, c.A, list([c.E, c.B, c.C]), NOW);
    await saveRanking(handle.db, asActor(people.b1), eventId, c.B, list([c.A], [c.E]), NOW);
    await handle.db.update(eventRegistrations).set({ status: "CANCELLED" }).where(eq(eventRegistrations.id, regs.e1));
    const ids = [c.A, c.B, c.C];
    const prefs = await loadPreferencesForMatching(handle.db, eventId, ids);
    expect(prefs.ranking).toEqual({ [c.A]: [c.B, c.C], [c.B]: [c.A], [c.C]: [] });
    expect(prefs.excluded).toEqual({ [c.A]: [], [c.B]: [], [c.C]: [] });
    expect(prefs.submitted).toEqual(new Set([c.A, c.B]));
    // The page shows the compacted list too.
    expect((await loadPreferencePage(handle.db, asActor(people.a1), eventId, { locale: "de" }, NOW)).ranking).toEqual([c.B, c.C]);
  });

  it("shows the organiser who has ranked, when and how much, with totals; only organisers", async () => {
    const { eventId, organiser, people, c } = await scenario();
    await saveRanking(handle.db, asActor(people.a1), eventId, c.A, list([c.B, c.C], [c.E]), NOW);
    await saveRanking(handle.db, asActor(organiser), eventId, c.C, list([c.A]), NOW, { asOrganiser: true });
    const status = await preferenceStatus(handle.db, asActor(organiser), eventId, NOW);
    expect(status.totals).toEqual({ companies: 4, submitted: 2, missing: 2 });
    const byName = Object.fromEntries(status.rows.map((r) => [r.name, r]));
    expect(byName["Alpha Antriebe GmbH"]).toMatchObject({ submitted: true, byOrganiser: false, ranked: 2, excluded: 1, submittedByName: "Anna Alt" });
    expect(byName["Gamma Guss GmbH"]).toMatchObject({ submitted: true, byOrganiser: true, ranked: 1, excluded: 0 });
    expect(byName["Beta Brno s.r.o."]).toMatchObject({ submitted: false, submittedAt: null, ranked: 0 });
    expect(await codeOf(preferenceStatus(handle.db, asActor(people.a1), eventId, NOW))).toBe("B2B_FORBIDDEN");
    expect(await codeOf(preferenceStatus(handle.db, null, eventId, NOW))).toBe("UNAUTHENTICATED");
    expect(await codeOf(preferenceStatus(handle.db, asActor(people.admin), eventId, NOW))).toBe("OK");
  });
});

describe("reminders", () => {
  it("queue one mail per registrant of each company without a list; each is sent in the registration's language with the deadline and the link", async () => {
    const { eventId, organiser, people, c } = await scenario();
    await saveRanking(handle.db, asActor(people.b1), eventId, c.B, list([c.A]), NOW);
    const queued: Array<{ name: string; data: { eventId: string; registrationId: string }; key?: string }> = [];
    const recorder: Enqueue = async (job, data, options) => {
      queued.push({ name: job.name, data: data as { eventId: string; registrationId: string }, key: options?.singletonKey });
      return true;
    };
    expect(await codeOf(remindMissingPreferences(handle.db, asActor(people.a1), eventId, NOW, { enqueue: recorder }))).toBe("B2B_FORBIDDEN");
    expect(queued).toHaveLength(0);
    // A, C and E have not ranked (B has; D cancelled and F waits do not take part).
    expect(await remindMissingPreferences(handle.db, asActor(organiser), eventId, NOW, { enqueue: recorder })).toBe(3);
    expect(queued.every((q) => q.name === b2bPreferenceReminderJob.name && q.key === `${eventId}:${q.data.registrationId}`)).toBe(true);
    expect(queued).toHaveLength(4);

    for (const q of queued) await b2bPreferenceReminderJob.handle(q.data, { db: handle.db, enqueue: recorder, signal: new AbortController().signal });
    const german = await mailsTo(people.a1.email);
    expect(german).toHaveLength(1);
    expect(german[0]!.subject).toContain("Wünsche");
    expect(german[0]!.text).toContain("Alpha Antriebe GmbH");
    expect(german[0]!.text).toContain(encodeURI(href("eventB2bPreferences", "de", { id: eventId })) + `?company=${c.A}`);
    const czech = await mailsTo(people.a2.email);
    expect(czech).toHaveLength(1);
    expect(czech[0]!.subject).toContain("přání");
    expect(czech[0]!.text).toContain(encodeURI(href("eventB2bPreferences", "cs", { id: eventId })));
    expect(await mailsTo(people.c1.email)).toHaveLength(1);
    expect(await mailsTo(people.e1.email)).toHaveLength(1);
    for (const nobody of [people.b1, people.d1, people.f1, people.outsider]) expect(await mailsTo(nobody.email)).toHaveLength(0);

    // A company that ranks before its job runs gets no reminder.
    await saveRanking(handle.db, asActor(people.c1), eventId, c.C, list([c.A]), NOW);
    const [cReg] = await handle.db.select().from(eventRegistrations).where(eq(eventRegistrations.companyId, c.C));
    expect(await sendPreferenceReminder(handle.db, eventId, cReg!.id)).toBe(false);
    expect(await mailsTo(people.c1.email)).toHaveLength(1);
  });

  it("through the real queue, a double click sends each person one reminder", async () => {
    let queueHandle: DbHandle = handle;
    let url: string | undefined;
    let drop: (() => Promise<void>) | undefined;
    if (TEST_ENGINE === "postgres") {
      const clone = await clonePostgres();
      url = clone.url;
      drop = clone.drop;
      queueHandle = await openPostgres(clone.url);
    }
    const queue = await startQueue({ handle: queueHandle, databaseUrl: url, jobs: ALL_JOBS, work: true, pollSeconds: 0.5, log: () => {} });
    try {
      const { eventId, organiser, people } = await scenario({}, queueHandle.db);
      const [first, second] = await Promise.all([
        remindMissingPreferences(queueHandle.db, asActor(organiser), eventId, NOW, { enqueue: queue.enqueue }),
        remindMissingPreferences(queueHandle.db, asActor(organiser), eventId, NOW, { enqueue: queue.enqueue }),
      ]);
      // A, B, C and E are each counted by a click that queued one of their reminders. A has two
      // registrants: when the clicks interleave, each may queue one of them, and both count A.
      expect(first + second).toBeGreaterThanOrEqual(4);
      expect(first + second).toBeLessThanOrEqual(5);
      const everyone = [people.a1, people.a2, people.b1, people.c1, people.e1];
      const until = Date.now() + 20_000;
      while ((await Promise.all(everyone.map((p) => mailsTo(p.email)))).some((m) => m.length === 0)) {
        if (Date.now() > until) throw new Error("reminders not sent");
        await new Promise((r) => setTimeout(r, 200));
      }
      await new Promise((r) => setTimeout(r, 1500)); // time for a duplicate to show up, if there were one
      for (const p of everyone) expect(await mailsTo(p.email)).toHaveLength(1);
      // The same day, pressing again queues nothing.
      expect(await remindMissingPreferences(queueHandle.db, asActor(organiser), eventId, NOW, { enqueue: queue.enqueue })).toBe(0);
    } finally {
      await queue.stop();
      if (drop) {
        await queueHandle.close();
        await drop();
      }
    }
  });
});

describe.skipIf(TEST_ENGINE !== "postgres")("simultaneous saves on PostgreSQL", () => {
  it("leave one complete list, never a mix", async () => {
    const { eventId, people, c, organiser } = await scenario();
    // Eight saves at once through the pool's connections, ten times over.
    const lists = [list([c.B, c.C, c.E]), list([c.E], [c.B, c.C]), list([c.C, c.B], [c.E]), list([])];
    for (let round = 0; round < 10; round++) {
      await Promise.all(
        lists.flatMap((l, i) => [
          saveRanking(handle.db, asActor(i % 2 === 0 ? people.a1 : people.a2), eventId, c.A, l, NOW),
          saveRanking(handle.db, asActor(organiser), eventId, c.A, l, NOW, { asOrganiser: true }),
        ]),
      );
      const lines = await storedLines(eventId, c.A);
      const ranking = lines.filter((x) => x.rank !== null).map((x) => x.partner);
      const excluded = lines
        .filter((x) => x.excluded)
        .map((x) => x.partner)
        .sort();
      expect(lists.some((l) => JSON.stringify(l.ranking) === JSON.stringify(ranking) && JSON.stringify([...l.excluded].sort()) === JSON.stringify(excluded))).toBe(true);
      expect(lines.filter((x) => x.rank !== null).map((x) => x.rank)).toEqual(ranking.map((_, i) => i + 1));
      const [row] = await handle.db.select().from(b2bPreferenceLists).where(and(eq(b2bPreferenceLists.eventId, eventId), eq(b2bPreferenceLists.companyId, c.A)));
      expect(row).toBeDefined();
    }
  });
});
