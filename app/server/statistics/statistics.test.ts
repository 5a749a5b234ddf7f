import Papa from "papaparse";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultPeriod, deviceClassOf, parsePeriod } from "~/schemas/statistics";
import type { DbHandle } from "~/server/db/client.server";
import { analyticsDaily, auditTrail, eventRegistrations, events, users } from "~/server/db/schema";
import { insertCompany, insertUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb } from "../../../tests/support/db";
import { insertEvent } from "../../../tests/support/event-fixtures";
import { type AnalyticsHit, ANALYTICS_BODY_MAX_BYTES, OUTBOUND_CLICK, recordHit } from "./analytics.server";
import { statisticsTable } from "./statistics-csv.server";
import { getStatistics } from "./statistics.server";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

const at = (iso: string) => new Date(iso);

async function adminAndOthers() {
  return { admin: await insertUser(handle.db, "Admin"), organisation: await insertUser(handle.db, "Organisation"), multi: await insertUser(handle.db, "Multiplikator") };
}

describe("statistics period", () => {
  it("defaults to the last 12 months up to this one (Berlin), and refuses a bad or too long period", () => {
    const now = at("2026-01-31T23:30:00Z"); // already 1 February in Berlin
    expect(defaultPeriod(now)).toEqual({ from: "2025-03", to: "2026-02" });
    expect(parsePeriod(new URLSearchParams(), now)).toEqual({ ok: true, period: { from: "2025-03", to: "2026-02" } });
    expect(parsePeriod(new URLSearchParams("from=2024-01&to=2024-03"), now)).toEqual({ ok: true, period: { from: "2024-01", to: "2024-03" } });
    for (const bad of ["from=2024-13&to=2024-12", "from=2024-05&to=2024-04", "from=2019-01&to=2024-12", "from=x&to=2024-01", "from=1999-12&to=2000-01"]) {
      expect(parsePeriod(new URLSearchParams(bad), now), bad).toEqual({ ok: false, period: { from: "2025-03", to: "2026-02" }, code: "STATISTICS_PERIOD_INVALID" });
    }
    expect([deviceClassOf(390), deviceClassOf(599), deviceClassOf(600), deviceClassOf(1279), deviceClassOf(1280), deviceClassOf(undefined)]).toEqual(["phone", "phone", "tablet", "tablet", "desktop", "desktop"]);
  });
});

