import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventFormDefinition } from "~/schemas/event-form";
import { type DbHandle, openPostgres } from "~/server/db/client.server";
import { auditTrail, companyContacts, companyRegistrationGrants, eventRegistrations, memberRegistrations } from "~/server/db/schema";
import { cancelRegistration, registerForEvent } from "~/server/events/registrations.server";
import { listParticipants } from "~/server/participants/list.server";
import { DEFAULT_FILTER } from "~/schemas/participant-selection";
import { insertCompany, insertUser, type TestUser } from "../../../tests/support/approvals-fixtures";
import { clonePostgres, createTestDb, TEST_ENGINE } from "../../../tests/support/db";
import { insertEvent } from "../../../tests/support/event-fixtures";
import { mailsTo } from "../../../tests/support/outbox";
import {
  grantRegistration,
  grantsOverview,
  MemberAnswersFailure,
  memberCompanies,
  memberRegistrationList,
  memberTargets,
  registerMemberCompanies,
  revokeRegistrationGrant,
} from "./members.server";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

const FORM: EventFormDefinition = {
  fields: [{ id: "people", type: "number", title: { de: "Personen", cs: "Osoby" }, required: true, min: "1", max: "5" }],
};

let seq = 0;
async function contact(db: DbHandle["db"], companyId: string, name = "Kontakt") {
  const email = `kontakt.${Date.now().toString(36)}${++seq}@example.com`;
  const [row] = await db
    .insert(companyContacts)
    .values({ companyId, function: "GENERAL", name, email, phone: "+49 351 1234567", consentAt: new Date() })
    .returning({ id: companyContacts.id });
  return { id: row!.id, email };
}

/** A Multiplikator with its organisation and event, and member companies: one linked, others granting. */
async function setup(db: DbHandle["db"], o: { maxParticipants?: number | null; granting?: number } = {}) {
  const now = new Date();
  const multi = await insertUser(db, "Multiplikator");
  const organisation = await insertCompany(db, { members: [multi.id] });
  const eventId = await insertEvent(db, { companyId: organisation, form: FORM, maxParticipants: o.maxParticipants ?? null }, now);
  const linked = await insertCompany(db, { members: [multi.id], address: { country: "CZ", state: "Ústecký kraj", postalCode: "40001", districtCode: null } });
  const linkedContact = await contact(db, linked);
  const granting: Array<{ companyId: string; member: TestUser; contact: { id: string; email: string } }> = [];
  for (let i = 0; i < (o.granting ?? 2); i++) {
    const member = await insertUser(db);
    const companyId = await insertCompany(db, { members: [member.id] });
    await grantRegistration(db, member, { companyId, granteeCompanyId: organisation }, now);
    granting.push({ companyId, member, contact: await contact(db, companyId) });
  }
  return { now, multi, organisation, eventId, linked, linkedContact, granting };
}

const entry = (companyId: string, contactId: string, locale: "de" | "cs" = "de", people = "2") => ({ companyId, contactId, locale, answers: { people } });

