import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDb } from "../../../tests/support/db";
import type { DbHandle } from "~/server/db/client.server";
import { b2bMeetings, b2bPlans, eventFiles, eventForms, eventRegistrations, events } from "~/server/db/schema";
import { seedDemoData } from "~/server/db/seed.server";
import { EventFormDefinitionSchema } from "~/schemas/event-form";
import { validateAnswers } from "~/schemas/event-form-logic";
import { LocalDiskStorage } from "~/server/storage/storage.server";
import { DEMO_EVENTS } from "./demo-events";
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
  // The B2B event's schedule is published (issue 12): a round-robin of its three registered companies.
  const b2b = rows.find((e) => e.b2b)!;
  const [plan] = await db.select().from(b2bPlans).where(eq(b2bPlans.eventId, b2b.id));
  expect(plan!.publishedRunId).not.toBeNull();
  expect(plan!.currentRunId).toBe(plan!.publishedRunId);
  const meetings = await db.select().from(b2bMeetings).where(eq(b2bMeetings.runId, plan!.publishedRunId!));
  expect(meetings.map((m) => m.round).sort()).toEqual([1, 2, 3]);
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
});
