import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDb } from "../../../tests/support/db";
import type { DbHandle } from "~/server/db/client.server";
import { b2bPlans, b2bPreferenceLists, b2bPreferences, companyUserLinks, eventFiles, eventForms, eventRegistrations, events, users } from "~/server/db/schema";
import { registrationState } from "~/schemas/event-state";
import { participatingCompanies } from "~/server/matching/participants.server";
import { loadPreferencesForMatching } from "~/server/matching/preferences.server";
import { seedDemoData } from "~/server/db/seed.server";
import { EventFormDefinitionSchema } from "~/schemas/event-form";
import { validateAnswers } from "~/schemas/event-form-logic";
import { LocalDiskStorage } from "~/server/storage/storage.server";
import { DEMO_EVENTS, DEMO_PARTICIPANTS } from "./demo-events";
import { seedDemoCompanies } from "./seed-companies.server";
import { seedDemoEvents } from "./seed-events.server";

let handle: DbHandle;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pn-demo-events-"));
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it("seeds about 12 events once: past and upcoming, B2B, external, fees, online, one full with a waiting list, each with a form and an image", async () => {
  const { db } = handle;
  const storage = new LocalDiskStorage(dir);
  const now = new Date();
  expect(await seedDemoEvents(db, storage, now)).toBe(0); // no companies yet
  await seedDemoData(db);
  await seedDemoCompanies(db, storage, now);
  expect(await seedDemoEvents(db, storage, now)).toBe(DEMO_EVENTS.length);
  expect(await seedDemoEvents(db, storage, now)).toBe(0);

  const rows = await db.select().from(events);
  expect(rows).toHaveLength(DEMO_EVENTS.length);
  expect(rows.filter((e) => e.startsAt < now).length).toBeGreaterThanOrEqual(3);
  expect(rows.filter((e) => e.startsAt > now).length).toBeGreaterThanOrEqual(8);
  expect(rows.filter((e) => e.b2b)).toHaveLength(1);
  expect(rows.filter((e) => e.registrationKind === "EXTERNAL" && e.externalUrl)).toHaveLength(1);
  expect(new Set(rows.filter((e) => e.feeMinor !== null).map((e) => e.currency))).toEqual(new Set(["EUR", "CZK"]));
  expect(rows.filter((e) => e.locationKind === "ONLINE" && e.onlineUrl)).toHaveLength(1);
  expect(rows.filter((e) => e.publishAt > now)).toHaveLength(1);
  expect(rows.filter((e) => e.locationKind === "ADDRESS" && e.lat === null)).toHaveLength(0);

  for (const e of rows) {
    const forms = await db.select().from(eventForms).where(eq(eventForms.eventId, e.id));
    expect(forms).toHaveLength(1);
    expect(EventFormDefinitionSchema.safeParse(forms[0]!.definition).success).toBe(true);
    const [image] = await db.select().from(eventFiles).where(and(eq(eventFiles.eventId, e.id), eq(eventFiles.kind, "IMAGE")));
    expect(await storage.get(image!.storageKey)).not.toBeNull();
  }

  const full = rows.find((e) => e.titleDe === "Netzwerkabend Erzgebirge")!;
  const byStatus = async (status: "REGISTERED" | "WAITING") =>
    (await db.select({ n: count() }).from(eventRegistrations).where(and(eq(eventRegistrations.eventId, full.id), eq(eventRegistrations.status, status))))[0]!.n;
  expect(await byStatus("REGISTERED")).toBe(full.maxParticipants);
  expect(await byStatus("WAITING")).toBeGreaterThan(0);
  // Every demo registration is a valid answer to its form (as a real one would be).
  for (const registration of await db.select().from(eventRegistrations)) {
    const [form] = await db.select().from(eventForms).where(eq(eventForms.eventId, registration.eventId));
    expect(validateAnswers(form!.definition, registration.answers)).toEqual({ ok: true, answers: registration.answers });
  }
  const [withUser] = await db.select({ n: count() }).from(eventRegistrations).where(isNotNull(eventRegistrations.userId));
  expect(withUser!.n).toBeGreaterThan(5);

  // The B2B exchange is ready to run: registration closed, 24 companies, 19 of them ranked (issue 12).
  const b2b = rows.find((e) => e.b2b)!;
  expect(registrationState(b2b, now, { taken: 24 })).toBe("B2B_MATCHING");
  const participants = await participatingCompanies(db, b2b.id);
  expect(participants).toHaveLength(24);
  expect(b2b.maxParticipants).toBeGreaterThanOrEqual(24);
  const prefs = await loadPreferencesForMatching(db, b2b.id, participants.map((p) => p.companyId));
  expect(prefs.submitted.size).toBe(19);
  const lengths = [...prefs.submitted].map((id) => prefs.ranking[id]!.length);
  expect(Math.min(...lengths)).toBeGreaterThanOrEqual(3);
  expect(Math.max(...lengths)).toBeLessThanOrEqual(10);
  const mutualFirst = [...prefs.submitted].filter((id) => prefs.ranking[prefs.ranking[id]![0]!]?.[0] === id);
  expect(mutualFirst.length).toBeGreaterThanOrEqual(4);
  expect([...prefs.submitted].filter((id) => prefs.excluded[id]!.length > 0).length).toBeGreaterThanOrEqual(3);
  const [plan] = await db.select().from(b2bPlans).where(eq(b2bPlans.eventId, b2b.id));
  expect(plan!.roundStarts.length).toBeGreaterThan(0);
  expect(plan!.preferenceDeadline!.getTime()).toBeGreaterThan(now.getTime());
  // The demo participants registered for it (the e2e tests rank with them) have no list yet.
  const demoUsers = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_PARTICIPANTS[0]!.email));
  const [link] = await db.select().from(companyUserLinks).where(eq(companyUserLinks.userId, demoUsers[0]!.id));
  expect(participants.map((p) => p.companyId)).toContain(link!.companyId);
  expect(prefs.submitted.has(link!.companyId)).toBe(false);
  expect((await db.select({ n: count() }).from(b2bPreferenceLists))[0]!.n).toBe(19);
  expect((await db.select({ n: count() }).from(b2bPreferences).where(eq(b2bPreferences.eventId, b2b.id)))[0]!.n).toBeGreaterThan(60);
});
