import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventFormDefinition } from "~/schemas/event-form";
import { type DbHandle, openPostgres } from "~/server/db/client.server";
import { companyUserLinks, eventRegistrations } from "~/server/db/schema";
import type { Actor } from "~/server/policy/policy";
import { insertCompany, insertUser, type TestUser } from "../../../tests/support/approvals-fixtures";
import { clonePostgres, createTestDb, TEST_ENGINE } from "../../../tests/support/db";
import { insertEvent } from "../../../tests/support/event-fixtures";
import { mailsTo } from "../../../tests/support/outbox";
import { getPublicEvent } from "./detail.server";
import { getMyEvents } from "./my-events.server";
import { cancelRegistration, registerForEvent, RegistrationAnswersFailure } from "./registrations.server";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

const H = 3_600_000;
const D = 24 * H;

/** "Do you bring a guest?" → "Name of the guest" (required, shown only when checked). */
const FORM: EventFormDefinition = {
  fields: [
    { id: "guest", type: "checkbox", title: { de: "Mit Gast", cs: "S hostem" }, required: false },
    {
      id: "guestName",
      type: "text",
      title: { de: "Name des Gastes", cs: "Jméno hosta" },
      required: true,
      condition: { join: "AND", rules: [{ fieldId: "guest", operator: "checked" }] },
    },
  ],
};

async function participant(locale: "de" | "cs" = "de") {
  const { db } = handle;
  const user = await insertUser(db, "Organisation", { locale });
  const companyId = await insertCompany(db, { members: [user.id] });
  return { user, companyId };
}

async function organiserEvent(o: Parameters<typeof insertEvent>[1] extends infer T ? Partial<T> : never = {}, now = new Date()) {
  const { db } = handle;
  const multi = await insertUser(db, "Multiplikator");
  const companyId = await insertCompany(db, { members: [multi.id] });
  const eventId = await insertEvent(db, { companyId, form: FORM, ...o }, now);
  return { multi, companyId, eventId };
}

const register = (actor: TestUser | null, eventId: string, companyId: string, now: Date, answers = {}) =>
  registerForEvent(handle.db, actor, { eventId, companyId, answers, locale: "de" }, now);

