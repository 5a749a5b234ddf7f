import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { type RegistrationState, registrationClosesAt, registrationState } from "~/schemas/event-state";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { companies, eventFiles, eventOrganizers, eventRegistrations, events } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { eventPolicy } from "~/server/policy/event-policy";
import type { Actor } from "~/server/policy/policy";
import { placesTaken, registrableCompanies } from "./registrations.server";
import { loadEventRelation } from "./relation.server";
import { companyNotDeleted } from "~/server/companies/deleted";

/**
 * Everything the public event page shows (spec §2 event detail, decision 018): texts in both
 * languages (the page picks one), files, place, organisers, fee, the registration state at `now`,
 * the actor's own live registration and the companies they could register for, and — for
 * signed-in users only — the participating companies. Invisible, unknown and deleted events are
 * NOT_FOUND for everyone the policy does not let see them.
 */
export async function getPublicEvent(db: Db, actor: Actor, eventId: string, now = clock.now()) {
  const relation = await loadEventRelation(db, actor, eventId, now);
  if (!eventPolicy.canView(actor, relation)) throw new AppError("NOT_FOUND");
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  if (!event) throw new AppError("NOT_FOUND");

  const [files, mainOrganiser, further, taken, waiting, own, mine] = await Promise.all([
    db
      .select({ id: eventFiles.id, kind: eventFiles.kind, key: eventFiles.storageKey, fileName: eventFiles.fileName, sizeBytes: eventFiles.sizeBytes })
      .from(eventFiles)
      .where(eq(eventFiles.eventId, eventId))
      .orderBy(asc(eventFiles.kind), asc(eventFiles.position), asc(eventFiles.createdAt)),
    db.select({ id: companies.id, name: companies.name, status: companies.status }).from(companies).where(eq(companies.id, event.companyId)),
    db
      .select({ id: companies.id, name: companies.name, status: companies.status })
      .from(eventOrganizers)
      .innerJoin(companies, eq(companies.id, eventOrganizers.companyId))
      // A deleted co-organiser is not named (its profile is a 404).
      .where(and(eq(eventOrganizers.eventId, eventId), companyNotDeleted()))
      .orderBy(asc(companies.name)),
    placesTaken(db, eventId),
    db
      .select({ id: eventRegistrations.id })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.status, "WAITING"))),
    actor
      ? db
          .select({
            id: eventRegistrations.id,
            status: eventRegistrations.status,
            companyId: eventRegistrations.companyId,
            companyName: companies.name,
            createdAt: eventRegistrations.createdAt,
          })
          .from(eventRegistrations)
          .innerJoin(companies, eq(companies.id, eventRegistrations.companyId))
          .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, actor.id), ne(eventRegistrations.status, "CANCELLED")))
      : Promise.resolve([]),
    registrableCompanies(db, actor),
  ]);

  const participants = eventPolicy.canSeeParticipants(actor, relation)
    ? await db
        .selectDistinct({ id: companies.id, name: companies.name })
        .from(eventRegistrations)
        .innerJoin(companies, eq(companies.id, eventRegistrations.companyId))
        .where(and(eq(eventRegistrations.eventId, eventId), inArray(eventRegistrations.status, ["REGISTERED", "ATTENDED"]), eq(companies.status, "VERIFIED")))
        .orderBy(asc(companies.name))
    : null;

  const state: RegistrationState = registrationState(event, now, { taken });
  const ownRegistration = own[0] ?? null;
  const manager = eventPolicy.canManage(actor, relation);
  return {
    event: {
      id: event.id,
      titleDe: event.titleDe,
      titleCs: event.titleCs,
      descriptionDe: event.descriptionDe,
      descriptionCs: event.descriptionCs,
      locationKind: event.locationKind,
      onlineUrl: event.onlineUrl,
      venue: event.venue,
      country: event.country,
      line1: event.line1,
      line2: event.line2,
      postalCode: event.postalCode,
      city: event.city,
      lat: event.lat,
      lon: event.lon,
      startsAt: event.startsAt.toISOString(),
      endsAt: event.endsAt.toISOString(),
      publishAt: event.publishAt.toISOString(),
      registrationDeadline: event.registrationDeadline?.toISOString() ?? null,
      registrationClosesAt: registrationClosesAt(event).toISOString(),
      maxParticipants: event.maxParticipants,
      feeMinor: event.feeMinor,
      currency: event.currency,
      paymentTermsDe: event.paymentTermsDe,
      paymentTermsCs: event.paymentTermsCs,
      registrationKind: event.registrationKind,
      externalUrl: event.registrationKind === "EXTERNAL" ? event.externalUrl : null,
      b2b: event.b2b,
      active: event.active,
      updatedAt: event.updatedAt.toISOString(),
    },
    images: files.filter((f) => f.kind === "IMAGE"),
    attachments: files.filter((f) => f.kind === "ATTACHMENT"),
    // Organiser companies link to their pages only when those are public (verified).
    organisers: [...mainOrganiser, ...further.filter((f) => f.id !== event.companyId)].map((c) => ({ id: c.id, name: c.name, linked: c.status === "VERIFIED" })),
    state,
    counts: { taken, waiting: waiting.length },
    ownRegistration: ownRegistration
      ? { ...ownRegistration, createdAt: ownRegistration.createdAt.toISOString(), canCancel: manager || now.getTime() < registrationClosesAt(event).getTime() }
      : null,
    registrableCompanies: mine,
    participants,
    can: { manage: manager, register: eventPolicy.canRegister(actor, relation, { hasCompany: mine.length > 0, hasRegistrableCompany: mine.length > 0 }) },
  };
}

export type PublicEvent = Awaited<ReturnType<typeof getPublicEvent>>;
