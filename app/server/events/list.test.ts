import { afterAll, beforeAll, expect, it } from "vitest";
import type { DbHandle } from "~/server/db/client.server";
import { eventFiles, eventRegistrations } from "~/server/db/schema";
import { EVENT_LIST_PAGE_SIZE, type EventListQuery, parseEventListParams } from "~/schemas/event-list";
import { insertCompany, insertUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb } from "../../../tests/support/db";
import { insertEvent } from "../../../tests/support/event-fixtures";
import { listPublicEvents, publicEventsForSitemap, upcomingEvents } from "./list.server";

let handle: DbHandle;
let companyId: string;
const NOW = new Date("2026-11-23T12:00:00Z");
const at = (iso: string) => new Date(iso);
const query = (q: Partial<EventListQuery> = {}): EventListQuery => ({ title: "", when: "upcoming", from: null, to: null, place: "", point: null, radiusKm: 50, page: 1, ...q });
const titles = async (q: Partial<EventListQuery>, locale: "de" | "cs" = "de") => (await listPublicEvents(handle.db, query(q), locale, NOW)).items.map((i) => i.title);

beforeAll(async () => {
  handle = await createTestDb();
  const { db } = handle;
  companyId = await insertCompany(db);
  const base = { companyId };
  // Dresden 51.05/13.74, Ústí nad Labem 50.66/14.03 (≈ 48 km), Plauen 50.50/12.14 (≈ 125 km).
  await insertEvent(db, { ...base, titleDe: "Kooperationsbörse Ústí", titleCs: "Kooperační burza Ústí", city: "Ústí nad Labem", lat: 50.66, lon: 14.03, startsAt: at("2026-12-10T09:00:00Z") }, NOW);
  await insertEvent(db, { ...base, titleDe: "Workshop Dresden", titleCs: "Workshop Drážďany", city: "Dresden", startsAt: at("2026-12-01T09:00:00Z"), maxParticipants: 1 }, NOW);
  await insertEvent(db, { ...base, titleDe: "Plauener Forum", titleCs: "Fórum Plavno", city: "Plauen", lat: 50.5, lon: 12.14, startsAt: at("2027-01-15T09:00:00Z") }, NOW);
  await insertEvent(db, { ...base, titleDe: "Vergangener Praxistag", titleCs: "Minulý den", startsAt: at("2026-10-01T09:00:00Z") }, NOW);
  // Invisible: scheduled for later, inactive, deleted.
  await insertEvent(db, { ...base, titleDe: "Geplant", publishAt: at("2026-11-30T00:00:00Z") }, NOW);
  await insertEvent(db, { ...base, titleDe: "Inaktiv", active: false }, NOW);
  await insertEvent(db, { ...base, titleDe: "Gelöscht", deletedAt: NOW }, NOW);
  // Running right now: still "upcoming" until it ends.
  await insertEvent(db, { ...base, titleDe: "Läuft gerade", startsAt: at("2026-11-23T08:00:00Z"), endsAt: at("2026-11-23T16:00:00Z") }, NOW);
});
afterAll(() => handle.close());

it("lists visible upcoming events soonest first, past ones latest first, in the reader's language", async () => {
  expect(await titles({})).toEqual(["Läuft gerade", "Workshop Dresden", "Kooperationsbörse Ústí", "Plauener Forum"]);
  expect(await titles({}, "cs")).toEqual(["Testovací akce", "Workshop Drážďany", "Kooperační burza Ústí", "Fórum Plavno"]);
  expect(await titles({ when: "past" })).toEqual(["Vergangener Praxistag"]);
  expect((await publicEventsForSitemap(handle.db, NOW)).length).toBe(5);
});

it("filters by title without regard to case or diacritics", async () => {
  expect(await titles({ title: "USTI" })).toEqual(["Kooperationsbörse Ústí"]);
  expect(await titles({ title: "drazdany" }, "cs")).toEqual(["Workshop Drážďany"]);
  expect(await titles({ title: "50%" })).toEqual([]);
});

it("filters by a date range of Europe/Berlin days", async () => {
  expect(await titles({ from: "2026-12-01", to: "2026-12-10" })).toEqual(["Workshop Dresden", "Kooperationsbörse Ústí"]);
  expect(await titles({ from: "2026-12-02" })).toEqual(["Kooperationsbörse Ústí", "Plauener Forum"]);
  // 09:00 UTC on 1 December is the 1st in Berlin too; an event starting 23:30 UTC on 30 November is on 1 December in Berlin.
  await insertEvent(handle.db, { companyId, titleDe: "Mitternacht", startsAt: at("2026-11-30T23:30:00Z"), endsAt: at("2026-11-30T23:45:00Z") }, NOW);
  expect(await titles({ from: "2026-12-01", to: "2026-12-01" })).toEqual(["Mitternacht", "Workshop Dresden"]);
  expect(await titles({ to: "2026-11-30" })).toEqual(["Läuft gerade"]);
});