describe("registering", () => {
  it("a hidden required field never blocks, and its answer is discarded; a shown one is required", async () => {
    const now = new Date();
    const { eventId } = await organiserEvent({}, now);
    const a = await participant();
    const r = await register(a.user, eventId, a.companyId, now, { guest: false, guestName: "ignored" });
    expect(r.status).toBe("REGISTERED");
    const [row] = await handle.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, r.id));
    expect(row).toMatchObject({ formVersion: 1, answers: { guest: false }, locale: "de", status: "REGISTERED" });

    const b = await participant();
    const failure = await register(b.user, eventId, b.companyId, now, { guest: true }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RegistrationAnswersFailure);
    expect((failure as RegistrationAnswersFailure).errors).toEqual({ guestName: "FIELD_REQUIRED" });
    expect((await register(b.user, eventId, b.companyId, now, { guest: true, guestName: "Jana" })).status).toBe("REGISTERED");
  });

  it(`number answers keep to the field's range, counts are never negative, one-line answers have no line breaks (decision 030, ${TEST_ENGINE})`, async () => {
    const now = new Date();
    const form: EventFormDefinition = {
      fields: [
        { id: "people", type: "number", title: { de: "Personen", cs: "Osoby" }, required: true },
        { id: "tables", type: "number", title: { de: "Tische", cs: "Stoly" }, required: false, min: "1", max: "3" },
        { id: "celsius", type: "number", title: { de: "Temperatur", cs: "Teplota" }, required: false, min: "-20" },
        { id: "city", type: "text", title: { de: "Ort", cs: "Místo" }, required: false },
      ],
    };
    const { eventId } = await organiserEvent({ form }, now);
    const a = await participant();
    const refused = await register(a.user, eventId, a.companyId, now, { people: "-1", tables: "4", celsius: "-21", city: "Pirna\nDresden" }).catch((e: unknown) => e);
    expect((refused as RegistrationAnswersFailure).errors).toEqual({ people: "NUMBER_BELOW_MIN", tables: "NUMBER_ABOVE_MAX", celsius: "NUMBER_BELOW_MIN", city: "TEXT_SINGLE_LINE" });
    expect(await handle.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId))).toHaveLength(0);
    const ok = await register(a.user, eventId, a.companyId, now, { people: "0", tables: "2,5", celsius: "-20", city: "Pirna" });
    const [row] = await handle.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, ok.id));
    expect(row!.answers).toEqual({ people: "0", tables: "2,5", celsius: "-20", city: "Pirna" });
  });

  it("sends the confirmation with the calendar file in the registrant's language", async () => {
    const now = new Date();
    const { eventId } = await organiserEvent({ titleCs: "Setkání v Ústí" }, now);
    const a = await participant("cs");
    await registerForEvent(handle.db, a.user, { eventId, companyId: a.companyId, answers: {}, locale: "cs" }, now);
    const [mail] = await mailsTo(a.user.email);
    expect(mail?.subject).toBe("Vaše přihláška je potvrzena");
    expect(mail?.text).toContain("Setkání v Ústí");
    const ics = mail?.attachments?.[0];
    expect(ics?.contentType).toContain("text/calendar");
    expect(ics?.content).toContain(`UID:event-${eventId}@`);
    expect(ics?.content).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect(ics?.content).toContain("SUMMARY:Setkání v Ústí");
    expect(ics?.content).toContain("/cs/ud");
  });

  it("a second live registration of the same user is ALREADY_REGISTERED; after cancelling one may register again", async () => {
    const now = new Date();
    const { eventId } = await organiserEvent({}, now);
    const a = await participant();
    const first = await register(a.user, eventId, a.companyId, now);
    await expect(register(a.user, eventId, a.companyId, now)).rejects.toMatchObject({ code: "ALREADY_REGISTERED" });
    await cancelRegistration(handle.db, a.user, first.id, now);
    expect((await register(a.user, eventId, a.companyId, now)).status).toBe("REGISTERED");
  });

  it("follows the registration state over time (test clock): not open, open, closed, over; external events refuse", async () => {
    const now = new Date();
    const startsAt = new Date(now.getTime() + 10 * D);
    const { eventId } = await organiserEvent({ startsAt, publishAt: new Date(now.getTime() + D), registrationDeadline: new Date(now.getTime() + 5 * D) }, now);
    const a = await participant();
    await expect(register(a.user, eventId, a.companyId, now)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const open = new Date(now.getTime() + 2 * D);
    expect((await getPublicEvent(handle.db, a.user, eventId, open)).state).toBe("OPEN");
    const closed = new Date(now.getTime() + 6 * D);
    const b = await participant();
    await expect(register(b.user, eventId, b.companyId, closed)).rejects.toMatchObject({ code: "REGISTRATION_CLOSED" });
    expect((await getPublicEvent(handle.db, b.user, eventId, closed)).state).toBe("CLOSED");
    expect((await getPublicEvent(handle.db, b.user, eventId, new Date(startsAt.getTime() + D))).state).toBe("OVER");
    const reg = await register(a.user, eventId, a.companyId, open);
    // The participant may cancel until registration closes, the organiser any time.
    await expect(cancelRegistration(handle.db, a.user, reg.id, closed)).rejects.toMatchObject({ code: "CANCEL_DEADLINE_PASSED" });

    const ext = (await organiserEvent({ registrationKind: "EXTERNAL" }, now)).eventId;
    await expect(register(a.user, ext, a.companyId, now)).rejects.toMatchObject({ code: "REGISTRATION_EXTERNAL" });
    const b2b = await organiserEvent({ b2b: true, startsAt, registrationDeadline: new Date(now.getTime() + 5 * D) }, now);
    expect((await getPublicEvent(handle.db, null, b2b.eventId, closed)).state).toBe("B2B_MATCHING");
  });

  it("the company must be one of the user's own verified or pending companies; a deactivated one cannot register (decision 031)", async () => {
    const now = new Date();
    const { eventId } = await organiserEvent({}, now);
    const a = await participant();
    const other = await insertCompany(handle.db);
    await expect(register(a.user, eventId, other, now)).rejects.toMatchObject({ code: "REGISTRATION_COMPANY_INVALID" });
    const deactivatedUser = await insertUser(handle.db);
    const deactivated = await insertCompany(handle.db, { status: "DEACTIVATED", members: [deactivatedUser.id] });
    await expect(register(deactivatedUser, eventId, deactivated, now)).rejects.toMatchObject({ code: "REGISTRATION_NEEDS_VERIFIED_COMPANY" });
    const pendingUser = await insertUser(handle.db);
    const pending = await insertCompany(handle.db, { status: "PENDING", members: [pendingUser.id] });
    expect((await register(pendingUser, eventId, pending, now)).status).toBe("REGISTERED");
  });
});

