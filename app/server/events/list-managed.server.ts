import { and, asc, desc, eq, exists, gt, gte, ilike, isNotNull, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { fromBerlin } from "~/schemas/berlin-time";
import { ADMIN_EVENTS_PAGE_SIZE, type EventAdminFilters, eventState } from "~/schemas/event-admin-filters";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { companies, eventOrganizers, eventRegistrations, events } from "~/server/db/schema";
import { type Actor, authorize } from "~/server/policy/policy";
import { isOrganizerMemberSql } from "./relation.server";
import { companyNotDeleted, ownerNotDeleted } from "~/server/companies/deleted";

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The events the actor manages (spec §2 admin events): admins all (deleted ones included, for
 * restoring), Multiplikators those of companies they are confirmed members of, never deleted ones.
 * With publication state, registrations (registered + attended) / capacity and the waiting count.
 */
export async function listManagedEvents(db: Db, actor: Actor, filters: EventAdminFilters, now = clock.now()) {
  authorize(actor, actor?.role === "Admin" || actor?.role === "Multiplikator");
  // Events of a deleted company are hidden here too: they come back only with it (decision 026).
  const conditions: Array<SQL | undefined> = [ownerNotDeleted(events.companyId)];
  if (actor.role !== "Admin") conditions.push(isOrganizerMemberSql(actor.id), isNull(events.deletedAt));
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    conditions.push(or(ilike(events.titleDe, pattern), ilike(events.titleCs, pattern)));
  }
  if (filters.state === "deleted") conditions.push(isNotNull(events.deletedAt));
  else if (filters.state) conditions.push(isNull(events.deletedAt));
  if (filters.state === "inactive") conditions.push(eq(events.active, false));
  if (filters.state === "scheduled") conditions.push(eq(events.active, true), gt(events.publishAt, now));
  if (filters.state === "published") conditions.push(eq(events.active, true), lte(events.publishAt, now));
  if (filters.company) {
    const company = filters.company;
    conditions.push(
      or(
        eq(events.companyId, company),
        exists(sql`(select 1 from ${eventOrganizers} where ${eventOrganizers.eventId} = ${events.id} and ${eventOrganizers.companyId} = ${company})`),
      ),
    );
  }
  // Dates are Berlin calendar days: "to" includes its whole day.
  if (filters.from) conditions.push(gte(events.endsAt, fromBerlin({ ...filters.from, hour: 0, minute: 0 })));
  if (filters.to) {
    const next = new Date(Date.UTC(filters.to.year, filters.to.month - 1, filters.to.day + 1));
    conditions.push(lt(events.startsAt, fromBerlin({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate(), hour: 0, minute: 0 })));
  }
  if (filters.time === "upcoming") conditions.push(gte(events.endsAt, now));
  if (filters.time === "past") conditions.push(lt(events.endsAt, now));
  const where = and(...conditions);

  const registered = sql<number>`(select count(*) from ${eventRegistrations} r where r.event_id = ${events.id} and r.status in ('REGISTERED', 'ATTENDED'))`.mapWith(Number);
  const waiting = sql<number>`(select count(*) from ${eventRegistrations} r where r.event_id = ${events.id} and r.status = 'WAITING')`.mapWith(Number);
  const [total] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(events).where(where);
  const rows = await db
    .select({
      id: events.id,
      titleDe: events.titleDe,
      titleCs: events.titleCs,
      organizer: companies.name,
      companyId: events.companyId,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      publishAt: events.publishAt,
      active: events.active,
      deletedAt: events.deletedAt,
      maxParticipants: events.maxParticipants,
      b2b: events.b2b,
      registered,
      waiting,
    })
    .from(events)
    .innerJoin(companies, eq(companies.id, events.companyId))
    .where(where)
    .orderBy(filters.time === "past" ? desc(events.startsAt) : asc(events.startsAt), asc(events.id))
    .limit(ADMIN_EVENTS_PAGE_SIZE)
    .offset((filters.page - 1) * ADMIN_EVENTS_PAGE_SIZE);
  const count = total?.n ?? 0;
  return {
    items: rows.map((row) => ({ ...row, state: eventState(row, now) })),
    total: count,
    page: filters.page,
    pageCount: Math.max(1, Math.ceil(count / ADMIN_EVENTS_PAGE_SIZE)),
  };
}

/** Verified companies by name, for the organiser pickers (admins: main organiser; all: further ones). */
export async function listVerifiedCompanies(db: Db, actor: Actor) {
  authorize(actor, actor?.role === "Admin" || actor?.role === "Multiplikator");
  return db.select({ id: companies.id, name: companies.name }).from(companies).where(and(eq(companies.status, "VERIFIED"), companyNotDeleted())).orderBy(asc(companies.name)).limit(2000);
}
