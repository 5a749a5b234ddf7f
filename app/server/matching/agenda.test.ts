import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "~/server/db/client.server";
import { b2bPlans, participantMailings, participantMailRecipients } from "~/server/db/schema";
import { getMyEvents } from "~/server/events/my-events.server";
import type { OutgoingMail } from "~/server/mail/mailer.server";
import { runMailing } from "~/server/participants/mail-delivery.server";
import { LocalDiskStorage } from "~/server/storage/storage.server";
import { insertCompany, insertUser } from "../../../tests/support/approvals-fixtures";
import { b2bScenario, roundRobin, storeSchedule } from "../../../tests/support/b2b-fixtures";
import { createTestDb } from "../../../tests/support/db";
import { outcome, parsePdf } from "../../../tests/support/document-fixtures";
import { insertEvent } from "../../../tests/support/event-fixtures";
import { agendaIcs, agendaPdf } from "./agenda-documents.server";
import { agendaMailingId, notifyAgendaChanges } from "./agenda-mail.server";
import { agendaForEventPage, loadAgenda } from "./agenda.server";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle?.close());

const storage = new LocalDiskStorage(path.join(process.env.MAIL_OUTBOX_DIR!, "..", `pn-agenda-files-${process.pid}`));

describe("loadAgenda", () => {
  it("lists the company's meetings by round of the published run: time, table name, partner with contact, ranks; free rounds as pauses", async () => {
    const db = handle.db;
    const s = await b2bScenario(db, { rounds: 4 });
    const [a, b, c, d] = s.companies;
    await storeSchedule(db, s.eventId, roundRobin(s.companies));
    const agenda = (await loadAgenda(db, a!.user, s.eventId))!;
    expect(agenda.company).toEqual({ id: a!.id, name: "Weiß Straßenbau GmbH" });
    expect(agenda.choices).toEqual([{ id: a!.id, name: "Weiß Straßenbau GmbH" }]);
    expect(agenda.meetingCount).toBe(3);
    expect(agenda.items.map((i) => [i.round, i.meeting?.partner.name ?? "Pause", i.meeting?.tableName ?? null])).toEqual([
      [1, b!.name, "Elbe"],
      [2, c!.name, "Elbe"],
      [3, d!.name, "Elbe"],
      [4, "Pause", null],
    ]);
    const first = agenda.items[0]!;
    expect(first.startsAt).toBe(s.roundStarts[0]);
    expect(Date.parse(first.endsAt!) - Date.parse(first.startsAt!)).toBe(20 * 60_000);
    expect(first.meeting).toMatchObject({
      table: 1,
      ownRank: 1,
      partnerRank: 1,
      partner: { id: b!.id, city: "Ústí nad Labem", country: "CZ", profileLinked: true, contactName: "Jana Dvořáková", contactEmail: b!.user.email },
    });
    // The other side of a meeting sees the ranks the other way round, and table 3 has no label.
    const cAgenda = (await loadAgenda(db, c!.user, s.eventId))!;
    expect(cAgenda.items[1]!.meeting).toMatchObject({ ownRank: 3, partnerRank: 2, partner: { id: a!.id } });
    expect(cAgenda.items[0]!.meeting!.tableName).toBe("Labe");
    const bAgenda = (await loadAgenda(db, b!.user, s.eventId))!;
    expect(bAgenda.items[1]!.meeting!.tableName).toBe("Labe");
  });

  it("shows nothing while no schedule is published (the organiser's current run stays private)", async () => {
    const db = handle.db;
    const s = await b2bScenario(db);
    expect(await loadAgenda(db, s.companies[0]!.user, s.eventId)).toBeNull();
    await storeSchedule(db, s.eventId, roundRobin(s.companies), { publish: false });
    expect(await loadAgenda(db, s.companies[0]!.user, s.eventId)).toBeNull();
    expect(await agendaForEventPage(db, s.companies[0]!.user, s.eventId, null)).toBeNull();
  });

  it("policy: own company yes; another participant asking for it, an outsider → B2B_FORBIDDEN; organiser and admin yes; anonymous → UNAUTHENTICATED; unknown or non-B2B event → NOT_FOUND", async () => {
    const db = handle.db;
    const s = await b2bScenario(db);
    await storeSchedule(db, s.eventId, roundRobin(s.companies));
    const [a, b] = s.companies;
    const outsider = await insertUser(db, "Organisation");
    await insertCompany(db, { members: [outsider.id] });
    const otherMulti = await insertUser(db, "Multiplikator");
    await insertCompany(db, { members: [otherMulti.id] });
    const admin = await insertUser(db, "Admin");
    const forA = (actor: Parameters<typeof loadAgenda>[1]) => outcome(() => loadAgenda(db, actor, s.eventId, a!.id));
    expect({
      member: await forA(a!.user),
      otherParticipant: await forA(b!.user),
      outsider: await forA(outsider),
      otherMultiplikator: await forA(otherMulti),
      organiser: await forA(s.organiser),
      admin: await forA(admin),
      anonymous: await forA(null),
    }).toEqual({ member: "ok", otherParticipant: "B2B_FORBIDDEN", outsider: "B2B_FORBIDDEN", otherMultiplikator: "B2B_FORBIDDEN", organiser: "ok", admin: "ok", anonymous: "UNAUTHENTICATED" });
    expect((await loadAgenda(db, s.organiser, s.eventId, a!.id))!.company.id).toBe(a!.id);
    // Without a company: a participant gets its own; an organiser without one has none.
    expect(await outcome(() => loadAgenda(db, outsider, s.eventId))).toBe("B2B_FORBIDDEN");
    expect(await outcome(() => loadAgenda(db, s.organiser, s.eventId))).toBe("B2B_NOT_PARTICIPANT");
    // An organiser asking for a company that does not take part.
    expect(await outcome(() => loadAgenda(db, s.organiser, s.eventId, s.organiserCompany))).toBe("NOT_FOUND");
    expect(await outcome(() => loadAgenda(db, a!.user, "00000000-0000-4000-8000-000000000000"))).toBe("NOT_FOUND");
    const plain = await insertEvent(db, { companyId: s.organiserCompany });
    expect(await outcome(() => loadAgenda(db, s.organiser, plain, a!.id))).toBe("NOT_FOUND");
    // The downloads answer the same.
    expect(await outcome(() => agendaPdf(db, b!.user, s.eventId, a!.id, "de"))).toBe("B2B_FORBIDDEN");
    expect(await outcome(() => agendaIcs(db, outsider, s.eventId, a!.id, "cs"))).toBe("B2B_FORBIDDEN");
  });

  it("a member of two participating companies sees the first by name and picks the other with ?company=", async () => {
    const db = handle.db;
    const s = await b2bScenario(db);
    const [a, b] = s.companies;
    // Jana (member of b) also joins a, which is registered by Jürgen.
    const { companyUserLinks } = await import("~/server/db/schema");
    await db.insert(companyUserLinks).values({ companyId: a!.id, userId: b!.user.id, status: "CONFIRMED", decidedAt: new Date() });
    await storeSchedule(db, s.eventId, roundRobin(s.companies));
    const first = (await loadAgenda(db, b!.user, s.eventId))!;
    expect(first.choices.map((c) => c.name)).toEqual(["Stavby Ústí nad Labem s.r.o.", "Weiß Straßenbau GmbH"]);
    expect(first.company.id).toBe(b!.id);
    expect((await loadAgenda(db, b!.user, s.eventId, a!.id))!.company.id).toBe(a!.id);
    // The page ignores a company that is not the actor's instead of failing.
    expect((await agendaForEventPage(db, b!.user, s.eventId, s.companies[2]!.id))!.company.id).toBe(b!.id);
  });

  it("my events links to the agenda of upcoming B2B events with a published schedule", async () => {
    const db = handle.db;
    const s = await b2bScenario(db);
    const user = s.companies[0]!.user;
    const before = await getMyEvents(db, user);
    expect(before.upcoming.find((r) => r.eventId === s.eventId)).toMatchObject({ agenda: false, companyId: s.companies[0]!.id });
    await storeSchedule(db, s.eventId, roundRobin(s.companies));
    const after = await getMyEvents(db, user);
    expect(after.upcoming.find((r) => r.eventId === s.eventId)).toMatchObject({ agenda: true });
  });
});