describe(`member companies (${TEST_ENGINE})`, () => {
  it("are the linked companies and those that granted the Multiplikator's organisation; a revoked grant ends it", async () => {
    const { db } = handle;
    const s = await setup(db);
    const members = await memberCompanies(db, s.multi);
    expect(members.map((m) => m.id).sort()).toEqual([s.linked, s.organisation, ...s.granting.map((g) => g.companyId)].sort());

    const g = s.granting[0]!;
    const overview = await grantsOverview(db, g.member);
    const [grant] = overview.companies[0]!.grants;
    expect(grant?.granteeId).toBe(s.organisation);
    // Nobody else revokes it: not found.
    await expect(revokeRegistrationGrant(db, s.multi, grant!.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await revokeRegistrationGrant(db, g.member, grant!.id);
    await revokeRegistrationGrant(db, g.member, grant!.id); // twice changes nothing
    expect((await memberCompanies(db, s.multi)).map((m) => m.id)).not.toContain(g.companyId);
    const rows = await db.select().from(companyRegistrationGrants).where(eq(companyRegistrationGrants.companyId, g.companyId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.revokedBy).toBe(g.member.id);
    const audit = await db.select().from(auditTrail).where(eq(auditTrail.userId, g.member.id));
    expect(audit.map((a) => a.details?.["change"]).sort()).toEqual(["granted", "revoked"]);

    // Granting to a company without Multiplikators, to itself, or for a company one is not a member of: refused.
    const plain = await insertCompany(db);
    await expect(grantRegistration(db, g.member, { companyId: g.companyId, granteeCompanyId: plain })).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(grantRegistration(db, g.member, { companyId: g.companyId, granteeCompanyId: g.companyId })).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(grantRegistration(db, s.multi, { companyId: g.companyId, granteeCompanyId: s.organisation })).rejects.toMatchObject({ code: "NOT_FOUND" });
    // Granted again: a new live grant (the revoked one stays as history); twice is still one.
    await grantRegistration(db, g.member, { companyId: g.companyId, granteeCompanyId: s.organisation });
    await grantRegistration(db, g.member, { companyId: g.companyId, granteeCompanyId: s.organisation });
    expect(await db.select().from(companyRegistrationGrants).where(eq(companyRegistrationGrants.companyId, g.companyId))).toHaveLength(2);
    expect((await memberCompanies(db, s.multi)).map((m) => m.id)).toContain(g.companyId);
  });

  it("only a Multiplikator registers, and only member companies with their own contacts; nothing changes otherwise", async () => {
    const { db } = handle;
    const s = await setup(db);
    const stranger = await insertCompany(db);
    const strangerContact = await contact(db, stranger);
    const g = s.granting[0]!;
    await expect(registerMemberCompanies(db, s.multi, { eventId: s.eventId, entries: [entry(g.companyId, g.contact.id), entry(stranger, strangerContact.id)] }, s.now)).rejects.toMatchObject({
      code: "REGISTRATION_COMPANY_INVALID",
    });
    // A contact of another company.
    await expect(registerMemberCompanies(db, s.multi, { eventId: s.eventId, entries: [entry(g.companyId, s.linkedContact.id)] }, s.now)).rejects.toMatchObject({ code: "INVALID_INPUT" });
    // The same company twice.
    await expect(registerMemberCompanies(db, s.multi, { eventId: s.eventId, entries: [entry(g.companyId, g.contact.id), entry(g.companyId, g.contact.id)] }, s.now)).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
    // An Organisation user (here a member of a granting company) gets nothing new.
    await expect(registerMemberCompanies(db, g.member, { eventId: s.eventId, entries: [entry(g.companyId, g.contact.id)] }, s.now)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await memberCompanies(db, g.member)).toEqual([]);
    await expect(memberRegistrationList(db, g.member)).rejects.toMatchObject({ code: "FORBIDDEN" });
    // Answers are checked per company; one company's invalid answer registers nobody.
    const failure = await registerMemberCompanies(db, s.multi, { eventId: s.eventId, entries: [entry(g.companyId, g.contact.id), entry(s.linked, s.linkedContact.id, "cs", "9")] }, s.now).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(MemberAnswersFailure);
    expect((failure as MemberAnswersFailure).errors).toEqual({ [s.linked]: { people: "NUMBER_ABOVE_MAX" } });
    expect(await db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, s.eventId))).toHaveLength(0);
  });

  it("applies capacity and the waiting list per company, refuses a company already registered, mails each contact in its language", async () => {
    const { db } = handle;
    const s = await setup(db, { maxParticipants: 2, granting: 3 });
    const [a, b, c] = s.granting as [(typeof s.granting)[0], (typeof s.granting)[0], (typeof s.granting)[0]];
    // One granting company's own member registers first (through the single registration).
    await registerForEvent(db, a.member, { eventId: s.eventId, companyId: a.companyId, answers: { people: "1" }, locale: "de" }, s.now);
    const targets = await memberTargets(db, s.multi, s.eventId);
    expect(targets.find((t) => t.id === a.companyId)?.registered).toBe("REGISTERED");
    expect(targets.find((t) => t.id === s.linked)?.defaultLocale).toBe("cs");
    expect(targets.find((t) => t.id === b.companyId)?.defaultLocale).toBe("de");

    const outcomes = await registerMemberCompanies(
      db,
      s.multi,
      { eventId: s.eventId, formVersion: 1, entries: [entry(a.companyId, a.contact.id), entry(s.linked, s.linkedContact.id, "cs"), entry(b.companyId, b.contact.id), entry(c.companyId, c.contact.id)] },
      s.now,
    );
    expect(outcomes.map((o) => [o.companyId, o.outcome])).toEqual([
      [a.companyId, "REFUSED"],
      [s.linked, "REGISTERED"],
      [b.companyId, "WAITING"],
      [c.companyId, "WAITING"],
    ]);
    const rows = await db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, s.eventId));
    expect(rows.filter((r) => r.status === "REGISTERED")).toHaveLength(2);
    const linkedRow = rows.find((r) => r.companyId === s.linked)!;
    expect(linkedRow).toMatchObject({ userId: null, locale: "cs", answers: { people: "2" } });
    const [member] = await db.select().from(memberRegistrations).where(eq(memberRegistrations.registrationId, linkedRow.id));
    expect(member).toMatchObject({ registeredBy: s.multi.id, contactId: s.linkedContact.id, contactEmail: s.linkedContact.email });

    expect((await mailsTo(s.linkedContact.email)).map((m) => m.subject)).toEqual(["Vaše přihláška je potvrzena"]);
    expect((await mailsTo(s.linkedContact.email))[0]?.attachments?.[0]?.contentType).toContain("text/calendar");
    expect((await mailsTo(b.contact.email)).map((m) => m.subject)).toEqual(["Sie stehen auf der Warteliste"]);
    expect(await mailsTo(a.contact.email)).toEqual([]);

    // The organiser's participant list names the contact person of a member registration.
    const participants = await listParticipants(db, s.multi, s.eventId, { filter: { ...DEFAULT_FILTER }, ids: [] });
    expect(participants.rows.find((r) => r.id === linkedRow.id)).toMatchObject({ personName: "Kontakt", email: s.linkedContact.email });

    // A freed place goes to the first waiting company, and its contact hears of it.
    const own = rows.find((r) => r.companyId === a.companyId)!;
    await cancelRegistration(db, a.member, own.id, s.now);
    const [promoted] = await db.select().from(eventRegistrations).where(and(eq(eventRegistrations.eventId, s.eventId), eq(eventRegistrations.companyId, b.companyId)));
    expect(promoted?.status).toBe("REGISTERED");
    expect((await mailsTo(b.contact.email)).map((m) => m.subject)).toContain("Ein Platz ist frei geworden – Sie sind angemeldet");

    // The Multiplikator's list: its members' registrations, also the one a member made itself.
    const list = await memberRegistrationList(db, s.multi, { eventId: s.eventId });
    expect(list.rows).toHaveLength(4);
    expect(list.rows.find((r) => r.companyName && r.id === linkedRow.id)).toMatchObject({ contact: "Kontakt", status: "REGISTERED", byMe: true });
    expect(list.rows.find((r) => r.id === own.id)).toMatchObject({ status: "CANCELLED", byMe: false });
    expect(list.events.map((e) => e.id)).toEqual([s.eventId]);
    // The Multiplikator cancels a registration it made (another Multiplikator cannot: not found);
    // the contact hears of it, in the registration's language.
    const other = await insertUser(db, "Multiplikator");
    await expect(cancelRegistration(db, other, linkedRow.id, s.now)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await cancelRegistration(db, s.multi, linkedRow.id, s.now);
    expect((await mailsTo(s.linkedContact.email)).map((m) => m.subject)).toContain("Vaše přihláška byla zrušena");
    // An admin oversees the registrations Multiplikators made (not the companies' own).
    const admin = await insertUser(db, "Admin");
    const overseen = await memberRegistrationList(db, admin, { eventId: s.eventId });
    expect(overseen.rows.map((r) => r.id).sort()).toEqual(rows.filter((r) => r.companyId !== a.companyId).map((r) => r.id).sort());
  });

  it("refuses a closed event as a whole", async () => {
    const { db } = handle;
    const s = await setup(db);
    const closed = await insertEvent(db, { companyId: s.organisation, form: FORM, registrationDeadline: new Date(s.now.getTime() - 1000) }, s.now);
    const g = s.granting[0]!;
    await expect(registerMemberCompanies(db, s.multi, { eventId: closed, entries: [entry(g.companyId, g.contact.id)] }, s.now)).rejects.toMatchObject({ code: "REGISTRATION_CLOSED" });
  });

  it.skipIf(TEST_ENGINE !== "postgres")(
    "a batch racing single registrations for the last places never exceeds the capacity (two app instances)",
    async () => {
      const clone = await clonePostgres();
      const [one, two] = [await openPostgres(clone.url), await openPostgres(clone.url)];
      try {
        for (let round = 0; round < 5; round++) {
          const s = await setup(one.db, { maxParticipants: 3, granting: 3 });
          // Two places taken; one left.
          for (let i = 0; i < 2; i++) {
            const user = await insertUser(one.db);
            await registerForEvent(one.db, user, { eventId: s.eventId, companyId: await insertCompany(one.db, { members: [user.id] }), answers: { people: "1" }, locale: "de" }, s.now);
          }
          const singles = await Promise.all(
            Array.from({ length: 3 }, async () => {
              const user = await insertUser(one.db);
              return { user, companyId: await insertCompany(one.db, { members: [user.id] }) };
            }),
          );
          const entries = s.granting.map((g) => entry(g.companyId, g.contact.id));
          const [batch, ...single] = await Promise.all([
            registerMemberCompanies(two.db, s.multi, { eventId: s.eventId, entries }, s.now),
            ...singles.map((p, i) => registerForEvent((i % 2 ? one : two).db, p.user, { eventId: s.eventId, companyId: p.companyId, answers: { people: "1" }, locale: "de" }, s.now)),
          ]);
          const rows = await one.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, s.eventId));
          expect(rows).toHaveLength(8);
          expect(rows.filter((r) => r.status === "REGISTERED")).toHaveLength(3);
          const won = batch.filter((o) => o.outcome === "REGISTERED").length + single.filter((r) => r.status === "REGISTERED").length;
          expect(won).toBe(1);
          expect(batch.filter((o) => o.outcome === "REFUSED")).toEqual([]);
        }
      } finally {
        await one.close();
        await two.close();
        await clone.drop();
      }
    },
    120_000,
  );
});
