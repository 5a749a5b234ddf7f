import { asc, count, inArray } from "drizzle-orm";
import type { FormAnswers } from "~/schemas/event-form";
import { type Db, withTransaction } from "~/server/db/client.server";
import { companies, companyUserLinks, eventFiles, eventForms, eventOrganizers, eventRegistrations, events, users } from "~/server/db/schema";
import { geocodeAddress } from "~/server/reference/geocode.server";
import type { FileStorage } from "~/server/storage/storage.server";
import { renderDemoBanner } from "./banner.server";
import { TOWNS } from "./demo-catalogue";
import { DEMO_EVENTS, DEMO_FORMS, DEMO_PARTICIPANTS, type DemoEvent } from "./demo-events";
import { seedB2bDemo } from "./seed-b2b.server";

const DAY = 86_400_000;

/** `days` from `now` at `hour` o'clock Central European time (UTC+1; an hour off in summer is fine for demo data). */
function at(now: Date, days: number, hour: number): Date {
  const d = new Date(now.getTime() + days * DAY);
  d.setUTCHours(hour - 1, 0, 0, 0);
  return d;
}

/** A banner with the event's title, so demo events look like real ones in lists and galleries. */
function demoBanner(storage: FileStorage, event: DemoEvent): Promise<{ key: string; size: number }> {
  return renderDemoBanner(storage, "events", event);
}

function demoAnswers(form: DemoEvent["form"], i: number): FormAnswers {
  if (form === "standard") return i % 2 === 0 ? { function: "Geschäftsführung", dinner: true, menu: ["vegetarian"] } : { function: "Vertrieb", dinner: false };
  if (form === "b2b") return { function: "Einkauf", looking: i % 2 === 0 ? ["suppliers"] : ["customers", "partners"], interpreter: i === 1 };
  return {};
}

/** Demo participants: users linked to demo companies, created once. */
async function demoParticipants(tx: Db, companyIds: string[], now: Date): Promise<Array<{ userId: string; companyId: string; locale: "de" | "cs" }>> {
  await tx
    .insert(users)
    .values(DEMO_PARTICIPANTS.map((p) => ({ email: p.email, name: p.name, locale: p.locale, role: "Organisation" as const, verified: true, active: true, termsAcceptedAt: now })))
    .onConflictDoNothing();
  const rows = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, DEMO_PARTICIPANTS.map((p) => p.email)));
  const byEmail = new Map(rows.map((r) => [r.email, r.id]));
  const result = [];
  for (const p of DEMO_PARTICIPANTS) {
    const userId = byEmail.get(p.email)!;
    const companyId = companyIds[p.company]!;
    await tx.insert(companyUserLinks).values({ userId, companyId, status: "CONFIRMED", decidedAt: now }).onConflictDoNothing();
    result.push({ userId, companyId, locale: p.locale });
  }
  return result;
}

/**
 * Demo events (idempotent: only when there are demo companies and no events yet), each with a
 * registration form, a banner image and, where the catalogue says so, registrations — the
 * "full" one with a waiting list. One transaction: all or nothing, like the company seed.
 */
