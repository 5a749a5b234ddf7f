import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluationSchema } from "~/schemas/evaluation";
import { DEFAULT_FILTER } from "~/schemas/participant-selection";
import type { DbHandle } from "~/server/db/client.server";
import { registerForEvent } from "~/server/events/registrations.server";
import { insertCompany, insertUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb } from "../../../tests/support/db";
import { insertEvent } from "../../../tests/support/event-fixtures";
import { CSV_BOM, csvCell, participantsCsv } from "./csv.server";
import { evaluationCsv } from "./evaluation-csv.server";
import { getEvaluation, saveEvaluation } from "./evaluation.server";
import { listParticipants } from "./list.server";
import { checkIn } from "./registration-admin.server";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

async function eventWithOrganiser() {
  const organiser = await insertUser(handle.db, "Multiplikator");
  const companyId = await insertCompany(handle.db, { members: [organiser.id] });
  const eventId = await insertEvent(handle.db, { companyId, maxParticipants: 3 });
  return { organiser, eventId };
}

async function register(eventId: string, at: number, o: { country?: "DE" | "CZ"; districtCode?: string | null; name?: string; city?: string; postalCode?: string; state?: string } = {}) {
  const user = await insertUser(handle.db, "Organisation", { name: o.name ?? "Test Person", locale: o.country === "CZ" ? "cs" : "de" });
  const address = { country: o.country ?? "DE", districtCode: o.districtCode === undefined ? "14612" : o.districtCode, ...(o.postalCode ? { postalCode: o.postalCode } : {}), ...(o.state ? { state: o.state } : {}) };
  const companyId = await insertCompany(handle.db, { members: [user.id], address, ...(o.city ? { city: o.city } : {}) });
  return registerForEvent(handle.db, user, { eventId, companyId, answers: {}, locale: o.country === "CZ" ? "cs" : "de" }, new Date(Date.now() + at * 1000));
}

describe("event evaluation", () => {
  it("says nothing is registered yet, then counts registrations and attendance by country and region", async () => {
    const { organiser, eventId } = await eventWithOrganiser();
    const empty = await getEvaluation(handle.db, organiser, eventId);
    expect(empty.totals).toEqual({ registered: 0, attended: 0, waiting: 0, cancelled: 0 });
    expect(empty.byCountry).toEqual([]);

    const dresden = await register(eventId, 1);
    await register(eventId, 2, { country: "CZ", districtCode: "3510", state: "Ústecký kraj", postalCode: "400 01" });
    await register(eventId, 3, { country: "CZ", districtCode: "3510", state: "Ústecký kraj", postalCode: "400 01" });
    await register(eventId, 4, { country: "CZ", districtCode: "3510" }); // capacity 3: waiting
    await checkIn(handle.db, organiser, eventId, dresden.id);

    const e = await getEvaluation(handle.db, organiser, eventId);
    expect(e.totals).toEqual({ registered: 3, attended: 1, waiting: 1, cancelled: 0 });
    expect(e.byCountry).toEqual([
      { country: "CZ", registered: 2, attended: 0, waiting: 1, cancelled: 0 },
      { country: "DE", registered: 1, attended: 1, waiting: 0, cancelled: 0 },
    ]);
    expect(e.byRegion).toEqual([
      { country: "CZ", region: "Ústecký kraj", registered: 2, attended: 0, waiting: 1, cancelled: 0 },
      { country: "DE", region: "Kreisfreie Stadt Dresden", registered: 1, attended: 1, waiting: 0, cancelled: 0 },
    ]);

    const csv = evaluationCsv(e, "cs");
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    const parsed = Papa.parse<string[]>(csv.slice(1), { delimiter: ";" }).data;
    expect(parsed[0]).toEqual(["Úroveň", "Region", "Země", "Přihlášky", "Účast", "Čekací listina", "Zrušeno"]);
    expect(parsed).toContainEqual(["Region", "Ústecký kraj", "Česko", "2", "0", "1", "0"]);
    expect(parsed).toContainEqual(["Celkem", "", "", "3", "1", "1", "0"]);
  });

  it("records attendance and notes, refuses bad input, and lets only organisers and admins see or save it", async () => {
    const { organiser, eventId } = await eventWithOrganiser();
    await saveEvaluation(handle.db, organiser, eventId, evaluationSchema.parse({ actualAttendance: " 42 ", notes: "Gute Resonanz – Ústí war stark vertreten." }));
    const saved = await getEvaluation(handle.db, organiser, eventId);
    expect(saved.record).toMatchObject({ actualAttendance: 42, notes: "Gute Resonanz – Ústí war stark vertreten." });
    await saveEvaluation(handle.db, organiser, eventId, evaluationSchema.parse({ actualAttendance: "", notes: "" }));
    expect((await getEvaluation(handle.db, organiser, eventId)).record).toMatchObject({ actualAttendance: null, notes: "" });

    for (const bad of ["-1", "12a", "4.5", "1000001"]) {
      expect(evaluationSchema.safeParse({ actualAttendance: bad, notes: "" }).error?.issues[0]?.message).toBe("ATTENDANCE_INVALID");
    }
    expect(evaluationSchema.safeParse({ actualAttendance: "", notes: "x".repeat(4001) }).error?.issues[0]?.message).toBe("TEXT_TOO_LONG");

    const other = await insertUser(handle.db, "Multiplikator");
    await insertCompany(handle.db, { members: [other.id] });
    const participant = await insertUser(handle.db, "Organisation");
    const admin = await insertUser(handle.db, "Admin");
    const input = evaluationSchema.parse({ actualAttendance: "1", notes: "" });
    for (const actor of [other, participant]) {
      await expect(getEvaluation(handle.db, actor, eventId)).rejects.toMatchObject({ code: "PARTICIPANT_LIST_FORBIDDEN" });
      await expect(saveEvaluation(handle.db, actor, eventId, input)).rejects.toMatchObject({ code: "PARTICIPANT_LIST_FORBIDDEN" });
    }
    await expect(saveEvaluation(handle.db, null, eventId, input)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await saveEvaluation(handle.db, admin, eventId, input);
    expect((await getEvaluation(handle.db, admin, eventId)).record.actualAttendance).toBe(1);
  });
});

describe("participant CSV", () => {
  it("is UTF-8 with a BOM, semicolon-separated, translated, and keeps formulas as text", async () => {
    const { organiser, eventId } = await eventWithOrganiser();
    await register(eventId, 1, { name: "=HYPERLINK(\"http://x\")", city: "Dresden" });
    await register(eventId, 2, { name: "Jiří Šťastný", country: "CZ", districtCode: "3510", city: "Ústí nad Labem" });
    const list = await listParticipants(handle.db, organiser, eventId, { filter: { ...DEFAULT_FILTER }, ids: [] });
    const csv = participantsCsv(list, "de");
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv).toContain("\r\n");
    const rows = Papa.parse<string[]>(csv.slice(1), { delimiter: ";" }).data.filter((r) => r.length > 1);
    expect(rows[0]!.slice(0, 4)).toEqual(["Person", "E-Mail", "Firma", "Land"]);
    expect(rows[1]![0]).toBe("'=HYPERLINK(\"http://x\")");
    expect(rows[2]!.slice(3, 5)).toEqual(["Tschechien", "Ústecký kraj"]);
    expect(rows[2]![0]).toBe("Jiří Šťastný");
    expect(rows[2]![7]).toBe("Angemeldet");
    expect(csvCell("-5")).toBe("'-5");
    expect(csvCell("Straße")).toBe("Straße");
  });
});
