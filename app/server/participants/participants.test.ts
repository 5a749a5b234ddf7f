import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventFormDefinition } from "~/schemas/event-form";
import { formatAnswerCell } from "~/schemas/participant-answers";
import { DEFAULT_FILTER, parseParticipantSelection, type ParticipantSelection } from "~/schemas/participant-selection";
import type { DbHandle } from "~/server/db/client.server";
import { eventForms, eventRegistrations } from "~/server/db/schema";
import { registerForEvent } from "~/server/events/registrations.server";
import type { Actor } from "~/server/policy/policy";
import { insertCompany, insertUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb, TEST_ENGINE } from "../../../tests/support/db";
import { insertEvent } from "../../../tests/support/event-fixtures";
import { mailsTo } from "../../../tests/support/outbox";
import { requireParticipantAccess } from "./access.server";
import { listParticipants } from "./list.server";
import { checkIn, deleteRegistration, undoCheckIn } from "./registration-admin.server";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

const FORM_V1: EventFormDefinition = {
  fields: [
    { id: "function", type: "localizedText", title: { de: "Ihre Funktion", cs: "Vaše funkce" }, required: false },
    { id: "lunch", type: "checkbox", title: { de: "Mittagessen", cs: "Oběd" }, required: false },
    {
      id: "topic",
      type: "localizedSelect",
      title: { de: "Thema", cs: "Téma" },
      required: false,
      options: [
        { id: "a", label: { de: "Energie", cs: "Energie" } },
        { id: "b", label: { de: "Logistik", cs: "Logistika" } },
      ],
    },
  ],
};
const all = (): ParticipantSelection => ({ filter: { ...DEFAULT_FILTER }, ids: [] });
const words = { yes: "ja", no: "nein" };

/** An event of a Multiplikator's company with a German and a Czech participant, one on the waiting list. */
async function scenario({ max = 2 }: { max?: number } = {}) {
  const { db } = handle;
  const now = new Date();
  const organiser = await insertUser(db, "Multiplikator");
  const organiserCompany = await insertCompany(db, { members: [organiser.id] });
  const eventId = await insertEvent(db, { companyId: organiserCompany, form: FORM_V1, maxParticipants: max }, now);
  const people = [];
  let second = 0;
  for (const [locale, name, address, city] of [
    ["de", "Jürgen Weiß", {}, "Dresden"],
    ["cs", "Jana Dvořáková", { country: "CZ", state: "Ústecký kraj", postalCode: "400 01", districtCode: "3510" }, "Ústí nad Labem"],
    ["de", "Uwe Lehmann", { districtCode: null, state: "Sachsen" }, "Pirna"],
  ] as const) {
    const user = await insertUser(db, "Organisation", { locale, name });
    const companyId = await insertCompany(db, { members: [user.id], address, city, name: `Firma ${name}` });
    const reg = await registerForEvent(db, user, { eventId, companyId, answers: { function: `Chef ${name}`, lunch: true, topic: ["b"] }, locale }, new Date(now.getTime() + ++second * 1000));
    people.push({ user, companyId, reg });
  }
  return { now, organiser, organiserCompany, eventId, people };
}

