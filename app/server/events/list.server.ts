import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Locale } from "~/i18n/locales";
import { EVENT_LIST_PAGE_SIZE, type EventListItem, type EventListQuery, type EventListResult } from "~/schemas/event-list";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { companies, eventFiles, eventRegistrations, events } from "~/server/db/schema";
import { escapeLike } from "~/server/reference/geocode.server";
import { isPublicSql } from "./relation.server";

/** Midnight of an ISO calendar day in Europe/Berlin (the region's clock, DST included). */
const berlinMidnight = (isoDate: string) => sql`(${isoDate}::date::timestamp at time zone 'Europe/Berlin')`;
const distanceKm = (p: { lat: number; lon: number }) =>
  sql<number>`earth_distance(ll_to_earth(${p.lat}, ${p.lon}), ll_to_earth(${events.lat}, ${events.lon})) / 1000`;

function filters(query: EventListQuery, now: Date): SQL[] {
  const where: SQL[] = [isPublicSql(now)!];
  // Upcoming: not over yet (a running event is still upcoming); past: over.
  where.push(query.when === "past" ? lt(events.endsAt, now) : gte(events.endsAt, now));
  if (query.from) where.push(sql`${events.endsAt} >= ${berlinMidnight(query.from)}`);
  if (query.to) where.push(sql`${events.startsAt} < ${berlinMidnight(query.to)} + interval '1 day'`);
  if (query.title) {
    const like = `%${escapeLike(query.title.toLowerCase())}%`;
    where.push(sql`(pn_norm(${events.titleDe}) like pn_norm(${like}) or pn_norm(${events.titleCs}) like pn_norm(${like}))`);
  }
  if (query.point) {
    const radiusM = query.radiusKm * 1000;
    where.push(
      sql`${events.lat} is not null and earth_box(ll_to_earth(${query.point.lat}, ${query.point.lon}), ${radiusM}) @> ll_to_earth(${events.lat}, ${events.lon})`,
      sql`${distanceKm(query.point)} <= ${query.radiusKm}`,
    );
  } else if (query.place) {
    // A place that is not a town of the gazetteer: text in the town, venue, postal code or street.
    const like = `%${escapeLike(query.place.toLowerCase())}%`;
    where.push(
      sql`(pn_norm(coalesce(${events.city}, '')) like pn_norm(${like}) or pn_norm(coalesce(${events.venue}, '')) like pn_norm(${like}) or pn_norm(coalesce(${events.postalCode}, '') || ' ' || coalesce(${events.line1}, '')) like pn_norm(${like}))`,
    );
  }
  return where;
}

/**
 * The public event list (spec §2): visible events only, upcoming by default (soonest first) or
 * past (latest first), filtered by title, date range (Europe/Berlin days) and place (a town with
 * a radius, or text), 30 per page, with the organiser, first image and registration count.
 */