describe("monthly statistics", () => {
  it("counts new accounts, searches and profile updates per Berlin month from a known audit trail; admins only", async () => {
    const { admin, organisation, multi } = await adminAndOthers();
    const made = await Promise.all([1, 2, 3, 4, 5].map((i) => insertUser(handle.db, "Organisation", { name: `Stat ${i}` })));
    const createdAt = [at("2024-01-10T10:00:00Z"), at("2024-01-20T10:00:00Z"), at("2024-01-31T23:30:00Z") /* 1 Feb in Berlin */, at("2024-03-31T22:30:00Z") /* 1 Apr */, at("2023-12-31T22:59:00Z") /* 31 Dec */];
    for (const [i, user] of made.entries()) await handle.db.update(users).set({ createdAt: createdAt[i]! }).where(eq(users.id, user.id));
    const audit = (action: "SEARCHED" | "UPDATED_COMPANY_PROFILE" | "LOGIN" | "CREATED_COMPANY_PROFILE", iso: string) => ({ action, userId: organisation.id, createdAt: at(iso) });
    await handle.db.insert(auditTrail).values([
      audit("UPDATED_COMPANY_PROFILE", "2024-01-05T09:00:00Z"),
      audit("SEARCHED", "2024-02-01T09:00:00Z"),
      audit("SEARCHED", "2024-02-15T09:00:00Z"),
      audit("SEARCHED", "2024-02-29T23:30:00Z"), // 1 March in Berlin
      audit("UPDATED_COMPANY_PROFILE", "2024-03-10T09:00:00Z"),
      audit("UPDATED_COMPANY_PROFILE", "2024-03-11T09:00:00Z"),
      audit("LOGIN", "2024-01-05T09:00:00Z"),
      audit("CREATED_COMPANY_PROFILE", "2024-01-05T09:00:00Z"),
      audit("SEARCHED", "2023-12-31T12:00:00Z"),
      audit("SEARCHED", "2024-04-01T12:00:00Z"),
    ]);

    const stats = await getStatistics(handle.db, admin, { from: "2024-01", to: "2024-03" });
    expect(stats.months.map(({ month, newAccounts, searches, profileUpdates }) => ({ month, newAccounts, searches, profileUpdates }))).toEqual([
      { month: "2024-01", newAccounts: 2, searches: 0, profileUpdates: 1 },
      { month: "2024-02", newAccounts: 1, searches: 2, profileUpdates: 0 },
      { month: "2024-03", newAccounts: 0, searches: 1, profileUpdates: 2 },
    ]);

    await expect(getStatistics(handle.db, null, { from: "2024-01", to: "2024-03" })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    for (const actor of [organisation, multi]) await expect(getStatistics(handle.db, actor, { from: "2024-01", to: "2024-03" })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("counts event participations per month by country and by region of the company's headquarters (confirmed places, events not deleted)", async () => {
    const { admin } = await adminAndOthers();
    const organiser = await insertUser(handle.db, "Multiplikator");
    const host = await insertCompany(handle.db, { members: [organiser.id] });
    const dresden = await insertCompany(handle.db);
    const leipzig = await insertCompany(handle.db, { city: "Leipzig", address: { postalCode: "04109", districtCode: "14713" } });
    const usti = await insertCompany(handle.db, { city: "Ústí nad Labem", address: { country: "CZ", state: "Ústecký kraj", postalCode: "400 01", districtCode: "3510" } });
    const unknownRegion = await insertCompany(handle.db, { city: "Nirgendwo", address: { state: "Sachsen", districtCode: null } });
    const feb = await insertEvent(handle.db, { companyId: host, startsAt: at("2024-02-10T09:00:00Z") });
    const mar = await insertEvent(handle.db, { companyId: host, startsAt: at("2024-02-29T23:30:00Z") }); // 1 March in Berlin
    const deleted = await insertEvent(handle.db, { companyId: host, startsAt: at("2024-02-12T09:00:00Z"), deletedAt: at("2024-01-01T00:00:00Z") });
    const later = await insertEvent(handle.db, { companyId: host, startsAt: at("2024-05-10T09:00:00Z") });
    const reg = (eventId: string, companyId: string, status: "REGISTERED" | "ATTENDED" | "WAITING" | "CANCELLED") => ({ eventId, companyId, status, formVersion: 1, answers: {} });
    await handle.db.insert(eventRegistrations).values([
      reg(feb, dresden, "REGISTERED"),
      reg(feb, leipzig, "ATTENDED"),
      reg(feb, usti, "REGISTERED"),
      reg(feb, usti, "WAITING"),
      reg(feb, dresden, "CANCELLED"),
      reg(mar, usti, "ATTENDED"),
      reg(mar, dresden, "REGISTERED"),
      reg(mar, unknownRegion, "REGISTERED"),
      reg(deleted, dresden, "REGISTERED"),
      reg(later, dresden, "REGISTERED"),
    ]);

    const stats = await getStatistics(handle.db, admin, { from: "2024-01", to: "2024-03" });
    expect(stats.months.map((m) => [m.month, m.participations])).toEqual([
      ["2024-01", 0],
      ["2024-02", 3],
      ["2024-03", 3],
    ]);
    expect(stats.byCountry).toEqual([
      { month: "2024-02", country: "CZ", count: 1 },
      { month: "2024-02", country: "DE", count: 2 },
      { month: "2024-03", country: "CZ", count: 1 },
      { month: "2024-03", country: "DE", count: 2 },
    ]);
    expect(stats.byRegion).toEqual([
      { month: "2024-02", country: "CZ", region: "Ústecký kraj", count: 1 },
      { month: "2024-02", country: "DE", region: "Kreisfreie Stadt Dresden", count: 1 },
      { month: "2024-02", country: "DE", region: "Kreisfreie Stadt Leipzig", count: 1 },
      { month: "2024-03", country: "CZ", region: "Ústecký kraj", count: 1 },
      { month: "2024-03", country: "DE", region: "Kreisfreie Stadt Dresden", count: 1 },
      // No district code: the typed state, as in the participant list.
      { month: "2024-03", country: "DE", region: "Sachsen", count: 1 },
    ]);
    expect(stats.regionTotals.slice(0, 2)).toEqual([
      { country: "CZ", region: "Ústecký kraj", count: 2 },
      { country: "DE", region: "Kreisfreie Stadt Dresden", count: 2 },
    ]);

    const table = statisticsTable(stats, "cs");
    const rows: unknown[][] = [];
    for await (const row of table.rows) rows.push(row);
    expect(table.header).toEqual(["Ukazatel", "Měsíc", "Země", "Položka", "Počet"]);
    expect(table.fileName).toBe("statistika-2024-01-2024-03.csv");
    expect(rows).toContainEqual(["Účasti podle regionu", "2024-02", "Česko", "Ústecký kraj", 1]);
    expect(rows).toContainEqual(["Účasti na akcích", "2024-03", "", "", 3]);
    await Promise.all([feb, mar, deleted, later].map((id) => handle.db.delete(events).where(eq(events.id, id))));
  });
});

const SITE = "http://localhost:3000";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
function hit(payload: Record<string, unknown>, headers: Partial<AnalyticsHit> = {}): AnalyticsHit {
  return { body: JSON.stringify({ n: "pageview", d: "localhost", r: null, w: 1440, ...payload }), siteOrigin: SITE, dnt: null, gpc: null, userAgent: CHROME, origin: SITE, ...headers };
}
const ON = { enabled: true };
const DAY1 = at("2025-06-10T10:00:00Z");
const DAY2 = at("2025-06-10T22:30:00Z"); // 11 June in Berlin
const rowsOf = (path: string) => handle.db.select().from(analyticsDaily).where(eq(analyticsDaily.path, path)).orderBy(analyticsDaily.day, analyticsDaily.referrerHost, analyticsDaily.deviceClass);

describe("first-party analytics", () => {
  it("counts a page view with one upsert per day, path, referrer host and device class; no query string is kept", async () => {
    const u = `${SITE}/de/veranstaltungen/anzeigen?q=geheim#x`;
    expect(await recordHit(handle.db, hit({ u }), ON, DAY1)).toBe("counted");
    expect(await recordHit(handle.db, hit({ u: `${SITE}/de/veranstaltungen/anzeigen/` }), ON, DAY1)).toBe("counted");
    expect(await recordHit(handle.db, hit({ u, r: "https://www.Example.org/artikel?id=7" }), ON, DAY1)).toBe("counted");
    expect(await recordHit(handle.db, hit({ u, r: `${SITE}/de/suche?q=x`, w: 390 }), ON, DAY1)).toBe("counted");
    expect(await recordHit(handle.db, hit({ u }), ON, DAY2)).toBe("counted");
    expect((await rowsOf("/de/veranstaltungen/anzeigen")).map(({ day, referrerHost, deviceClass, count }) => ({ day, referrerHost, deviceClass, count }))).toEqual([
      { day: "2025-06-10", referrerHost: "", deviceClass: "desktop", count: 2 },
      { day: "2025-06-10", referrerHost: "", deviceClass: "phone", count: 1 },
      { day: "2025-06-10", referrerHost: "www.example.org", deviceClass: "desktop", count: 1 },
      { day: "2025-06-11", referrerHost: "", deviceClass: "desktop", count: 1 },
    ]);
    const all = JSON.stringify(await handle.db.select().from(analyticsDaily));
    expect(all).not.toContain("geheim");
    expect(all).not.toContain("artikel");
  });

  it("adds hits arriving at the same time without losing any", async () => {
    const u = `${SITE}/cs/novinky/seznam`;
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => recordHit(handle.db, hit({ u }), ON, DAY1)));
    expect(outcomes.every((o) => o === "counted")).toBe(true);
    expect((await rowsOf("/cs/novinky/seznam")).map((r) => r.count)).toEqual([20]);
  });

  it("counts outbound link clicks by target without its query", async () => {
    const u = `${SITE}/de/ueber-uns`;
    expect(await recordHit(handle.db, hit({ u, n: OUTBOUND_CLICK, p: { url: "https://www.interreg.example/programm?utm=1" } }), ON, DAY1)).toBe("counted");
    expect(await recordHit(handle.db, hit({ u, n: OUTBOUND_CLICK, p: JSON.stringify({ url: "https://www.interreg.example/programm" }) }), ON, DAY1)).toBe("counted");
    expect(await recordHit(handle.db, hit({ u, n: OUTBOUND_CLICK, p: { url: `${SITE}/de/faq` } }), ON, DAY1)).toBe("invalid");
    const [row] = await handle.db.select().from(analyticsDaily).where(and(eq(analyticsDaily.path, "/de/ueber-uns"), eq(analyticsDaily.event, "outbound")));
    expect(row).toMatchObject({ target: "https://www.interreg.example/programm", count: 2 });
  });

  it("skips Do-Not-Track, Global Privacy Control, bots, pages that are not public, foreign sites, bad and oversize bodies, and a disabled counter", async () => {
    const before = await handle.db.select().from(analyticsDaily);
    const u = `${SITE}/de/faq`;
    expect(await recordHit(handle.db, hit({ u }, { dnt: "1" }), ON, DAY1)).toBe("dnt");
    expect(await recordHit(handle.db, hit({ u }, { gpc: "1" }), ON, DAY1)).toBe("dnt");
    for (const userAgent of [null, "Googlebot/2.1 (+http://www.google.com/bot.html)", "curl/8.5.0", "facebookexternalhit/1.1", "node"]) {
      expect(await recordHit(handle.db, hit({ u }, { userAgent }), ON, DAY1), String(userAgent)).toBe("bot");
    }
    for (const path of ["/de/admin/statistiken", "/cs/admin/statistiky", "/de/mein-account", "/de/neuigkeiten/feed.xml", "/de/gibt-es-nicht", "/api/event", "/de/admin/duplikate"]) {
      expect(await recordHit(handle.db, hit({ u: SITE + path }), ON, DAY1), path).toBe("not_public");
    }
    expect(await recordHit(handle.db, hit({ u: "https://evil.example/de/faq", d: "evil.example" }), ON, DAY1)).toBe("foreign");
    expect(await recordHit(handle.db, hit({ u, d: "evil.example" }), ON, DAY1)).toBe("foreign");
    expect(await recordHit(handle.db, hit({ u }, { origin: "https://evil.example" }), ON, DAY1)).toBe("foreign");
    expect(await recordHit(handle.db, { ...hit({ u }), body: "{not json" }, ON, DAY1)).toBe("invalid");
    expect(await recordHit(handle.db, hit({ u, n: "signup" }), ON, DAY1)).toBe("invalid");
    expect(await recordHit(handle.db, hit({ u, w: "wide" }), ON, DAY1)).toBe("invalid");
    expect(await recordHit(handle.db, hit({ u, p: { note: "x".repeat(ANALYTICS_BODY_MAX_BYTES) } }), ON, DAY1)).toBe("too_large");
    expect(await recordHit(handle.db, hit({ u }), { enabled: false }, DAY1)).toBe("disabled");
    expect(await handle.db.select().from(analyticsDaily)).toEqual(before);
  });

  it("reports top pages, referrers, devices and outbound links of the period on the statistics page", async () => {
    const admin = await insertUser(handle.db, "Admin");
    const stats = await getStatistics(handle.db, admin, { from: "2025-06", to: "2025-06" });
    expect(stats.months).toEqual([{ month: "2025-06", newAccounts: 0, searches: 0, profileUpdates: 0, participations: 0, pageViews: 25 }]);
    expect(stats.analytics.topPages).toEqual([
      { path: "/cs/novinky/seznam", count: 20 },
      { path: "/de/veranstaltungen/anzeigen", count: 5 },
    ]);
    expect(stats.analytics.topReferrers).toEqual([
      { host: "", count: 24 },
      { host: "www.example.org", count: 1 },
    ]);
    expect(stats.analytics.devices).toEqual([
      { device: "desktop", count: 24 },
      { device: "phone", count: 1 },
    ]);
    expect(stats.analytics.outbound).toEqual([{ target: "https://www.interreg.example/programm", count: 2 }]);
    expect((await getStatistics(handle.db, admin, { from: "2025-07", to: "2025-08" })).analytics.topPages).toEqual([]);

    const table = statisticsTable(stats, "de");
    let csv = "";
    for await (const row of table.rows) csv += Papa.unparse([row.map((c) => String(c ?? ""))], { delimiter: ";" }) + "\n";
    expect(csv).toContain("Meistbesuchte Seiten;;;/cs/novinky/seznam;20");
    expect(csv).toContain("Verweisende Websites;;;Direkt oder von dieser Website;24");
    expect(csv).toContain("Geräte nach Bildschirmbreite;;;Smartphone (unter 600 px);1");
    expect(csv).toContain("Seitenaufrufe;2025-06;;;25");
  });

  it("keeps a percent-encoded path readable, and narrows the top pages by a part of the path (any case, wildcards literal)", async () => {
    const admin = await insertUser(handle.db, "Admin");
    const id = "0b7e5c1e-3f4a-4d2b-9c1e-5a6b7c8d9e0f";
    expect(await recordHit(handle.db, hit({ u: `${SITE}/cs/ud%C3%A1losti/${id}` }), ON, at("2025-09-02T10:00:00Z"))).toBe("counted");
    expect(await recordHit(handle.db, hit({ u: `${SITE}/de/faq` }), ON, at("2025-09-02T10:00:00Z"))).toBe("counted");
    const period = { from: "2025-09", to: "2025-09" };
    expect((await getStatistics(handle.db, admin, period, { pathContains: "UDÁLOSTI" })).analytics.topPages).toEqual([{ path: `/cs/události/${id}`, count: 1 }]);
    expect((await getStatistics(handle.db, admin, period, { pathContains: "%" })).analytics.topPages).toEqual([]);
    expect((await getStatistics(handle.db, admin, period)).analytics.topPages).toHaveLength(2);
  });
});