describe("capacity and the waiting list", () => {
  it("a full event puts registrations on the waiting list; cancelling promotes the first waiting one (arrival order) with a mail", async () => {
    const now = new Date();
    const { eventId, multi } = await organiserEvent({ maxParticipants: 2 }, now);
    const ps = [await participant(), await participant(), await participant(), await participant()];
    const regs = [];
    for (const [i, p] of ps.entries()) regs.push(await register(p.user, eventId, p.companyId, new Date(now.getTime() + i * 1000)));
    expect(regs.map((r) => r.status)).toEqual(["REGISTERED", "REGISTERED", "WAITING", "WAITING"]);
    expect((await getPublicEvent(handle.db, ps[0]!.user, eventId, now)).state).toBe("FULL");
    expect((await mailsTo(ps[2]!.user.email))[0]?.subject).toBe("Sie stehen auf der Warteliste");

    const result = await cancelRegistration(handle.db, ps[0]!.user, regs[0]!.id, new Date(now.getTime() + 10_000));
    expect(result.promoted).toEqual([regs[2]!.id]);
    const [promoted] = await handle.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, regs[2]!.id));
    expect(promoted?.status).toBe("REGISTERED");
    expect(promoted?.promotedAt).not.toBeNull();
    const promotionMail = (await mailsTo(ps[2]!.user.email))[0];
    expect(promotionMail?.subject).toContain("Sie sind angemeldet");
    expect(promotionMail?.attachments?.[0]?.content).toContain("BEGIN:VEVENT");
    expect((await mailsTo(ps[0]!.user.email))[0]?.subject).toBe("Ihre Anmeldung wurde storniert");

    // A waiting registration cancelled frees no place: nobody moves up.
    expect((await cancelRegistration(handle.db, ps[3]!.user, regs[3]!.id, now)).promoted).toEqual([]);
    // The organiser cancels any time (after the start: no promotion any more).
    await expect(cancelRegistration(handle.db, multi, regs[1]!.id, new Date(now.getTime() + 40 * D))).resolves.toEqual({ promoted: [] });
    await expect(cancelRegistration(handle.db, multi, regs[1]!.id, now)).rejects.toMatchObject({ code: "REGISTRATION_ALREADY_CANCELLED" });
  });

  it.skipIf(TEST_ENGINE !== "postgres")(
    "50 concurrent registrations from two app instances for 10 places: exactly 10 registered, 40 waiting, none lost",
    async () => {
      const clone = await clonePostgres();
      const [one, two] = [await openPostgres(clone.url), await openPostgres(clone.url)];
      try {
        const now = new Date();
        const multi = await insertUser(one.db, "Multiplikator");
        const organiser = await insertCompany(one.db, { members: [multi.id] });
        const eventId = await insertEvent(one.db, { companyId: organiser, maxParticipants: 10 }, now);
        const people = await Promise.all(
          Array.from({ length: 50 }, async () => {
            const user = await insertUser(one.db);
            return { user, companyId: await insertCompany(one.db, { members: [user.id] }) };
          }),
        );
        const results = await Promise.all(
          people.map((p, i) => registerForEvent((i % 2 ? one : two).db, p.user, { eventId, companyId: p.companyId, answers: {}, locale: "de" }, now)),
        );
        const rows = await one.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId));
        expect(rows).toHaveLength(50);
        expect(rows.filter((r) => r.status === "REGISTERED")).toHaveLength(10);
        expect(rows.filter((r) => r.status === "WAITING")).toHaveLength(40);
        expect(results.filter((r) => r.status === "REGISTERED")).toHaveLength(10);
        // The first ten by arrival hold the places.
        const byArrival = [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || 0);
        expect(byArrival.slice(0, 10).every((r) => r.status === "REGISTERED")).toBe(true);
      } finally {
        await one.close();
        await two.close();
        await clone.drop();
      }
    },
    120_000,
  );
});

