import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FILTER } from "~/schemas/participant-selection";
import { getApprovals } from "~/server/admin/approvals.server";
import { verifyCompany } from "~/server/companies/moderation.server";
import type { DbHandle } from "~/server/db/client.server";
import { companies } from "~/server/db/schema";
import { listParticipants } from "~/server/participants/list.server";
import { insertCompany, insertUser, type TestUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb } from "../../../tests/support/db";
import { insertEvent } from "../../../tests/support/event-fixtures";
import { getPublicEvent } from "./detail.server";
import { cancelRegistration, registerForEvent } from "./registrations.server";

// Decision 031: a company whose new profile awaits approval registers like any other; the
// organiser sees the registration marked, the admins see the company first in their queue.
let handle: DbHandle;
let admin: TestUser;
const db = () => handle.db;
const D = 86_400_000;

beforeAll(async () => {
  handle = await createTestDb();
  admin = await insertUser(db(), "Admin");
});
afterAll(() => handle.close());

async function pendingCompany(name: string, createdAt: Date) {
  const user = await insertUser(db(), "Organisation");
  const id = await insertCompany(db(), { name, status: "PENDING", members: [user.id] });
  await db().update(companies).set({ createdAt }).where(eq(companies.id, id));
  return { user, id };
}

describe("a company awaiting approval", () => {
  it("registers, is marked for the organiser, stays off the public participant list, and loses the mark once approved", async () => {
    const now = new Date();
    const organiser = await insertUser(db(), "Multiplikator");
    const organiserCompany = await insertCompany(db(), { members: [organiser.id] });
    const eventId = await insertEvent(db(), { companyId: organiserCompany }, now);
    const newcomer = await pendingCompany("Nováček s.r.o.", new Date(now.getTime() - D));
    const verified = await insertUser(db(), "Organisation");
    const verifiedCompany = await insertCompany(db(), { name: "Geprüft GmbH", members: [verified.id] });

    const detail = await getPublicEvent(db(), newcomer.user, eventId, now);
    expect(detail.can.register).toBe(true);
    expect(detail.registrableCompanies).toEqual([{ id: newcomer.id, name: "Nováček s.r.o.", pending: true }]);

    const mine = await registerForEvent(db(), newcomer.user, { eventId, companyId: newcomer.id, answers: {}, locale: "cs" }, now);
    expect(mine.status).toBe("REGISTERED");
    await registerForEvent(db(), verified, { eventId, companyId: verifiedCompany, answers: {}, locale: "de" }, now);

    const list = await listParticipants(db(), organiser, eventId, { filter: DEFAULT_FILTER, ids: [] }, now);
    // Both registered at the same instant: compare without relying on their order.
    expect(Object.fromEntries(list.rows.map((r) => [r.companyName, r.companyPending]))).toEqual({ "Nováček s.r.o.": true, "Geprüft GmbH": false });
    // The public list of participating companies still shows verified profiles only (decision 006).
    expect((await getPublicEvent(db(), verified, eventId, now)).participants?.map((p) => p.name)).toEqual(["Geprüft GmbH"]);

    await verifyCompany(db(), admin, newcomer.id);
    const after = await listParticipants(db(), organiser, eventId, { filter: DEFAULT_FILTER, ids: [] }, now);
    expect(after.rows.find((r) => r.id === mine.id)?.companyPending).toBe(false);
  });

  it("comes first in the approval queue when it registered, the nearest event first; others follow oldest first", async () => {
    const now = new Date();
    // A fresh set of pending companies: earlier tests' ones were approved or belong to no upcoming event.
    const before = (await getApprovals(db(), admin, now)).companies.map((c) => c.id);
    const organiser = await insertUser(db(), "Multiplikator");
    const organiserCompany = await insertCompany(db(), { members: [organiser.id] });
    const soon = await insertEvent(db(), { companyId: organiserCompany, titleDe: "Bald", startsAt: new Date(now.getTime() + 3 * D) }, now);
    const later = await insertEvent(db(), { companyId: organiserCompany, titleDe: "Später", startsAt: new Date(now.getTime() + 20 * D) }, now);
    const past = await insertEvent(db(), { companyId: organiserCompany, titleDe: "Vorbei", startsAt: new Date(now.getTime() + 1 * D) }, now);

    const oldest = await pendingCompany("Älteste ohne Anmeldung", new Date(now.getTime() - 30 * D));
    const laterOne = await pendingCompany("Angemeldet später", new Date(now.getTime() - 20 * D));
    const soonOne = await pendingCompany("Angemeldet bald", new Date(now.getTime() - 2 * D));
    const cancelled = await pendingCompany("Storniert", new Date(now.getTime() - 25 * D));
    const pastOnly = await pendingCompany("Nur Vergangenes", new Date(now.getTime() - 10 * D));

    const reg = (c: { user: TestUser; id: string }, eventId: string) => registerForEvent(db(), c.user, { eventId, companyId: c.id, answers: {}, locale: "de" }, now);
    await reg(laterOne, later);
    await reg(soonOne, later);
    await reg(soonOne, soon);
    const gone = await reg(cancelled, soon);
    await cancelRegistration(db(), cancelled.user, gone.id, now);
    await reg(pastOnly, past);

    // Two days on, the "past" event is over: its registration no longer pushes a company forward.
    const then = new Date(now.getTime() + 2 * D);
    const queue = (await getApprovals(db(), admin, then)).companies.filter((c) => !before.includes(c.id));
    expect(queue.map((c) => c.name)).toEqual(["Angemeldet bald", "Angemeldet später", "Älteste ohne Anmeldung", "Storniert", "Nur Vergangenes"]);
    expect(queue[0]?.events.map((e) => e.titleDe)).toEqual(["Bald", "Später"]);
    expect(queue[1]?.events.map((e) => e.titleDe)).toEqual(["Später"]);
    expect(queue.slice(2).every((c) => c.events.length === 0)).toBe(true);
    expect(oldest.id).toBe(queue[2]?.id);
  });
});