describe("agenda documents", () => {
  it("PDF in German: event header, company, one row per round with time, table, partner and contact; Czech and German characters intact", async () => {
    const db = handle.db;
    const s = await b2bScenario(db, { rounds: 4 });
    await storeSchedule(db, s.eventId, roundRobin(s.companies));
    const { bytes, fileName } = await agendaPdf(db, s.companies[0]!.user, s.eventId, null, "de");
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    expect(fileName).toBe("B2B-Gesprächsplan Weiß Straßenbau GmbH – B2B-Börse Straße der Wirtschaft.pdf");
    const { text, pages } = await parsePdf(bytes);
    expect(pages).toBe(1);
    for (const expected of [
      "B2B-Börse Straße der Wirtschaft",
      "Kulturhaus Ústí",
      "Ústí nad Labem",
      "Weiß Straßenbau GmbH",
      "3 Gespräche",
      "Runde",
      "Zeit",
      "Tisch",
      "Gesprächspartner",
      "Ansprechperson",
      "Runde 1",
      "Elbe",
      "Stavby Ústí nad Labem s.r.o.",
      "Jana Dvořáková",
      "Sklárna Děčín a.s.",
      "Řehoř Růžička",
      "Groß & Söhne KG",
      "Änne Groß",
      "Tschechien",
      "Runde 4",
      "Pause",
      "Seite 1 von 1",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("PDF in Czech for an organiser asking for a company", async () => {
    const db = handle.db;
    const s = await b2bScenario(db);
    await storeSchedule(db, s.eventId, roundRobin(s.companies));
    const { bytes, fileName } = await agendaPdf(db, s.organiser, s.eventId, s.companies[1]!.id, "cs");
    expect(fileName).toBe("Program B2B schůzek Stavby Ústí nad Labem s.r.o. – B2B burza v Ústí nad Labem.pdf");
    const { text } = await parsePdf(bytes);
    for (const expected of ["B2B burza v Ústí nad Labem", "Stavby Ústí nad Labem s.r.o.", "Kolo 1", "Stůl", "Kontaktní osoba", "Weiß Straßenbau GmbH", "Jürgen Weiß", "3 schůzky", "Strana 1 z 1"]) {
      expect(text).toContain(expected);
    }
  });

  it(".ics: one VEVENT per meeting, DTSTART/DTEND in UTC, stable UIDs per event/round/company, summary, location with table, contact; lines folded at 75 octets", async () => {
    const db = handle.db;
    const s = await b2bScenario(db, { rounds: 4 });
    const run = await storeSchedule(db, s.eventId, roundRobin(s.companies));
    const a = s.companies[0]!;
    const { bytes: ics, fileName } = await agendaIcs(db, a.user, s.eventId, null, "de");
    expect(fileName).toMatch(/\.ics$/);
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    const octets = ics.split("\r\n").map((l) => Buffer.byteLength(l, "utf8"));
    expect(Math.max(...octets)).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n[ \t]/g, "");
    const events = unfolded.split("BEGIN:VEVENT").slice(1);
    expect(events).toHaveLength(3);
    const prop = (e: string, name: string) => e.match(new RegExp(`^${name}[^:]*:(.*)$`, "m"))?.[1];
    const utc = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d{3}/, "");
    expect(events.map((e) => prop(e, "DTSTART"))).toEqual(s.roundStarts.slice(0, 3).map(utc));
    expect(prop(events[0]!, "DTEND")).toBe(utc(new Date(Date.parse(s.roundStarts[0]!) + 20 * 60_000).toISOString()));
    expect(prop(events[0]!, "UID")).toMatch(new RegExp(`^b2b-${s.eventId}-r1-${a.id}@`));
    expect(new Set(events.map((e) => prop(e, "UID"))).size).toBe(3);
    expect(prop(events[0]!, "SUMMARY")).toBe("B2B: Stavby Ústí nad Labem s.r.o.");
    expect(prop(events[0]!, "LOCATION")).toBe("Kulturhaus Ústí\\, Mírové náměstí 1\\, 40001 Ústí nad Labem – Tisch Elbe");
    expect(prop(events[0]!, "DESCRIPTION")).toContain(`Ansprechperson: Jana Dvořáková\\, ${s.companies[1]!.user.email}`);
    expect(prop(events[0]!, "SEQUENCE")).toBe(String(run.number));
    // The same UIDs again when downloaded later (re-importing updates the entries).
    const again = await agendaIcs(db, a.user, s.eventId, null, "cs");
    expect(again.bytes.replace(/\r\n[ \t]/g, "").match(/^UID:.*$/gm)).toEqual(unfolded.match(/^UID:.*$/gm));
    expect(again.bytes.replace(/\r\n[ \t]/g, "")).toContain("LOCATION:Kulturhaus Ústí\\, Mírové náměstí 1\\, 40001 Ústí nad Labem – Stůl Elbe");
  });

  it("downloads of an unpublished schedule are NOT_FOUND", async () => {
    const db = handle.db;
    const s = await b2bScenario(db);
    expect(await outcome(() => agendaPdf(db, s.companies[0]!.user, s.eventId, null, "de"))).toBe("NOT_FOUND");
  });
});

describe("agenda mails", () => {
  async function deliverAll(mailingIds: string[]): Promise<OutgoingMail[]> {
    const sent: OutgoingMail[] = [];
    for (const id of mailingIds) {
      await runMailing(handle.db, id, { settings: { leaseSeconds: 30, maxAttempts: 3, retrySeconds: 1 }, deliver: async (m) => void sent.push(m), storage });
    }
    return sent;
  }

  it("first publish: every participating company's registrants get one mail in the language of their registration, with the agenda and absolute links; a second call adds nothing", async () => {
    const db = handle.db;
    const s = await b2bScenario(db);
    const run = await storeSchedule(db, s.eventId, roundRobin(s.companies));
    const first = await notifyAgendaChanges(db, s.eventId, run.id, null);
    expect(first.companyIds.sort()).toEqual(s.companies.map((c) => c.id).sort());
    expect(first.mailingIds.sort()).toEqual(s.companies.map((c) => agendaMailingId(run.id, c.id)).sort());
    const again = await notifyAgendaChanges(db, s.eventId, run.id, null);
    expect(again.mailingIds).toEqual([]);
    const rows = await db.select().from(participantMailRecipients);
    const mine = rows.filter((r) => first.mailingIds.includes(r.mailingId));
    expect(mine).toHaveLength(4);
    const [mailing] = await db.select().from(participantMailings).where(eq(participantMailings.id, first.mailingIds[0]!));
    expect(mailing!.audience).toBe("B2B_AGENDA");

    const sent = await deliverAll(first.mailingIds);
    expect(sent.map((m) => m.to).sort()).toEqual(s.companies.map((c) => c.user.email).sort());
    const jurgen = sent.find((m) => m.to === s.companies[0]!.user.email)!;
    expect(jurgen.subject).toBe("Ihr B2B-Gesprächsplan: B2B-Börse Straße der Wirtschaft");
    expect(jurgen.text).toContain("Hier ist der Gesprächsplan von Weiß Straßenbau GmbH");
    expect(jurgen.text).toContain("Runde 1 · ");
    expect(jurgen.text).toContain("Tisch Elbe");
    expect(jurgen.text).toContain("Gesprächspartner: Stavby Ústí nad Labem s.r.o., Ústí nad Labem, Tschechien");
    expect(jurgen.text).toContain(`Ansprechperson: Jana Dvořáková, ${s.companies[1]!.user.email}`);
    expect(jurgen.text).toMatch(new RegExp(`https?://\\S+/de/veranstaltungen/${s.eventId}\\?company=${s.companies[0]!.id}`));
    expect(jurgen.text).toMatch(new RegExp(`https?://\\S+/de/veranstaltungen/${s.eventId}/b2b-agenda\\.pdf\\?company=`));
    expect(jurgen.text).toMatch(new RegExp(`https?://\\S+/de/veranstaltungen/${s.eventId}/b2b-agenda\\.ics\\?company=`));
    const jana = sent.find((m) => m.to === s.companies[1]!.user.email)!;
    expect(jana.subject).toBe("Váš program B2B schůzek: B2B burza v Ústí nad Labem");
    expect(jana.text).toContain("Kolo 1 · ");
    expect(jana.text).toContain("Partner: Weiß Straßenbau GmbH, Dresden, Německo");
    expect(jana.text).toContain("/cs/ud%C3%A1losti/");
    // Delivered once: nothing is due any more.
    expect(await deliverAll(first.mailingIds)).toEqual([]);
  });

  it("a re-publish mails only the companies whose agenda changed", async () => {
    const db = handle.db;
    const s = await b2bScenario(db);
    const [a, b, c, d] = s.companies;
    const first = await storeSchedule(db, s.eventId, roundRobin(s.companies));
    // The pair C–D of round 1 moves to another table: C and D have a changed agenda, A and B not.
    const changed = roundRobin(s.companies).map((m) => (m.round === 1 && m.a === c!.id ? { ...m, table: 2 } : m));
    const second = await storeSchedule(db, s.eventId, changed);
    const result = await notifyAgendaChanges(db, s.eventId, second.id, first.id);
    expect(result.companyIds.sort()).toEqual([c!.id, d!.id].sort());
    const sent = await deliverAll(result.mailingIds);
    expect(sent.map((m) => m.to).sort()).toEqual([c!.user.email, d!.user.email].sort());
    expect(sent.find((m) => m.to === d!.user.email)!.subject).toBe("Geänderter B2B-Gesprächsplan: B2B-Börse Straße der Wirtschaft");
    expect(result.companyIds).not.toContain(a!.id);
    expect(result.companyIds).not.toContain(b!.id);
    const [plan] = await db.select().from(b2bPlans).where(eq(b2bPlans.eventId, s.eventId));
    expect(plan!.publishedRunId).toBe(second.id);
  });
});