export async function seedDemoEvents(db: Db, storage: FileStorage, now = new Date()): Promise<number> {
  const keys: string[] = [];
  try {
    return await withTransaction(db, async (tx) => {
      const [existing] = await tx.select({ n: count() }).from(events);
      if ((existing?.n ?? 0) > 0) return 0;
      const companyIds = (await tx.select({ id: companies.id }).from(companies).orderBy(asc(companies.createdAt), asc(companies.id))).map((c) => c.id);
      // Companies are created with createdAt = now - index: oldest first is the reverse of the index.
      companyIds.reverse();
      if (companyIds.length < 14) return 0;
      const participants = await demoParticipants(tx, companyIds, now);
      for (const demo of DEMO_EVENTS) {
        const banner = await demoBanner(storage, demo);
        keys.push(banner.key);
        await seedOne(tx, demo, banner, companyIds, participants, now);
      }
      return DEMO_EVENTS.length;
    });
  } catch (error) {
    await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
}

async function seedOne(
  tx: Db,
  demo: DemoEvent,
  banner: { key: string; size: number },
  companyIds: string[],
  participants: Array<{ userId: string; companyId: string; locale: "de" | "cs" }>,
  now: Date,
): Promise<void> {
  const town = demo.town === null ? null : TOWNS[demo.town]!;
  const geo = town ? await geocodeAddress(tx, { country: town.country, postalCode: town.postalCode, city: town.city }) : null;
  const startsAt = at(now, demo.day, demo.hour);
  const [row] = await tx
    .insert(events)
    .values({
      companyId: companyIds[demo.organiser]!,
      titleDe: demo.titleDe,
      titleCs: demo.titleCs,
      descriptionDe: `<p>${demo.textDe}</p>`,
      descriptionCs: `<p>${demo.textCs}</p>`,
      locationKind: town ? "ADDRESS" : "ONLINE",
      onlineUrl: town ? null : "https://meet.example.org/partnernet-seminar",
      venue: demo.venue ?? null,
      country: town?.country ?? null,
      state: town?.state ?? null,
      line1: town ? (town.country === "DE" ? "Hauptstraße 1" : "Hlavní 1") : null,
      postalCode: town?.postalCode ?? null,
      city: town?.city ?? null,
      lat: geo?.lat ?? null,
      lon: geo?.lon ?? null,
      startsAt,
      endsAt: new Date(startsAt.getTime() + demo.hours * 3_600_000),
      publishAt: at(now, demo.publishDay ?? Math.min(-14, demo.day - 30), 8),
      registrationDeadline: demo.deadlineDay === undefined ? null : at(now, demo.deadlineDay, 23),
      maxParticipants: demo.maxParticipants ?? null,
      feeMinor: demo.fee?.minor ?? null,
      currency: demo.fee?.currency ?? null,
      paymentTermsDe: demo.fee?.de ?? null,
      paymentTermsCs: demo.fee?.cs ?? null,
      registrationKind: demo.external ? "EXTERNAL" : "INTERNAL",
      externalUrl: demo.external ?? null,
      b2b: demo.b2b ?? false,
      createdAt: at(now, Math.min(-15, demo.day - 31), 8),
      updatedAt: at(now, Math.min(-15, demo.day - 31), 8),
    })
    .returning({ id: events.id });
  const eventId = row!.id;
  await tx.insert(eventForms).values({ eventId, version: 1, definition: DEMO_FORMS[demo.form] });
  await tx.insert(eventFiles).values({ eventId, kind: "IMAGE", storageKey: banner.key, fileName: `${demo.key}.webp`, sizeBytes: banner.size, position: 0 });
  if (demo.coOrganiser !== undefined) await tx.insert(eventOrganizers).values({ eventId, companyId: companyIds[demo.coOrganiser]! });
  const registrationDeadline = demo.deadlineDay === undefined ? null : at(now, demo.deadlineDay, 23);
  // Registrations were made before registration closed (the B2B event's closed two days ago).
  const registeredUntil = registrationDeadline && registrationDeadline < now ? registrationDeadline : now;
  const count = Math.min(demo.registrations ?? 0, participants.length);
  for (let i = 0; i < count; i++) {
    const p = participants[i]!;
    const held = demo.maxParticipants === undefined || i < demo.maxParticipants;
    // Past events: all but the last participant came and were checked in (the evaluation shows it).
    const attended = held && startsAt.getTime() < now.getTime() && i < count - 1;
    await tx.insert(eventRegistrations).values({
      eventId,
      companyId: p.companyId,
      userId: p.userId,
      status: attended ? "ATTENDED" : held ? "REGISTERED" : "WAITING",
      attendedAt: attended ? new Date(startsAt.getTime() + (10 + i * 3) * 60_000) : null,
      formVersion: 1,
      answers: demoAnswers(demo.form, i),
      locale: p.locale,
      // Registration order is the waiting-list order.
      createdAt: new Date(registeredUntil.getTime() - (count - i) * 3_600_000),
      updatedAt: now,
    });
  }
  if (demo.b2b && registrationDeadline) {
    const registered = participants.slice(0, count).map((p) => p.companyId);
    await seedB2bDemo(tx, eventId, companyIds, registered, { startsAt, registrationDeadline, now });
  }
}
