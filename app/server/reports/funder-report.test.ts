import { eq, inArray } from "drizzle-orm";
import Papa from "papaparse";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseReportPeriod } from "~/schemas/reports";
import type { DbHandle } from "~/server/db/client.server";
import { auditTrail, b2bPlans, companies, companyServices, eventRegistrations } from "~/server/db/schema";
import { insertCompany, insertUser, type TestAddress, type TestUser } from "../../../tests/support/approvals-fixtures";
import { storeSchedule } from "../../../tests/support/b2b-fixtures";
import { createTestDb } from "../../../tests/support/db";
import { insertEvent } from "../../../tests/support/event-fixtures";
import { funderReportCsvResponse, funderReportPdfResponse } from "./funder-report-download.server";
import { funderReport } from "./funder-report.server";
import { funderReportModel } from "./funder-report-tables";

/**
 * The funder report (decision 036) from known data in March 2025: events in and out of the period
 * (and a deleted one), registrations of German and Czech companies in three regions in every state,
 * a B2B event with a published plan (cross-border and same-country meetings) and a newer unpublished
 * run, profiles, ads and searches created in and out of the period. Every number is exact.
 */
let handle: DbHandle;
let admin: TestUser;

const MARCH = { from: { year: 2025, month: 3, day: 1 }, to: { year: 2025, month: 3, day: 31 } };
const DRESDEN: TestAddress = {};
const USTI: TestAddress = { country: "CZ", state: "Ústecký kraj", postalCode: "400 01", districtCode: "3510" };
const LIBEREC: TestAddress = { country: "CZ", state: "Liberecký kraj", postalCode: "460 01", districtCode: "3505" };
const GORLITZ: TestAddress = { postalCode: "02708", districtCode: "14626" };