describe("the participant list", () => {
  it("shows one row per registration with company, country, region, function, state and answers", async () => {
    const { organiser, eventId, people } = await scenario();
    const list = await listParticipants(handle.db, organiser, eventId, all());
    expect(list.counts).toEqual({ REGISTERED: 2, WAITING: 1, CANCELLED: 0, ATTENDED: 0 });
    expect(list.audience).toBe("ALL");
    expect(list.rows.map((r) => [r.personName, r.status, r.country, r.region, r.function])).toEqual([
      ["Jürgen Weiß", "REGISTERED", "DE", "Kreisfreie Stadt Dresden", "Chef Jürgen Weiß"],
      ["Jana Dvořáková", "REGISTERED", "CZ", "Ústecký kraj", "Chef Jana Dvořáková"],
      // No district code: the typed state stands in; the third registration waits (capacity 2).
      ["Uwe Lehmann", "WAITING", "DE", "Sachsen", "Chef Uwe Lehmann"],
    ]);
    expect(list.rows[1]).toMatchObject({ email: people[1]!.user.email, locale: "cs", companyName: "Firma Jana Dvořáková" });
    // The function has its own column, not an answer column.
    expect(list.columns.map((c) => c.label.de)).toEqual(["Mittagessen", "Thema"]);
    const [lunch, topic] = list.columns;
    expect(formatAnswerCell(list.rows[0]!.answers[lunch!.key], "de", words)).toBe("ja");
    expect(formatAnswerCell(list.rows[1]!.answers[topic!.key], "cs", words)).toBe("Logistika");
  });

  it("keeps an older form version's label as its own column", async () => {
    const { organiser, eventId } = await scenario();
    const renamed: EventFormDefinition = { fields: FORM_V1.fields.map((f) => (f.id === "lunch" ? { ...f, title: { de: "Mittagessen (vegetarisch)", cs: "Oběd (vegetariánský)" } } : f)) };
    await handle.db.insert(eventForms).values({ eventId, version: 2, definition: renamed });
    const late = await insertUser(handle.db, "Organisation");
    const company = await insertCompany(handle.db, { members: [late.id] });
    await handle.db.insert(eventRegistrations).values({ eventId, companyId: company, userId: late.id, status: "WAITING", formVersion: 2, answers: { lunch: false }, createdAt: new Date(Date.now() + 60_000) });

    const list = await listParticipants(handle.db, organiser, eventId, all());
    const labels = list.columns.map((c) => c.label.de);
    expect(labels).toEqual(["Mittagessen (vegetarisch)", "Thema", "Mittagessen"]);
    const newLunch = list.columns[0]!;
    const oldLunch = list.columns[2]!;
    const newest = list.rows.at(-1)!;
    expect(formatAnswerCell(newest.answers[newLunch.key], "de", words)).toBe("nein");
    expect(newest.answers[oldLunch.key]).toBeUndefined();
    expect(formatAnswerCell(list.rows[0]!.answers[oldLunch.key], "de", words)).toBe("ja");
  });

  it("filters by text without diacritics, state and country, sorts, and lets ticked rows win", async () => {
    const { organiser, eventId, people } = await scenario();
    const select = (query: string) => listParticipants(handle.db, organiser, eventId, parseParticipantSelection(new URLSearchParams(query)));
    expect((await select("q=dvorak")).rows.map((r) => r.personName)).toEqual(["Jana Dvořáková"]);
    expect((await select("q=usti")).rows.map((r) => r.personName)).toEqual(["Jana Dvořáková"]);
    expect((await select("state=WAITING")).rows.map((r) => r.personName)).toEqual(["Uwe Lehmann"]);
    expect((await select("country=DE")).rows).toHaveLength(2);
    expect((await select("country=DE")).audience).toBe("FILTERED");
    expect((await select("sort=name&dir=desc")).rows.map((r) => r.personName)).toEqual(["Uwe Lehmann", "Jürgen Weiß", "Jana Dvořáková"]);
    const ticked = await select(`country=CZ&ids=${people[0]!.reg.id}&ids=${people[2]!.reg.id}`);
    expect(ticked.audience).toBe("SELECTED");
    expect(ticked.rows.map((r) => r.personName)).toEqual(["Jürgen Weiß", "Uwe Lehmann"]);
    // Junk in the URL is dropped, never an error.
    expect((await select("state=NOPE&country=PL&sort=x&ids=1;drop")).rows).toHaveLength(3);
  });
});

describe("who may use the participant list", () => {
  it("allows the event's organisers and admins; another Multiplikator gets the spec's message", async () => {
    const { organiser, eventId, people } = await scenario();
    const admin = await insertUser(handle.db, "Admin");
    const other = await insertUser(handle.db, "Multiplikator");
    await insertCompany(handle.db, { members: [other.id] });
    const gate = (actor: Actor) => requireParticipantAccess(handle.db, actor, eventId).then(() => "allow", (e: { code: string }) => e.code);
    expect(await gate(organiser)).toBe("allow");
    expect(await gate(admin)).toBe("allow");
    expect(await gate(other)).toBe("PARTICIPANT_LIST_FORBIDDEN");
    expect(await gate(people[0]!.user)).toBe("PARTICIPANT_LIST_FORBIDDEN");
    expect(await gate(null)).toBe("UNAUTHENTICATED");
    expect(await requireParticipantAccess(handle.db, admin, "00000000-0000-4000-8000-000000000000").catch((e: { code: string }) => e.code)).toBe("NOT_FOUND");
    // Every action goes through the same gate.
    const reg = people[0]!.reg.id;
    for (const actor of [other, people[0]!.user]) {
      await expect(listParticipants(handle.db, actor, eventId, all())).rejects.toMatchObject({ code: "PARTICIPANT_LIST_FORBIDDEN" });
      await expect(checkIn(handle.db, actor, eventId, reg)).rejects.toMatchObject({ code: "PARTICIPANT_LIST_FORBIDDEN" });
      await expect(undoCheckIn(handle.db, actor, eventId, reg)).rejects.toMatchObject({ code: "PARTICIPANT_LIST_FORBIDDEN" });
      await expect(deleteRegistration(handle.db, actor, eventId, reg)).rejects.toMatchObject({ code: "PARTICIPANT_LIST_FORBIDDEN" });
    }
    await expect(checkIn(handle.db, null, eventId, reg)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    const [row] = await handle.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, reg));
    expect(row?.status).toBe("REGISTERED");
  });
});