describe("policy per role (register, cancel, view)", () => {
  it("anonymous, Organisation without/with company, Multiplikator of the organiser / of another company, Admin", async () => {
    const { db } = handle;
    const now = new Date();
    const { eventId, multi: organiser } = await organiserEvent({}, now);
    const scheduled = (await organiserEvent({ publishAt: new Date(now.getTime() + D) }, now)).eventId;
    const noCompany = await insertUser(db);
    const withCompany = await participant();
    const otherMulti = await insertUser(db, "Multiplikator");
    const otherCompany = await insertCompany(db, { members: [otherMulti.id] });
    const admin = await insertUser(db, "Admin");
    const adminCompany = await insertCompany(db, { members: [admin.id] });

    // View: everyone sees a published event; participants only for signed-in users.
    expect((await getPublicEvent(db, null, eventId, now)).participants).toBeNull();
    expect((await getPublicEvent(db, noCompany, eventId, now)).participants).toEqual([]);
    // Unpublished: only its managers.
    await expect(getPublicEvent(db, null, scheduled, now)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getPublicEvent(db, withCompany.user, scheduled, now)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getPublicEvent(db, otherMulti, scheduled, now)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await getPublicEvent(db, admin, scheduled, now)).state).toBe("NOT_OPEN");

    // Register.
    await expect(register(null, eventId, withCompany.companyId, now)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(register(noCompany, eventId, withCompany.companyId, now)).rejects.toMatchObject({ code: "REGISTRATION_NEEDS_VERIFIED_COMPANY" });
    const own = await register(withCompany.user, eventId, withCompany.companyId, now);
    const others = await register(otherMulti, eventId, otherCompany, now);
    const organiserCompanyId = (await getPublicEvent(db, organiser, eventId, now)).registrableCompanies[0]!.id;
    const byOrganiser = await register(organiser, eventId, organiserCompanyId, now);
    const byAdmin = await register(admin, eventId, adminCompany, now);
    expect([own, others, byOrganiser, byAdmin].every((r) => r.status === "REGISTERED")).toBe(true);
    expect((await getPublicEvent(db, noCompany, eventId, now)).participants?.map((p) => p.id)).toContain(withCompany.companyId);

    // Cancel: nobody cancels someone else's registration, except the event's managers.
    const cancel = (actor: Actor, id: string) => cancelRegistration(db, actor, id, now);
    await expect(cancel(null, own.id)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(cancel(noCompany, own.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(cancel(otherMulti, own.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(cancel(withCompany.user, others.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(cancel(organiser, own.id)).resolves.toEqual({ promoted: [] });
    await expect(cancel(admin, others.id)).resolves.toEqual({ promoted: [] });
    await expect(cancel(otherMulti, byAdmin.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(cancel(admin, byAdmin.id)).resolves.toEqual({ promoted: [] });
  });
});

describe("my events", () => {
  it("lists upcoming and past registrations, and the organised events for Multiplikators", async () => {
    const { db } = handle;
    const now = new Date();
    const { eventId, multi } = await organiserEvent({}, now);
    const past = (await organiserEvent({ startsAt: new Date(now.getTime() + D), endsAt: new Date(now.getTime() + D + H) }, now)).eventId;
    const a = await participant();
    await register(a.user, eventId, a.companyId, now);
    await register(a.user, past, a.companyId, now);
    const later = new Date(now.getTime() + 2 * D);
    const mine = await getMyEvents(db, a.user, later);
    expect(mine.upcoming.map((i) => i.eventId)).toEqual([eventId]);
    expect(mine.upcoming[0]?.canCancel).toBe(true);
    expect(mine.past.map((i) => i.eventId)).toEqual([past]);
    expect(mine.organised).toEqual([]);
    expect((await getMyEvents(db, multi, now)).organised.map((e) => e.id)).toEqual([eventId]);
    await expect(getMyEvents(db, null, now)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});

describe("event detail data", () => {
  it("has organisers (main first, then further), files, counts, the own registration and distinct participating companies", async () => {
    const { db } = handle;
    const now = new Date();
    const multi = await insertUser(db, "Multiplikator");
    const main = await insertCompany(db, { name: "Zzz Hauptveranstalter", members: [multi.id] });
    const further = await insertCompany(db, { name: "Aaa Mitveranstalter" });
    const eventId = await insertEvent(db, { companyId: main, organizers: [further], maxParticipants: 5 }, now);
    const a = await participant();
    const colleague = await insertUser(db);
    await insertCompany(db, { members: [colleague.id] });
    // Two people of the same company: the company is listed once.
    await db.insert(companyUserLinks).values({ companyId: a.companyId, userId: colleague.id, status: "CONFIRMED", decidedAt: now });
    await register(a.user, eventId, a.companyId, now);
    await register(colleague, eventId, a.companyId, now);

    const detail = await getPublicEvent(db, a.user, eventId, now);
    expect(detail.organisers.map((o) => o.id)).toEqual([main, further]);
    expect(detail.counts).toEqual({ taken: 2, waiting: 0 });
    expect(detail.ownRegistration).toMatchObject({ status: "REGISTERED", companyId: a.companyId, canCancel: true });
    expect(detail.participants?.map((p) => p.id)).toEqual([a.companyId]);
    expect(detail.registrableCompanies.map((c) => c.id)).toEqual([a.companyId]);
    expect(detail.state).toBe("OPEN");
    await expect(getPublicEvent(db, null, "00000000-0000-4000-8000-000000000000", now)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