beforeAll(async () => {
  handle = await createTestDb();
  const db = handle.db;
  admin = await insertUser(db, "Admin");
  const organiser = await insertCompany(db, { name: "Veranstalter e. V." });
  const company = async (name: string, address: TestAddress, createdAt: string, deleted = false) => {
    const id = await insertCompany(db, { name, address });
    await db.update(companies).set({ createdAt: new Date(createdAt), deletedAt: deleted ? new Date("2025-04-02T10:00:00Z") : null }).where(eq(companies.id, id));
    return id;
  };
  const de1 = await company("Weiß Straßenbau GmbH", DRESDEN, "2025-03-10T10:00:00Z");
  const cz1 = await company("Sklárna Děčín a.s.", USTI, "2025-02-28T23:30:00Z"); // 1 March in Berlin
  const cz2 = await company("Šťastná Logistika s.r.o.", LIBEREC, "2024-11-01T10:00:00Z");
  const de2 = await company("Groß & Söhne KG", GORLITZ, "2025-03-31T22:30:00Z"); // 1 April in Berlin
  await company("Gelöschte Firma GmbH", DRESDEN, "2025-03-15T10:00:00Z", true);

  const event = (startsAt: string, o: { b2b?: boolean; deleted?: boolean } = {}) =>
    insertEvent(db, { companyId: organiser, startsAt: new Date(startsAt), b2b: o.b2b ?? false, deletedAt: o.deleted ? new Date("2025-03-20T10:00:00Z") : null });
  const b2bEvent = await event("2025-03-12T08:00:00Z", { b2b: true });
  const fair = await event("2025-03-31T21:00:00Z"); // 31 March, 23:00 in Berlin
  const february = await event("2025-02-28T22:00:00Z", { b2b: true }); // 28 February, 23:00 in Berlin
  const deleted = await event("2025-03-20T08:00:00Z", { deleted: true });

  const register = async (eventId: string, companyId: string, status: "REGISTERED" | "ATTENDED" | "WAITING" | "CANCELLED") => {
    const user = await insertUser(db, "Organisation");
    await db.insert(eventRegistrations).values({ eventId, companyId, userId: user.id, status, formVersion: 1, answers: {}, cancelledAt: status === "CANCELLED" ? new Date() : null });
  };
  await register(b2bEvent, de1, "REGISTERED");
  await register(b2bEvent, cz1, "ATTENDED");
  await register(b2bEvent, cz2, "REGISTERED");
  await register(b2bEvent, de2, "WAITING");
  await register(b2bEvent, de2, "CANCELLED");
  await register(fair, de1, "ATTENDED");
  // Two people of one company at one event: one participation.
  await register(fair, cz1, "REGISTERED");
  await register(fair, cz1, "REGISTERED");
  await register(february, de2, "REGISTERED");
  await register(deleted, de2, "REGISTERED");

  // The published plan: two cross-border meetings and one between the two Czech companies.
  await db.insert(b2bPlans).values([{ eventId: b2bEvent }, { eventId: february }]);
  await storeSchedule(db, b2bEvent, [
    { round: 1, table: 1, a: de1, b: cz1 },
    { round: 2, table: 1, a: cz2, b: de1 },
    { round: 3, table: 1, a: cz1, b: cz2 },
  ]);
  // A newer run not published yet, and a published plan of an event outside the period: not counted.
  await storeSchedule(db, b2bEvent, [1, 2, 3, 4].map((round) => ({ round, table: 1, a: de1, b: cz1 })), { publish: false });
  await storeSchedule(db, february, [{ round: 1, table: 1, a: de2, b: cz1 }]);

  const ad = (companyId: string, type: "OFFER" | "INQUIRY", createdAt: string) => ({
    companyId,
    type,
    title: "Anzeige",
    description: "Beschreibung",
    keywords: ["Glas"],
    termsUrl: "https://firma.example/agb",
    validityDays: 30,
    validUntil: new Date("2025-06-01T00:00:00Z"),
    createdAt: new Date(createdAt),
  });
  await db.insert(companyServices).values([
    ad(cz1, "OFFER", "2025-03-02T10:00:00Z"),
    ad(de1, "OFFER", "2025-03-30T10:00:00Z"),
    ad(de1, "INQUIRY", "2025-03-05T10:00:00Z"),
    ad(cz2, "OFFER", "2025-04-01T10:00:00Z"),
  ]);

  const entry = (action: "SEARCHED" | "LOGIN", createdAt: string) => ({ action, userId: null, details: { type: "COMPANY", results: 1 }, createdAt: new Date(createdAt) });
  await db
    .insert(auditTrail)
    .values([
      entry("SEARCHED", "2025-03-01T10:00:00Z"),
      entry("SEARCHED", "2025-03-15T10:00:00Z"),
      entry("SEARCHED", "2025-03-31T21:59:00Z"),
      entry("SEARCHED", "2025-03-31T22:00:00Z"),
      entry("LOGIN", "2025-03-15T10:00:00Z"),
    ]);
});
afterAll(() => handle.close());