describe("check-in and deleting registrations", () => {
  it("checks a confirmed participant in once, refuses the waiting list, and can be undone", async () => {
    const { organiser, eventId, people } = await scenario();
    const first = await checkIn(handle.db, organiser, eventId, people[0]!.reg.id);
    expect(first.changed).toBe(true);
    const again = await checkIn(handle.db, organiser, eventId, people[0]!.reg.id);
    expect(again).toMatchObject({ changed: false, attendedAt: first.attendedAt });
    await expect(checkIn(handle.db, organiser, eventId, people[2]!.reg.id)).rejects.toMatchObject({ code: "CHECKIN_NOT_POSSIBLE" });
    const list = await listParticipants(handle.db, organiser, eventId, parseParticipantSelection(new URLSearchParams("state=ATTENDED")));
    expect(list.rows.map((r) => r.personName)).toEqual(["Jürgen Weiß"]);
    await undoCheckIn(handle.db, organiser, eventId, people[0]!.reg.id);
    const [row] = await handle.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, people[0]!.reg.id));
    expect(row).toMatchObject({ status: "REGISTERED", attendedAt: null });
  });

  it("a registration of another event is not found", async () => {
    const a = await scenario();
    const b = await scenario();
    await expect(checkIn(handle.db, a.organiser, a.eventId, b.people[0]!.reg.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(deleteRegistration(handle.db, a.organiser, a.eventId, b.people[0]!.reg.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("deleting tells the participant in their language and moves the waiting list up", async () => {
    const { organiser, eventId, people } = await scenario();
    const result = await deleteRegistration(handle.db, organiser, eventId, people[1]!.reg.id);
    expect(result.promoted).toEqual([people[2]!.reg.id]);
    const rows = await handle.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId));
    expect(rows.map((r) => r.status).sort()).toEqual(["REGISTERED", "REGISTERED"]);
    const [removed] = await mailsTo(people[1]!.user.email);
    expect(removed?.subject).toBe("Pořadatel odstranil vaši přihlášku");
    const [promoted] = await mailsTo(people[2]!.user.email);
    expect(promoted?.subject).toBe("Ein Platz ist frei geworden – Sie sind angemeldet");
    await expect(deleteRegistration(handle.db, organiser, eventId, people[1]!.reg.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe.skipIf(TEST_ENGINE !== "postgres")("concurrent organisers on PostgreSQL", () => {
  it("two organisers deleting two registrations at once promote exactly two waiting ones, in order", async () => {
    const { organiser, eventId, people } = await scenario({ max: 2 });
    const waiting = [people[2]!.reg.id];
    for (let i = 0; i < 2; i++) {
      const user = await insertUser(handle.db, "Organisation");
      const companyId = await insertCompany(handle.db, { members: [user.id] });
      waiting.push((await registerForEvent(handle.db, user, { eventId, companyId, answers: {}, locale: "de" }, new Date(Date.now() + (10 + i) * 1000))).id);
    }
    const admin = await insertUser(handle.db, "Admin");
    // The pool runs these on separate connections, as two app instances would.
    const [first, second] = await Promise.all([
      deleteRegistration(handle.db, organiser, eventId, people[0]!.reg.id),
      deleteRegistration(handle.db, admin, eventId, people[1]!.reg.id),
    ]);
    expect([...first.promoted, ...second.promoted].sort()).toEqual(waiting.slice(0, 2).sort());
    const rows = await handle.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId));
    expect(rows.filter((r) => r.status === "REGISTERED").map((r) => r.id).sort()).toEqual(waiting.slice(0, 2).sort());
    expect(rows.filter((r) => r.status === "WAITING").map((r) => r.id)).toEqual([waiting[2]]);
  });

  it("ten simultaneous scans of one badge check in once", async () => {
    const { organiser, eventId, people } = await scenario();
    const results = await Promise.all(Array.from({ length: 10 }, () => checkIn(handle.db, organiser, eventId, people[0]!.reg.id)));
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.attendedAt.getTime())).size).toBe(1);
  });
});