export async function listPublicEvents(db: Db, query: EventListQuery, locale: Locale, now = clock.now()): Promise<EventListResult> {
  const where = and(...filters(query, now));
  const [total] = await db.select({ n: count() }).from(events).where(where);
  const n = total?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(n / EVENT_LIST_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await db
    .select({ ...listColumns, distanceKm: query.point ? distanceKm(query.point) : sql<null>`null` })
    .from(events)
    .innerJoin(companies, eq(companies.id, events.companyId))
    .where(where)
    .orderBy(query.when === "past" ? desc(events.startsAt) : asc(events.startsAt), asc(events.id))
    .limit(EVENT_LIST_PAGE_SIZE)
    .offset((page - 1) * EVENT_LIST_PAGE_SIZE);
  const extras = await listExtras(db, rows.map((r) => r.id));
  return {
    items: rows.map((r) => listItem(r, locale, extras.images.get(r.id) ?? null, extras.registered.get(r.id) ?? 0)),
    total: n,
    page,
    pageCount,
  };
}

const listColumns = {
  id: events.id,
  titleDe: events.titleDe,
  titleCs: events.titleCs,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  locationKind: events.locationKind,
  city: events.city,
  venue: events.venue,
  country: events.country,
  organiser: companies.name,
  feeMinor: events.feeMinor,
  currency: events.currency,
  registrationKind: events.registrationKind,
  b2b: events.b2b,
  maxParticipants: events.maxParticipants,
};

/** A selected row: a column's value, or null where the column is nullable (both tables are inner-joined). */
type ColumnValue<C extends { _: { data: unknown; notNull: boolean } }> = C["_"]["notNull"] extends true ? C["_"]["data"] : C["_"]["data"] | null;
type ListRow = { [K in keyof typeof listColumns]: ColumnValue<(typeof listColumns)[K]> } & { distanceKm: number | null };

function listItem(r: ListRow, locale: Locale, imageKey: string | null, registered: number): EventListItem {
  return {
    id: r.id,
    title: locale === "cs" ? r.titleCs : r.titleDe,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    online: r.locationKind === "ONLINE",
    city: r.city,
    venue: r.venue,
    country: r.country,
    organiser: r.organiser,
    imageKey,
    feeMinor: r.feeMinor,
    currency: r.currency,
    external: r.registrationKind === "EXTERNAL",
    b2b: r.b2b,
    maxParticipants: r.maxParticipants,
    registered,
    distanceKm: r.distanceKm === null ? null : Math.round(Number(r.distanceKm)),
  };
}

/** First image and places taken (REGISTERED + ATTENDED) of the listed events, in two queries. */
async function listExtras(db: Db, ids: string[]) {
  if (ids.length === 0) return { images: new Map<string, string>(), registered: new Map<string, number>() };
  const [images, registered] = await Promise.all([
    db
      .selectDistinctOn([eventFiles.eventId], { eventId: eventFiles.eventId, key: eventFiles.storageKey })
      .from(eventFiles)
      .where(and(inArray(eventFiles.eventId, ids), eq(eventFiles.kind, "IMAGE")))
      .orderBy(eventFiles.eventId, asc(eventFiles.position), asc(eventFiles.createdAt)),
    db
      .select({ eventId: eventRegistrations.eventId, n: count() })
      .from(eventRegistrations)
      .where(and(inArray(eventRegistrations.eventId, ids), inArray(eventRegistrations.status, ["REGISTERED", "ATTENDED"])))
      .groupBy(eventRegistrations.eventId),
  ]);
  return { images: new Map(images.map((i) => [i.eventId, i.key])), registered: new Map(registered.map((r) => [r.eventId, r.n])) };
}

/**
 * The next public events for the home page: the first `limit` of the event list's default view
 * (upcoming, soonest first), in one query — the first image and the places taken as subqueries
 * (the same rules as listExtras), with no count and no page of 30 (issue 22, decision 066).
 */
export async function upcomingEvents(db: Db, locale: Locale, limit: number, now = clock.now()): Promise<EventListItem[]> {
  const where = and(...filters({ title: "", when: "upcoming", from: null, to: null, place: "", point: null, radiusKm: 50, page: 1 }, now));
  const rows = await db
    .select({
      ...listColumns,
      distanceKm: sql<null>`null`,
      imageKey: sql<string | null>`(select ${eventFiles.storageKey} from ${eventFiles} where ${eventFiles.eventId} = ${events.id} and ${eventFiles.kind} = 'IMAGE' order by ${eventFiles.position} asc, ${eventFiles.createdAt} asc limit 1)`,
      registered: sql<number>`(select count(*) from ${eventRegistrations} where ${eventRegistrations.eventId} = ${events.id} and ${eventRegistrations.status} in ('REGISTERED', 'ATTENDED'))`.mapWith(Number),
    })
    .from(events)
    .innerJoin(companies, eq(companies.id, events.companyId))
    .where(where)
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(limit);
  return rows.map((r) => listItem(r, locale, r.imageKey, r.registered));
}

/** Public events for the sitemap: id and last change. */
export async function publicEventsForSitemap(db: Db, now = clock.now()): Promise<Array<{ id: string; updatedAt: Date }>> {
  return db.select({ id: events.id, updatedAt: events.updatedAt }).from(events).where(isPublicSql(now)).orderBy(asc(events.startsAt));
}