describe("funder report", () => {
  it("counts events, participating companies by country and region, meetings, profiles, ads and searches", async () => {
    const report = await funderReport(handle.db, admin, MARCH.from, MARCH.to);
    expect(report.events).toEqual({ total: 2, b2b: 1 });
    expect(report.participation.total).toEqual({ companies: 3, attended: 2, participations: 5 });
    expect(report.participation.byCountry).toEqual([
      { country: "DE", companies: 1, attended: 1, participations: 2 },
      { country: "CZ", companies: 2, attended: 1, participations: 3 },
    ]);
    expect(report.participation.byRegion).toEqual([
      { country: "DE", region: "Kreisfreie Stadt Dresden", companies: 1, attended: 1, participations: 2 },
      { country: "CZ", region: "Liberecký kraj", companies: 1, attended: 0, participations: 1 },
      { country: "CZ", region: "Ústecký kraj", companies: 1, attended: 1, participations: 2 },
    ]);
    expect(report.meetings).toEqual({ total: 3, crossBorder: 2, sameCountry: 1 });
    expect(report.newProfiles).toEqual({ total: 2, byCountry: [{ country: "DE", count: 1 }, { country: "CZ", count: 1 }] });
    expect(report.newAds).toEqual({ offers: 2, inquiries: 1 });
    expect(report.searches).toBe(3);
  });

  it("counts the February event's plan in February and nothing in an empty period", async () => {
    const february = await funderReport(handle.db, admin, { year: 2025, month: 2, day: 1 }, { year: 2025, month: 2, day: 28 });
    expect(february.events).toEqual({ total: 1, b2b: 1 });
    expect(february.participation.total).toEqual({ companies: 1, attended: 0, participations: 1 });
    expect(february.meetings).toEqual({ total: 1, crossBorder: 1, sameCountry: 0 });
    const empty = await funderReport(handle.db, admin, { year: 2024, month: 1, day: 1 }, { year: 2024, month: 1, day: 31 });
    expect(empty).toMatchObject({ events: { total: 0, b2b: 0 }, participation: { total: { companies: 0, attended: 0, participations: 0 }, byCountry: [], byRegion: [] } });
    expect(empty.meetings).toEqual({ total: 0, crossBorder: 0, sameCountry: 0 });
  });

  it("defaults to the current year so far and keeps a reversed period readable", () => {
    const today = { year: 2026, month: 11, day: 26 };
    expect(parseReportPeriod(new URLSearchParams(), today)).toEqual({ from: { year: 2026, month: 1, day: 1 }, to: today, errors: {} });
    const reversed = parseReportPeriod(new URLSearchParams({ from: "1.3.2025", to: "1.2.2025" }), today);
    expect(reversed.errors).toEqual({ to: "DATE_RANGE_INVALID" });
    expect(reversed.from).toEqual({ year: 2025, month: 3, day: 1 });
    expect(parseReportPeriod(new URLSearchParams({ from: "x" }), today).errors).toEqual({ from: "DATE_INVALID" });
  });

  it("writes the PDF in the reader's language with Czech diacritics intact, and the CSV in long form", async () => {
    const params = new URLSearchParams({ from: "2025-03-01", to: "2025-03-31" });
    const pdf = await funderReportPdfResponse(handle.db, admin, params, "cs");
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    const plain = text.replace(/[\u00a0\u202f]/g, " ");
    for (const phrase of ["Zpráva pro poskytovatele dotace", "Zúčastněné firmy podle regionu", "Ústecký kraj", "Liberecký kraj", "z toho přeshraniční (DE–CZ)", "Česko", "Německo"]) {
      expect(plain).toContain(phrase);
    }

    const csv = await (await funderReportCsvResponse(handle.db, admin, params, "de")).text();
    const rows = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { delimiter: ";", skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(["Zeitraum", "Tabelle", "Zeile", "Kennzahl", "Wert"]);
    const period = rows[1]![0]!;
    expect(rows).toContainEqual([period, "Überblick", "davon grenzüberschreitend (DE–CZ)", "Anzahl", "2"]);
    expect(rows).toContainEqual([period, "Teilnehmende Firmen nach Region", "Tschechien – Ústecký kraj", "Teilnahmen", "2"]);
    expect(rows).toContainEqual([period, "Neue Firmenprofile nach Land", "Deutschland", "Neue Profile", "1"]);
    expect(rows).toHaveLength(1 + 12 + 2 * 3 + 3 * 3 + 2);
  });

  it("refuses unreadable dates in a download, and everyone but admins", async () => {
    await expect(funderReportCsvResponse(handle.db, admin, new URLSearchParams({ from: "31.2.2025" }), "de")).rejects.toMatchObject({ code: "DATE_INVALID" });
    for (const role of ["Organisation", "Multiplikator"] as const) {
      const actor = await insertUser(handle.db, role);
      await expect(funderReport(handle.db, actor, MARCH.from, MARCH.to)).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(funderReportPdfResponse(handle.db, actor, new URLSearchParams(), "de")).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    await expect(funderReport(handle.db, null, MARCH.from, MARCH.to)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(funderReportModel(await funderReport(handle.db, admin, MARCH.from, MARCH.to), "cs").period).toMatch(/2025/);
    // Reading changed nothing.
    expect((await handle.db.select().from(companyServices).where(inArray(companyServices.type, ["OFFER", "INQUIRY"]))).length).toBe(4);
  });
});
