import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCompany, insertUser, type TestUser } from "../../../tests/support/approvals-fixtures";
import { b2bScenario, roundRobin, storeSchedule } from "../../../tests/support/b2b-fixtures";
import { clonePostgres, createTestDb, TEST_ENGINE } from "../../../tests/support/db";
import { insertEvent } from "../../../tests/support/event-fixtures";
import { type DbHandle, openPostgres } from "~/server/db/client.server";
import {
  auditTrail,
  b2bMeetings,
  b2bPlans,
  b2bPreferenceLists,
  b2bPreferences,
  b2bRuns,
  companies,
  companyAddresses,
  companyServices,
  eventRegistrations,
  events,
  invoices,
  news,
  participantMailings,
  participantMailRecipients,
  searchDocuments,
} from "~/server/db/schema";
import { loadEventRelation } from "~/server/events/relation.server";
import { listPublicEvents } from "~/server/events/list.server";
import { parseEventListParams } from "~/schemas/event-list";
import { getMyEvents } from "~/server/events/my-events.server";
import { registerForEvent } from "~/server/events/registrations.server";
import { deleteEvent, restoreEvent } from "~/server/events/manage.server";
import type { FilePrefix } from "~/server/storage/file-kinds";
import { LocalDiskStorage, newStorageKey } from "~/server/storage/storage.server";
import { getCompanyDetail } from "./detail.server";
import { deleteCompany, deletionImpact, restoreCompany } from "./deletion.server";
import { memberCompanies } from "./membership.server";
import { purgeDeletedCompanies } from "./purge.server";
import { writeEventNotices } from "./event-notices.server";
import { listCompanyDatabase } from "./company-database.server";

/**
 * The company deletion lifecycle (decision 026) on both engines: the impact shown before, the soft
 * delete hiding profile, events and news, the cancellation mails in each registrant's language,
 * the restore that brings everything back exactly, the purge after 30 days that keeps invoices and
 * audit entries, and (PostgreSQL) a registration racing the delete.
 */

const DAY = 86_400_000;
const storage = new LocalDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), "pn-delete-")));
async function storedFile(prefix: FilePrefix): Promise<string> {
  const key = newStorageKey(prefix, "webp");
  await storage.put(key, Buffer.from("image"), "image/webp");
  return key;
}

let handle: DbHandle;
let admin: TestUser;
beforeAll(async () => {
  handle = await createTestDb();
  admin = await insertUser(handle.db, "Admin");
});
afterAll(() => handle.close());

async function companyWithMember(name: string, member: TestUser, files: { logo?: string; adImage?: string } = {}): Promise<string> {
  const id = await insertCompany(handle.db, { name, members: [member.id] });
  await handle.db.update(companies).set({ logoKey: files.logo ?? null }).where(eq(companies.id, id));
  await handle.db.insert(companyServices).values({
    companyId: id,
    type: "OFFER",
    title: "Angebot",
    description: "Text",
    keywords: ["a"],
    termsUrl: "https://example.org/agb",
    validityDays: 30,
    validUntil: new Date(Date.now() + DAY),
    imageKey: files.adImage ?? null,
  });
  return id;
}

