import type { Db } from "~/server/db/client.server";
import { eventForms, eventOrganizers, events } from "~/server/db/schema";
import { EMPTY_FORM, type EventFormDefinition } from "~/schemas/event-form";

const DAY = 86_400_000;

export interface TestEventOptions {
  companyId: string;
  /** Further organiser companies. */
  organizers?: string[];
  startsAt?: Date;
  endsAt?: Date;
  publishAt?: Date;
  registrationDeadline?: Date | null;
  maxParticipants?: number | null;
  active?: boolean;
  deletedAt?: Date | null;
  b2b?: boolean;
  registrationKind?: "INTERNAL" | "EXTERNAL";
  form?: EventFormDefinition;
  city?: string;
  lat?: number;
  lon?: number;
  titleDe?: string;
  titleCs?: string;
}

/**
 * Inserts an event directly (no domain rules), with form version 1, for tests of the rules that
 * read events. Defaults: published yesterday, starts in 30 days for 8 hours, in Dresden.
 */
export async function insertEvent(db: Db, o: TestEventOptions, now = new Date()): Promise<string> {
  const startsAt = o.startsAt ?? new Date(now.getTime() + 30 * DAY);
  const [row] = await db
    .insert(events)
    .values({
      companyId: o.companyId,
      titleDe: o.titleDe ?? "Testveranstaltung",
      titleCs: o.titleCs ?? "Testovací akce",
      descriptionDe: "<p>Beschreibung</p>",
      descriptionCs: "<p>Popis</p>",
      locationKind: "ADDRESS",
      country: "DE",
      state: "Sachsen",
      line1: "Hauptstraße 1",
      postalCode: "01067",
      city: o.city ?? "Dresden",
      lat: o.lat ?? 51.05,
      lon: o.lon ?? 13.74,
      startsAt,
      endsAt: o.endsAt ?? new Date(startsAt.getTime() + 8 * 3_600_000),
      publishAt: o.publishAt ?? new Date(now.getTime() - DAY),
      registrationDeadline: o.registrationDeadline === undefined ? null : o.registrationDeadline,
      maxParticipants: o.maxParticipants ?? null,
      active: o.active ?? true,
      deletedAt: o.deletedAt ?? null,
      b2b: o.b2b ?? false,
      registrationKind: o.registrationKind ?? "INTERNAL",
      externalUrl: o.registrationKind === "EXTERNAL" ? "https://tickets.example/event" : null,
    })
    .returning({ id: events.id });
  const eventId = row!.id;
  await db.insert(eventForms).values({ eventId, version: 1, definition: o.form ?? EMPTY_FORM });
  for (const companyId of o.organizers ?? []) await db.insert(eventOrganizers).values({ eventId, companyId });
  return eventId;
}