it("filters by a town with a radius, or by text in the place", async () => {
  const dresden = { lat: 51.05, lon: 13.74 };
  expect(await titles({ place: "Dresden", point: dresden, radiusKm: 25 })).toEqual(["Läuft gerade", "Mitternacht", "Workshop Dresden"]);
  expect(await titles({ place: "Dresden", point: dresden, radiusKm: 50 })).toContain("Kooperationsbörse Ústí");
  expect(await titles({ place: "Dresden", point: dresden, radiusKm: 50 })).not.toContain("Plauener Forum");
  const [hit] = (await listPublicEvents(handle.db, query({ place: "Dresden", point: dresden, radiusKm: 200, title: "Plauener" }), "de", NOW)).items;
  expect(hit?.distanceKm).toBeGreaterThan(110);
  expect(hit?.distanceKm).toBeLessThan(140);
  expect(await titles({ place: "usti nad" })).toEqual(["Kooperationsbörse Ústí"]);
});

it("counts taken places and pages through 30 at a time", async () => {
  const { db } = handle;
  const user = await insertUser(db);
  const [workshop] = (await listPublicEvents(db, query({ title: "Workshop" }), "de", NOW)).items;
  await db.insert(eventRegistrations).values({ eventId: workshop!.id, companyId, userId: user.id, status: "REGISTERED", formVersion: 1, answers: {} });
  const [again] = (await listPublicEvents(db, query({ title: "Workshop" }), "de", NOW)).items;
  expect(again).toMatchObject({ registered: 1, maxParticipants: 1 });

  for (let i = 0; i < EVENT_LIST_PAGE_SIZE; i++) await insertEvent(db, { companyId, titleDe: `Serie ${String(i).padStart(2, "0")}`, startsAt: at("2027-03-01T09:00:00Z") }, NOW);
  const first = await listPublicEvents(db, query({ title: "Serie" }), "de", NOW);
  expect(first).toMatchObject({ total: 30, pageCount: 1 });
  const all = await listPublicEvents(db, query({ page: 2 }), "de", NOW);
  expect(all.page).toBe(2);
  expect(all.items.length).toBe(all.total - EVENT_LIST_PAGE_SIZE);
  expect((await listPublicEvents(db, query({ page: 99 }), "de", NOW)).page).toBe(all.pageCount);
});

it("gives the home page the first upcoming events of the list, with their first image and places taken, in one query", async () => {
  const { db } = handle;
  const list = (await listPublicEvents(db, query(), "de", NOW)).items;
  // The second image by position is not the one shown; the first registered one counts.
  await db.insert(eventFiles).values({ eventId: list[1]!.id, kind: "IMAGE", storageKey: "events/second.webp", fileName: "b.webp", sizeBytes: 1, position: 1 });
  await db.insert(eventFiles).values({ eventId: list[1]!.id, kind: "IMAGE", storageKey: "events/first.webp", fileName: "a.webp", sizeBytes: 1, position: 0 });
  const user = await insertUser(db);
  await db.insert(eventRegistrations).values({ eventId: list[0]!.id, companyId, userId: user.id, status: "ATTENDED", formVersion: 1, answers: {} });
  for (const locale of ["de", "cs"] as const) {
    const expected = (await listPublicEvents(db, query(), locale, NOW)).items.slice(0, 3);
    expect(await upcomingEvents(db, locale, 3, NOW)).toEqual(expected);
  }
  const [first, second] = await upcomingEvents(db, "de", 3, NOW);
  expect(first?.registered).toBe(1);
  expect(second?.imageKey).toBe("events/first.webp");
});

it("reads the list's URL: defaults, bad dates, reversed ranges, a point only with its place", () => {
  expect(parseEventListParams(new URLSearchParams(""))).toMatchObject({ ok: true, query: { when: "upcoming", page: 1, point: null } });
  expect(parseEventListParams(new URLSearchParams("from=2026-02-30"))).toMatchObject({ ok: false, errors: { from: "DATE_INVALID" } });
  expect(parseEventListParams(new URLSearchParams("from=30.2.2026"))).toMatchObject({ ok: false, errors: { from: "DATE_INVALID" } });
  expect(parseEventListParams(new URLSearchParams({ from: "1. 12. 2026", to: "24.12.2026" }))).toMatchObject({ ok: true, query: { from: "2026-12-01", to: "2026-12-24" } });
  expect(parseEventListParams(new URLSearchParams("from=2026-12-10&to=2026-12-01"))).toMatchObject({ ok: false, errors: { to: "DATE_RANGE_INVALID" } });
  expect(parseEventListParams(new URLSearchParams("lat=51&lon=13"))).toMatchObject({ ok: true, query: { point: null } });
  expect(parseEventListParams(new URLSearchParams("place=Dresden&lat=51&lon=13&r=25&when=past&page=3"))).toMatchObject({
    ok: true,
    query: { place: "Dresden", point: { lat: 51, lon: 13 }, radiusKm: 25, when: "past", page: 3 },
  });
});
