import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "~/server/db/client.server";
import { calendarFeedTokens, companies, eventRegistrations } from "~/server/db/schema";
import { insertCompany, insertUser } from "../../../tests/support/approvals-fixtures";
import { b2bScenario, storeSchedule } from "../../../tests/support/b2b-fixtures";
import { createTestDb } from "../../../tests/support/db";
import { insertEvent } from "../../../tests/support/event-fixtures";
import { createFeedToken, feedTokenState, organiserEventsFeed, personalFeed, publicEventsFeed, revokeFeedToken } from "./feeds.server";
import { calendarResponse } from "./response.server";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle?.close());
const db = () => handle.db;
const DAY = 86_400_000;
const uid = (id: string) => `UID:event-${id}@`;
/** The feed with its folded lines joined again (RFC 5545 §3.1). */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, "");

describe("public iCal feeds (issue 25)", () => {
  it("carry published events only, in the requested language; per organiser only theirs (own and co-organised)", async () => {
    const now = new Date();
    const org = await insertCompany(db(), { name: "Veranstalter Feed GmbH" });
    const co = await insertCompany(db());
    const other = await insertCompany(db());
    const visible = await insertEvent(db(), { companyId: org, titleDe: "Sichtbar Žluťoučký", titleCs: "Viditelná akce" });
    const coOrganised = await insertEvent(db(), { companyId: co, organizers: [org] });
    const otherEvent = await insertEvent(db(), { companyId: other });
    const scheduled = await insertEvent(db(), { companyId: org, publishAt: new Date(now.getTime() + DAY) });
    const inactive = await insertEvent(db(), { companyId: org, active: false });
    const deleted = await insertEvent(db(), { companyId: org, deletedAt: now });
    const old = await insertEvent(db(), { companyId: org, startsAt: new Date(now.getTime() - 200 * DAY) });

    const de = unfold((await publicEventsFeed(db(), "de", now)).ics);
    expect(de).toContain("BEGIN:VCALENDAR");
    expect(de).toContain("X-WR-CALNAME:PartnerNet – Veranstaltungen");
    expect(de).toContain("SUMMARY:Sichtbar Žluťoučký");
    for (const id of [visible, coOrganised, otherEvent]) expect(de).toContain(uid(id));
    for (const id of [scheduled, inactive, deleted, old]) expect(de).not.toContain(uid(id));
    const cs = unfold((await publicEventsFeed(db(), "cs", now)).ics);
    expect(cs).toContain("SUMMARY:Viditelná akce");
    expect(cs).toContain("/cs/ud");

    const own = await organiserEventsFeed(db(), org, "de", now);
    const ownText = unfold(own.ics);
    expect(ownText).toContain(uid(visible));
    expect(ownText).toContain(uid(coOrganised));
    expect(ownText).not.toContain(uid(otherEvent));
    for (const id of [scheduled, inactive, deleted]) expect(ownText).not.toContain(uid(id));
    expect(ownText).toContain("Veranstalter Feed GmbH");
    expect(own.lastModified).toBeInstanceOf(Date);
  });

  it("an organiser the public may not see (pending, deleted, unknown, malformed id) → NOT_FOUND", async () => {
    const pending = await insertCompany(db(), { status: "PENDING" });
    const gone = await insertCompany(db());
    await db().update(companies).set({ deletedAt: new Date() }).where(eq(companies.id, gone));
    for (const id of [pending, gone, "00000000-0000-4000-8000-000000000000", "nope"]) {
      await expect(organiserEventsFeed(db(), id, "de")).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
  });

  it("answers 304 to a matching ETag or an unchanged Last-Modified; the same data give the same bytes", async () => {
    const feed = await publicEventsFeed(db(), "de");
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await publicEventsFeed(db(), "de")).ics).toBe(feed.ics);
    const first = calendarResponse(new Request("http://x/"), feed);
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const etag = first.headers.get("ETag")!;
    expect(calendarResponse(new Request("http://x/", { headers: { "If-None-Match": etag } }), feed).status).toBe(304);
    expect(calendarResponse(new Request("http://x/", { headers: { "If-None-Match": '"other"' } }), feed).status).toBe(200);
    const lm = first.headers.get("Last-Modified")!;
    expect(calendarResponse(new Request("http://x/", { headers: { "If-Modified-Since": lm } }), feed).status).toBe(304);
  });
});

describe("the personal iCal feed (issue 25)", () => {
  it("holds the user's live registrations and B2B meetings; regenerating and revoking kill the old URL (NOT_FOUND)", async () => {
    const s = await b2bScenario(db(), { companies: 4, rounds: 2 });
    const [a, b, c, d] = s.companies;
    await storeSchedule(db(), s.eventId, [
      { round: 1, table: 1, a: a!.id, b: b!.id },
      { round: 2, table: 1, a: a!.id, b: c!.id },
      { round: 1, table: 2, a: c!.id, b: d!.id },
    ]);
    const me = a!.user;
    const cancelledEvent = await insertEvent(db(), { companyId: s.organiserCompany, titleDe: "Abgemeldet" });
    await db().insert(eventRegistrations).values({ eventId: cancelledEvent, companyId: a!.id, userId: me.id, status: "CANCELLED", locale: "de", formVersion: 1, answers: {} });
    const strangersEvent = await insertEvent(db(), { companyId: s.organiserCompany, titleDe: "Fremd" });
    await db().insert(eventRegistrations).values({ eventId: strangersEvent, companyId: b!.id, userId: b!.user.id, status: "REGISTERED", locale: "de", formVersion: 1, answers: {} });

    expect(await feedTokenState(db(), me)).toBeNull();
    const token = await createFeedToken(db(), me);
    expect(await feedTokenState(db(), me)).not.toBeNull();
    // Only the hash is stored.
    const [stored] = await db().select().from(calendarFeedTokens).where(eq(calendarFeedTokens.userId, me.id));
    expect(stored!.tokenHash).not.toContain(token);

    const ics = unfold((await personalFeed(db(), token, "de")).ics);
    expect(ics).toContain(uid(s.eventId));
    expect(ics).not.toContain(uid(cancelledEvent));
    expect(ics).not.toContain(uid(strangersEvent));
    expect(ics.match(/UID:b2b-/g)).toHaveLength(2);
    expect(ics).toContain(`UID:b2b-${s.eventId}-r1-${a!.id}@`);
    expect(ics).toContain(b!.name);
    expect(ics).toContain(c!.name);
    expect(ics).not.toContain(d!.name);
    const cs = unfold((await personalFeed(db(), token, "cs")).ics);
    expect(cs).toContain("X-WR-CALNAME:PartnerNet – moje události");

    // Regenerate: the old URL is dead, the new one works.
    const fresh = await createFeedToken(db(), me);
    await expect(personalFeed(db(), token, "de")).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(unfold((await personalFeed(db(), fresh, "de")).ics)).toContain(uid(s.eventId));
    // Revoke: 404 from now on.
    await revokeFeedToken(db(), me);
    await expect(personalFeed(db(), fresh, "de")).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await feedTokenState(db(), me)).toBeNull();
    // Guesses and malformed tokens never match.
    for (const guess of ["", "abc", "A".repeat(43), `${fresh}x`]) await expect(personalFeed(db(), guess, "de")).rejects.toMatchObject({ code: "NOT_FOUND" });
    // Another user's revocation does not touch mine.
    const mine = await createFeedToken(db(), me);
    const other = await insertUser(db());
    await createFeedToken(db(), other);
    await revokeFeedToken(db(), other);
    expect((await personalFeed(db(), mine, "de")).ics).toContain("BEGIN:VCALENDAR");
  });
});