describe("deleting a profile", () => {
  it("needs the name and a member or admin; the profile is hidden at once (404, search, account), its rows and files stay for a restore", async () => {
    const member = await insertUser(handle.db);
    const other = await insertUser(handle.db);
    const files = { logo: await storedFile("logos"), adImage: await storedFile("services") };
    const id = await companyWithMember("Löschbar GmbH", member, files);
    expect(await handle.db.select().from(searchDocuments).where(eq(searchDocuments.companyId, id))).not.toHaveLength(0);

    await expect(deleteCompany(handle.db, member, id, "Falscher Name")).rejects.toMatchObject({ code: "DELETE_CONFIRMATION_MISMATCH" });
    await expect(deleteCompany(handle.db, other, id, "Löschbar GmbH")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(deleteCompany(handle.db, null, id, "Löschbar GmbH")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(deleteCompany(handle.db, { id: other.id, role: "Multiplikator" }, id, "Löschbar GmbH")).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await handle.db.select().from(companies).where(eq(companies.id, id)))[0]?.deletedAt).toBeNull();

    await deleteCompany(handle.db, member, id, "  löschbar gmbh ");
    const [row] = await handle.db.select().from(companies).where(eq(companies.id, id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.deletedBy).toBe(member.id);
    for (const actor of [null, member, admin]) await expect(getCompanyDetail(handle.db, actor, id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await handle.db.select().from(searchDocuments).where(eq(searchDocuments.companyId, id))).toHaveLength(0);
    expect((await memberCompanies(handle.db, member.id)).map((c) => c.id)).not.toContain(id);
    await expect(deleteCompany(handle.db, admin, id, "Löschbar GmbH")).rejects.toMatchObject({ code: "NOT_FOUND" });
    // Nothing else changed: addresses, ads and files wait for the restore or the purge.
    expect(await handle.db.select().from(companyAddresses).where(eq(companyAddresses.companyId, id))).toHaveLength(1);
    expect(await handle.db.select().from(companyServices).where(eq(companyServices.companyId, id))).toHaveLength(1);
    expect(await storage.get(files.logo)).not.toBeNull();

    // The admin's company database lists it as deleted, restorable for 30 days; restoring brings it back into search.
    const listed = await listCompanyDatabase(handle.db, admin, { q: "Löschbar", state: "DELETED", page: 1 });
    expect(listed.items.map((c) => c.id)).toEqual([id]);
    expect(listed.items[0]!.restorableUntil!.getTime()).toBe(row!.deletedAt!.getTime() + 30 * DAY);
    expect((await listCompanyDatabase(handle.db, admin, { q: "Löschbar", state: "ALL", page: 1 })).items).toHaveLength(0);
    await expect(listCompanyDatabase(handle.db, member, { q: "", state: "ALL", page: 1 })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(restoreCompany(handle.db, member, id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await restoreCompany(handle.db, admin, id);
    await expect(restoreCompany(handle.db, admin, id)).rejects.toMatchObject({ code: "ALREADY_HANDLED" });
    expect((await getCompanyDetail(handle.db, null, id)).company.name).toBe("Löschbar GmbH");
    expect(await handle.db.select().from(searchDocuments).where(eq(searchDocuments.companyId, id))).not.toHaveLength(0);
  });

  it("unknown ids are not found", async () => {
    await expect(deleteCompany(handle.db, admin, "not-a-uuid", "x")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(restoreCompany(handle.db, admin, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

/** Everything of the organiser's events that a restore must bring back unchanged. */
async function snapshot(companyId: string, eventIds: string[]) {
  const order = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
  return {
    events: await handle.db.select().from(events).where(eq(events.companyId, companyId)).orderBy(asc(events.id)),
    registrations: order(await handle.db.select().from(eventRegistrations).where(inArray(eventRegistrations.eventId, eventIds))),
    lists: await handle.db.select().from(b2bPreferenceLists).where(inArray(b2bPreferenceLists.eventId, eventIds)).orderBy(asc(b2bPreferenceLists.companyId)),
    wishes: await handle.db.select().from(b2bPreferences).where(inArray(b2bPreferences.eventId, eventIds)).orderBy(asc(b2bPreferences.companyId), asc(b2bPreferences.partnerCompanyId)),
    plans: await handle.db.select().from(b2bPlans).where(inArray(b2bPlans.eventId, eventIds)),
    runs: order(await handle.db.select().from(b2bRuns).where(inArray(b2bRuns.eventId, eventIds))),
    meetings: (await handle.db.select().from(b2bMeetings).innerJoin(b2bRuns, eq(b2bRuns.id, b2bMeetings.runId)).where(inArray(b2bRuns.eventId, eventIds)))
      .map((m) => m.b2b_meetings)
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    news: await handle.db.select().from(news).where(eq(news.companyId, companyId)).orderBy(asc(news.id)),
    invoices: order(await handle.db.select().from(invoices).where(inArray(invoices.eventId, eventIds))),
  };
}

async function recipientsOf(eventId: string, audience: "CANCELLED" | "RESTORED") {
  return handle.db
    .select({ email: participantMailRecipients.email, locale: participantMailRecipients.locale, status: participantMailRecipients.status, subjectDe: participantMailings.subjectDe, bodyDe: participantMailings.bodyDe, subjectCs: participantMailings.subjectCs, bodyCs: participantMailings.bodyCs })
    .from(participantMailRecipients)
    .innerJoin(participantMailings, eq(participantMailings.id, participantMailRecipients.mailingId))
    .where(and(eq(participantMailings.eventId, eventId), eq(participantMailings.audience, audience)))
    .orderBy(asc(participantMailRecipients.email));
}

function invoiceRow(eventId: string, sender: string, recipientCompanyId: string, number: string) {
  const party = { name: "Partei", line1: "Weg 1", postalCode: "01067", city: "Dresden", country: "DE" as const };
  return {
    eventId,
    senderCompanyId: sender,
    sequenceCompanyId: sender,
    number,
    recipientCompanyId,
    recipient: { ...party, name: "Empfänger s.r.o." },
    sender: { ...party, name: "Veranstalter GmbH" },
    locale: "cs" as const,
    issueDate: "2026-11-24",
    periodFrom: "2026-12-15",
    periodTo: "2026-12-15",
    eventTitle: "B2B burza",
    participantCount: 1,
    unitPriceMinor: 10_000,
    currency: "EUR" as const,
    vatRateBp: 1900,
    netMinor: 10_000,
    vatMinor: 1_900,
    totalMinor: 11_900,
    paymentTermsDays: 14,
  };
}

describe("an organiser company with a populated B2B event, a past event, news and invoices", () => {
  it("shows the impact, hides everything, mails registrants in their language, restores exactly, and the purge after 30 days keeps invoices and audit", async () => {
    const now = new Date();
    const world = await b2bScenario(handle.db, { companies: 4 }, now);
    const { organiser, organiserCompany: company, eventId, companies: participants } = world;
    await storeSchedule(handle.db, eventId, roundRobin(participants));
    const [a, b, c] = participants as [(typeof participants)[0], (typeof participants)[0], (typeof participants)[0]];
    await handle.db.insert(b2bPreferenceLists).values([{ eventId, companyId: a.id, submittedBy: a.user.id }, { eventId, companyId: b.id, submittedBy: b.user.id }]);
    await handle.db.insert(b2bPreferences).values([
      { eventId, companyId: a.id, partnerCompanyId: b.id, rank: 1, excluded: false },
      { eventId, companyId: a.id, partnerCompanyId: c.id, rank: null, excluded: true },
      { eventId, companyId: b.id, partnerCompanyId: a.id, rank: 1, excluded: false },
    ]);
    const pastEvent = await insertEvent(handle.db, { companyId: company, startsAt: new Date(now.getTime() - 20 * DAY), publishAt: new Date(now.getTime() - 40 * DAY) }, now);
    await handle.db.insert(eventRegistrations).values({ eventId: pastEvent, companyId: a.id, userId: a.user.id, status: "ATTENDED", formVersion: 1, answers: {}, locale: "de" });
    const imageKey = await storedFile("news");
    await handle.db.insert(news).values({ companyId: company, authorName: "Olga", titleDe: "Neu", titleCs: "Nové", descriptionDe: "<p>x</p>", descriptionCs: "<p>x</p>", imageKey, publishAt: new Date(now.getTime() - DAY) });
    const [invoice] = await handle.db.insert(invoices).values(invoiceRow(eventId, company, a.id, "2026-001")).returning();
    const [cancellation] = await handle.db
      .insert(invoices)
      .values({ ...invoiceRow(eventId, company, a.id, "2026-002"), kind: "CANCELLATION", cancelsInvoiceId: invoice!.id, netMinor: -10_000, vatMinor: -1_900, totalMinor: -11_900 })
      .returning();

    expect(await deletionImpact(handle.db, organiser, company, now)).toEqual({ upcomingEvents: 1, pastEvents: 1, otherRegistrations: 5, b2bPlans: 1, news: 1, invoices: 2 });
    await expect(deletionImpact(handle.db, a.user, company, now)).rejects.toMatchObject({ code: "FORBIDDEN" });
    const before = await snapshot(company, [eventId, pastEvent]);

    const deletedAt = new Date(now.getTime() + 1000);
    await deleteCompany(handle.db, organiser, company, (await handle.db.select().from(companies).where(eq(companies.id, company)))[0]!.name, deletedAt);

    // Gone for everyone: the event pages, the public list, the participants' "my events".
    for (const id of [eventId, pastEvent]) await expect(loadEventRelation(handle.db, admin, id, deletedAt)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const listed = await listPublicEvents(handle.db, parseEventListParams(new URLSearchParams()).query, "de", deletedAt);
    expect(listed.items.map((e) => e.id)).not.toContain(eventId);
    const mine = await getMyEvents(handle.db, a.user, deletedAt);
    expect(JSON.stringify(mine)).not.toContain(eventId);

    // One cancellation per registrant of the upcoming event, in the language they registered in; B2B: the agenda is void.
    const cancelled = await recipientsOf(eventId, "CANCELLED");
    expect(cancelled.map((r) => [r.email, r.locale, r.status])).toEqual(
      participants.map((p) => [p.user.email, p.user.locale, "PENDING"]).sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
    expect(cancelled[0]!.subjectDe).toBe("Abgesagt: B2B-Börse Straße der Wirtschaft");
    expect(cancelled[0]!.subjectCs).toBe("Zrušeno: B2B burza v Ústí nad Labem");
    expect(cancelled[0]!.bodyDe).toContain("Ihr B2B-Gesprächsplan für diese Veranstaltung gilt damit nicht mehr");
    expect(cancelled[0]!.bodyCs).toContain("Váš program B2B schůzek pro tuto akci tím přestává platit");
    expect(await recipientsOf(pastEvent, "CANCELLED")).toHaveLength(0);
    // Idempotent per deletion: writing the notices again (a retry) adds no mailing and no recipient.
    expect(await writeEventNotices(handle.db, "CANCELLED", [eventId], `company:${deletedAt.toISOString()}`, null, deletedAt)).toEqual([]);
    expect(await recipientsOf(eventId, "CANCELLED")).toHaveLength(4);

    // Restore within 30 days: everything exactly as before, and those told hear it is back.
    await restoreCompany(handle.db, admin, company, new Date(deletedAt.getTime() + 10 * DAY));
    expect(await snapshot(company, [eventId, pastEvent])).toEqual(before);
    const back = await recipientsOf(eventId, "RESTORED");
    expect(back.map((r) => r.email)).toEqual(cancelled.map((r) => r.email));
    expect(back[0]!.subjectCs).toBe("Akce se opět koná: B2B burza v Ústí nad Labem");
    expect(back[0]!.bodyDe).toContain("Ihr B2B-Gesprächsplan gilt wieder unverändert.");
    expect(await recipientsOf(eventId, "CANCELLED")).toHaveLength(4);

    // Deleted again; no restore after 30 days; the purge keeps the invoices (with their data) and the audit trail.
    const again = new Date(deletedAt.getTime() + 11 * DAY);
    await deleteCompany(handle.db, admin, company, (await handle.db.select().from(companies).where(eq(companies.id, company)))[0]!.name, again);
    expect(await recipientsOf(eventId, "CANCELLED")).toHaveLength(8);
    await expect(restoreCompany(handle.db, admin, company, new Date(again.getTime() + 30 * DAY))).rejects.toMatchObject({ code: "COMPANY_RESTORE_EXPIRED" });
    expect(await purgeDeletedCompanies(handle.db, storage, new Date(again.getTime() + 29 * DAY))).toBe(0);
    expect(await purgeDeletedCompanies(handle.db, storage, new Date(again.getTime() + 31 * DAY))).toBe(1);
    expect(await handle.db.select().from(companies).where(eq(companies.id, company))).toHaveLength(0);
    expect(await handle.db.select().from(events).where(inArray(events.id, [eventId, pastEvent]))).toHaveLength(0);
    expect(await storage.get(imageKey)).toBeNull();
    const kept = await handle.db.select().from(invoices).where(inArray(invoices.id, [invoice!.id, cancellation!.id])).orderBy(asc(invoices.number));
    const strip = ({ eventId: _e, senderCompanyId: _s, ...rest }: typeof invoices.$inferSelect) => rest;
    expect(kept.map(strip)).toEqual([invoice!, cancellation!].map(strip));
    expect(kept.map((i) => [i.eventId, i.senderCompanyId])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(kept[1]!.cancelsInvoiceId).toBe(invoice!.id);
    const audit = await handle.db.select().from(auditTrail).where(sql`${auditTrail.details}->>'companyId' = ${company}`);
    expect(audit.map((e) => (e.details as { part?: string }).part)).toEqual(expect.arrayContaining(["deleted", "restored", "purged"]));
    // The participants' own profiles are untouched.
    expect(await handle.db.select().from(companies).where(inArray(companies.id, participants.map((p) => p.id)))).toHaveLength(4);
  });

  it("an upcoming event deleted by its organiser: one cancellation per registrant; an admin's restore tells them it is back", async () => {
    const now = new Date();
    const world = await b2bScenario(handle.db, { companies: 2, b2b: false }, now);
    await deleteEvent(handle.db, world.organiser, world.eventId, now);
    const cancelled = await recipientsOf(world.eventId, "CANCELLED");
    expect(cancelled.map((r) => r.locale).sort()).toEqual(["cs", "de"]);
    expect(cancelled[0]!.bodyDe).not.toContain("Gesprächsplan");
    await restoreEvent(handle.db, admin, world.eventId, new Date(now.getTime() + DAY));
    expect(await recipientsOf(world.eventId, "RESTORED")).toHaveLength(2);
    expect(await recipientsOf(world.eventId, "CANCELLED")).toHaveLength(2);
  });
});

describe("a participant company purged after 30 days", () => {
  it("stays in the other organiser's participant list and B2B plan as a tombstone; everything else of it is gone", async () => {
    const now = new Date();
    const world = await b2bScenario(handle.db, { companies: 4 }, now);
    await storeSchedule(handle.db, world.eventId, roundRobin(world.companies));
    const [gone, other] = world.companies as [(typeof world.companies)[0], (typeof world.companies)[0]];
    // The participant also organises an event of its own, with a registration of another company.
    const ownEvent = await insertEvent(handle.db, { companyId: gone.id, startsAt: new Date(now.getTime() + 5 * DAY), publishAt: new Date(now.getTime() - DAY) }, now);
    await handle.db.insert(eventRegistrations).values({ eventId: ownEvent, companyId: other.id, userId: other.user.id, status: "REGISTERED", formVersion: 1, answers: {}, locale: "de" });
    const name = (await handle.db.select().from(companies).where(eq(companies.id, gone.id)))[0]!.name;
    const meetingsBefore = await handle.db.select().from(b2bMeetings).where(sql`${gone.id} IN (${b2bMeetings.companyA}, ${b2bMeetings.companyB})`).orderBy(asc(b2bMeetings.id));
    expect(meetingsBefore.length).toBeGreaterThan(0);

    const deletedAt = new Date(now.getTime() + 1000);
    await deleteCompany(handle.db, admin, gone.id, name, deletedAt);
    expect(await purgeDeletedCompanies(handle.db, storage, new Date(deletedAt.getTime() + 31 * DAY))).toBe(1);

    // The tombstone: name and headquarters town, country and region; no street, description, website, members or ads.
    const [row] = await handle.db.select().from(companies).where(eq(companies.id, gone.id));
    expect(row).toMatchObject({ name, descriptionDe: "", descriptionCs: "", website: "", logoKey: null });
    expect(row!.deletedAt).not.toBeNull();
    expect(row!.purgedAt).not.toBeNull();
    const addresses = await handle.db.select().from(companyAddresses).where(eq(companyAddresses.companyId, gone.id));
    expect(addresses.map((a) => [a.kind, a.line1, a.city, a.country])).toEqual([["HEADQUARTERS", "", "Dresden", "DE"]]);
    expect(await handle.db.select().from(companyServices).where(eq(companyServices.companyId, gone.id))).toHaveLength(0);
    expect(await memberCompanies(handle.db, gone.user.id)).toEqual([]);
    // The other organiser's records keep it: the registration and every B2B meeting.
    const [registration] = await handle.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, gone.registrationId));
    expect(registration!.companyId).toBe(gone.id);
    expect(await handle.db.select().from(b2bMeetings).where(sql`${gone.id} IN (${b2bMeetings.companyA}, ${b2bMeetings.companyB})`).orderBy(asc(b2bMeetings.id))).toEqual(meetingsBefore);
    // Its own event went, with the registration in it.
    expect(await handle.db.select().from(events).where(eq(events.id, ownEvent))).toHaveLength(0);
    // Hidden as before, not restorable, and not purged again.
    await expect(getCompanyDetail(handle.db, null, gone.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(restoreCompany(handle.db, admin, gone.id, new Date(deletedAt.getTime() + 32 * DAY))).rejects.toMatchObject({ code: "COMPANY_RESTORE_EXPIRED" });
    expect(await purgeDeletedCompanies(handle.db, storage, new Date(deletedAt.getTime() + 40 * DAY))).toBe(0);
    const purged = await handle.db.select().from(auditTrail).where(sql`${auditTrail.details}->>'companyId' = ${gone.id} AND ${auditTrail.details}->>'part' = 'purged'`);
    expect(purged.map((e) => (e.details as { tombstone?: boolean }).tombstone)).toEqual([true]);
  });
});

describe.skipIf(TEST_ENGINE !== "postgres")("a registration racing the company deletion (PostgreSQL)", () => {
  it("is either refused or in the mailing, never silently in a deleted event", async () => {
    const clone = await clonePostgres();
    const [one, two] = [await openPostgres(clone.url), await openPostgres(clone.url)];
    const holder = new pg.Client({ connectionString: clone.url });
    await holder.connect();
    try {
      for (let round = 0; round < 6; round++) {
        const now = new Date();
        const organiser = await insertUser(one.db, "Multiplikator");
        const name = `Rennen ${round} GmbH`;
        const company = await insertCompany(one.db, { name, members: [organiser.id] });
        const eventId = await insertEvent(one.db, { companyId: company }, now);
        const early = await insertUser(one.db);
        const earlyCompany = await insertCompany(one.db, { members: [early.id] });
        await registerForEvent(one.db, early, { eventId, companyId: earlyCompany, answers: {}, locale: "cs" }, now);
        const racer = await insertUser(one.db);
        const racerCompany = await insertCompany(one.db, { members: [racer.id] });

        // Both requests pass their checks, then queue for the event row the holder keeps locked.
        await holder.query("BEGIN");
        await holder.query("SELECT 1 FROM events WHERE id = $1 FOR UPDATE", [eventId]);
        const del = () => deleteCompany(one.db, organiser, company, name, now).then(() => "deleted" as const);
        const reg = () => registerForEvent(two.db, racer, { eventId, companyId: racerCompany, answers: {}, locale: "de" }, now).then(() => "registered" as const, (e: { code?: string }) => e.code ?? "error");
        const pause = () => new Promise((r) => setTimeout(r, 60));
        const [first, second] = round % 2 ? [del, reg] : [reg, del];
        const p1 = first();
        await pause();
        const p2 = second();
        await pause();
        await holder.query("COMMIT");
        const results = await Promise.all([p1, p2]);
        const registration = results.find((r) => r !== "deleted");
        expect(results).toContain("deleted");
        expect(["registered", "NOT_FOUND"]).toContain(registration);

        const live = await one.db.select({ userId: eventRegistrations.userId }).from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId));
        const mailed = await one.db
          .select({ email: participantMailRecipients.email })
          .from(participantMailRecipients)
          .innerJoin(participantMailings, eq(participantMailings.id, participantMailRecipients.mailingId))
          .where(eq(participantMailings.eventId, eventId));
        // Every registration that exists was told; the refused one left nothing behind.
        expect(mailed).toHaveLength(live.length);
        expect(live).toHaveLength(registration === "registered" ? 2 : 1);
        if (registration === "registered") expect(mailed.map((m) => m.email)).toContain(racer.email);
      }
    } finally {
      await holder.end();
      await one.close();
      await two.close();
      await clone.drop();
    }
  }, 60_000);
});
