import { and, asc, desc, eq, gte, inArray, isNull, lt, ne } from "drizzle-orm";
import { registrationClosesAt } from "~/schemas/event-state";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { companies, eventRegistrations, events } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { changedAgendas, publishedAgendaEvents } from "~/server/matching/agenda.server";
import type { Actor } from "~/server/policy/policy";
import { isOrganizerMemberSql } from "./relation.server";

/**
 * "My events" (spec §2): the actor's registrations (cancelled ones too, so a cancellation stays
 * visible), upcoming (not over) and past, and — for Multiplikators and admins — the events their
 * companies organise. Deleted events are left out.
 */
export async function getMyEvents(db: Db, actor: Actor, now = clock.now()) {
  if (!actor) throw new AppError("UNAUTHENTICATED");
  const rows = await db
    .select({
      id: eventRegistrations.id,
      status: eventRegistrations.status,
      createdAt: eventRegistrations.createdAt,
      companyId: eventRegistrations.companyId,
      companyName: companies.name,
      eventId: events.id,
      titleDe: events.titleDe,
      titleCs: events.titleCs,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      city: events.city,
      locationKind: events.locationKind,
      registrationDeadline: events.registrationDeadline,
      b2b: events.b2b,
    })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .innerJoin(companies, eq(companies.id, eventRegistrations.companyId))
    .where(and(eq(eventRegistrations.userId, actor.id), isNull(events.deletedAt)))
    .orderBy(asc(events.startsAt), desc(eventRegistrations.createdAt));
  // B2B events whose schedule is published: live registrations link to their company's agenda (issue 12).
  const published = await publishedAgendaEvents(db, [...new Set(rows.filter((r) => r.b2b).map((r) => r.eventId))]);
  const changed = await changedAgendas(
    db,
    rows.filter((r) => published.has(r.eventId)).map((r) => ({ eventId: r.eventId, companyId: r.companyId })),
  );
  const items = rows.map((r) => ({
    id: r.id,
    status: r.status,
    companyId: r.companyId,
    companyName: r.companyName,
    eventId: r.eventId,
    titleDe: r.titleDe,
    titleCs: r.titleCs,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    city: r.city,
    online: r.locationKind === "ONLINE",
    canCancel: r.status !== "CANCELLED" && now.getTime() < registrationClosesAt(r).getTime(),
    agenda: published.has(r.eventId) && (r.status === "REGISTERED" || r.status === "ATTENDED"),
    // The last repair (a no-show re-match, decision 059) changed this company's agenda.
    agendaChanged: changed.has(`${r.eventId}:${r.companyId}`),
    // B2B matching released (registration closed, not started): the company ranks its partners.
    b2bPreferences: r.b2b && (r.status === "REGISTERED" || r.status === "ATTENDED") && now.getTime() >= registrationClosesAt(r).getTime() && now.getTime() < r.startsAt.getTime(),
  }));
  const over = (i: { endsAt: string }) => Date.parse(i.endsAt) <= now.getTime();
  const organised =
    actor.role === "Multiplikator" || actor.role === "Admin"
      ? await db
          .select({ id: events.id, titleDe: events.titleDe, titleCs: events.titleCs, startsAt: events.startsAt, active: events.active })
          .from(events)
          .where(and(isNull(events.deletedAt), isOrganizerMemberSql(actor.id), gte(events.endsAt, new Date(now.getTime() - 365 * 86_400_000))))
          .orderBy(asc(events.startsAt))
          .limit(200)
      : [];
  return {
    upcoming: items.filter((i) => !over(i)),
    past: items.filter(over).reverse(),
    organised: organised.map((e) => ({ ...e, startsAt: e.startsAt.toISOString() })),
  };
}

/** The next and the latest few registrations for the account page's compact card. */
export async function myEventsSummary(db: Db, actor: Actor, now = clock.now()) {
  if (!actor) throw new AppError("UNAUTHENTICATED");
  const base = and(eq(eventRegistrations.userId, actor.id), ne(eventRegistrations.status, "CANCELLED"), isNull(events.deletedAt));
  const pick = { eventId: events.id, titleDe: events.titleDe, titleCs: events.titleCs, startsAt: events.startsAt, status: eventRegistrations.status };
  const [upcoming, past] = await Promise.all([
    db.select(pick).from(eventRegistrations).innerJoin(events, eq(events.id, eventRegistrations.eventId)).where(and(base, gte(events.endsAt, now))).orderBy(asc(events.startsAt)).limit(3),
    db.select(pick).from(eventRegistrations).innerJoin(events, eq(events.id, eventRegistrations.eventId)).where(and(base, lt(events.endsAt, now), inArray(eventRegistrations.status, ["REGISTERED", "ATTENDED"]))).orderBy(desc(events.startsAt)).limit(3),
  ]);
  const iso = (r: (typeof upcoming)[number]) => ({ ...r, startsAt: r.startsAt.toISOString() });
  return { upcoming: upcoming.map(iso), past: past.map(iso) };
}
