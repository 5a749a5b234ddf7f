import { and, asc, desc, eq, exists, gte, inArray, isNull, or, sql } from "drizzle-orm";
import type { EventAttributes } from "ics";
import type { Locale } from "~/i18n/locales";
import { translate } from "~/i18n/translate";
import * as clock from "~/server/clock.server";
import { ownerNotDeleted } from "~/server/companies/deleted";
import { randomToken, sha256 } from "~/server/crypto.server";
import type { Db } from "~/server/db/client.server";
import { calendarFeedTokens, companies, eventOrganizers, eventRegistrations, events, users } from "~/server/db/schema";
import { AppError, isAppError } from "~/server/errors";
import { calendarIcs, eventIcsAttributes, type IcsEvent } from "~/server/events/ics.server";
import { isPublicSql } from "~/server/events/relation.server";
import { agendaIcsEntries } from "~/server/matching/agenda-documents.server";
import { loadAgenda } from "~/server/matching/agenda.server";
import { LIVE_STATUSES } from "~/server/matching/access.server";
import type { Actor } from "~/server/policy/policy";

/**
 * iCal feeds (issue 25, decision 062): all public events of one language, the public events of
 * one organiser, and a user's own calendar (their live registrations and published B2B meetings)
 * behind a secret, revocable URL. Public feeds carry exactly what the public event pages show
 * (`isPublicSql`: active, not deleted, published; the owner not deleted): unpublished, cancelled
 * (deactivated or deleted) and scheduled events never appear.
 */

/** Events a feed reaches back (calendars keep what they imported; older ones are not re-sent). */
export const FEED_PAST_DAYS = 90;
/** At most this many entries per feed (the soonest first after the cut-off). */
export const FEED_MAX_EVENTS = 500;

export interface CalendarFeed {
  ics: string;
  /** The newest change of anything in the feed (Last-Modified); null for an empty feed. */
  lastModified: Date | null;
}

const icsColumns = {
  id: events.id,
  titleDe: events.titleDe,
  titleCs: events.titleCs,
  descriptionDe: events.descriptionDe,
  descriptionCs: events.descriptionCs,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  locationKind: events.locationKind,
  onlineUrl: events.onlineUrl,
  venue: events.venue,
  country: events.country,
  line1: events.line1,
  postalCode: events.postalCode,
  city: events.city,
  lat: events.lat,
  lon: events.lon,
  updatedAt: events.updatedAt,
};

/**
 * The entry with a DTSTAMP of its last change instead of "now" (the `ics` default): the same data
 * give the same bytes, so the ETag stays and calendar apps get their 304.
 */
function stamped(entry: EventAttributes, changedAt: number): EventAttributes {
  // `timestamp` (DTSTAMP) is read by ics 3.x but missing from its typings.
  return { ...entry, timestamp: changedAt } as unknown as EventAttributes;
}

const eventEntry = (e: IcsEvent, locale: Locale) => stamped(eventIcsAttributes(e, locale), e.updatedAt.getTime());

const since = (now: Date) => new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000);

function newest(dates: Date[]): Date | null {
  return dates.length ? new Date(Math.max(...dates.map((d) => d.getTime()))) : null;
}

function publicEventsWhere(now: Date) {
  return and(isPublicSql(now), ownerNotDeleted(events.companyId), gte(events.endsAt, since(now)));
}

async function publicRows(db: Db, now: Date, extra?: ReturnType<typeof and>): Promise<IcsEvent[]> {
  const rows = await db
    .select(icsColumns)
    .from(events)
    .where(and(publicEventsWhere(now), extra))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(FEED_MAX_EVENTS);
  return rows as IcsEvent[];
}

/** Every public event of the last 90 days and the future, in `locale`. */
export async function publicEventsFeed(db: Db, locale: Locale, now = clock.now()): Promise<CalendarFeed> {
  const rows = await publicRows(db, now);
  return {
    ics: calendarIcs(rows.map((e) => eventEntry(e, locale)), "partnernet/events", translate(locale, "calendarFeed.publicName")),
    lastModified: newest(rows.map((r) => r.updatedAt)),
  };
}

/**
 * The public events of one organiser: events the company owns or co-organises. Only for a
 * company the public may see (verified, not deleted); anything else is NOT_FOUND.
 */
export async function organiserEventsFeed(db: Db, companyId: string, locale: Locale, now = clock.now()): Promise<CalendarFeed> {
  if (!/^[0-9a-f-]{36}$/i.test(companyId)) throw new AppError("NOT_FOUND");
  const [company] = await db
    .select({ name: companies.name, updatedAt: companies.updatedAt })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.status, "VERIFIED"), isNull(companies.deletedAt)));
  if (!company) throw new AppError("NOT_FOUND");
  const rows = await publicRows(
    db,
    now,
    and(
      or(
        eq(events.companyId, companyId),
        exists(db.select({ one: sql`1` }).from(eventOrganizers).where(and(eq(eventOrganizers.eventId, events.id), eq(eventOrganizers.companyId, companyId)))),
      ),
    ),
  );
  return {
    ics: calendarIcs(rows.map((e) => eventEntry(e, locale)), "partnernet/events", translate(locale, "calendarFeed.organiserName", { organiser: company.name })),
    lastModified: newest([company.updatedAt, ...rows.map((r) => r.updatedAt)]),
  };
}

/** Whether the company has public events at all (the organiser link is only offered then). */
export async function organiserHasPublicEvents(db: Db, companyId: string, now = clock.now()): Promise<boolean> {
  const rows = await publicRows(db, now, or(eq(events.companyId, companyId), exists(db.select({ one: sql`1` }).from(eventOrganizers).where(and(eq(eventOrganizers.eventId, events.id), eq(eventOrganizers.companyId, companyId))))));
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// The personal feed

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The user's feed state for the my-events page: whether a URL exists and since when (never the token). */
export async function feedTokenState(db: Db, actor: Actor): Promise<{ createdAt: string } | null> {
  if (!actor) throw new AppError("UNAUTHENTICATED");
  const [row] = await db.select({ createdAt: calendarFeedTokens.createdAt }).from(calendarFeedTokens).where(eq(calendarFeedTokens.userId, actor.id));
  return row ? { createdAt: row.createdAt.toISOString() } : null;
}

/**
 * A new secret for the user's feed (first time or "regenerate"): 32 random bytes, only their
 * SHA-256 stored. The previous URL stops working in the same statement. The token is returned
 * once, to be shown to the user; it cannot be read back later.
 */
export async function createFeedToken(db: Db, actor: Actor, now = clock.now()): Promise<string> {
  if (!actor) throw new AppError("UNAUTHENTICATED");
  const token = randomToken(32);
  await db
    .insert(calendarFeedTokens)
    .values({ userId: actor.id, tokenHash: sha256(token), createdAt: now })
    .onConflictDoUpdate({ target: calendarFeedTokens.userId, set: { tokenHash: sha256(token), createdAt: now } });
  return token;
}

/** Revokes the user's feed URL: it answers 404 from now on. Revoking nothing is fine. */
export async function revokeFeedToken(db: Db, actor: Actor): Promise<void> {
  if (!actor) throw new AppError("UNAUTHENTICATED");
  await db.delete(calendarFeedTokens).where(eq(calendarFeedTokens.userId, actor.id));
}

/**
 * The personal feed of the token's owner: their live registrations (registered or attended) of
 * events not deleted, and the meetings of every published B2B agenda of those registrations'
 * companies. Unknown, revoked or malformed token, or a deactivated account → NOT_FOUND.
 */
export async function personalFeed(db: Db, token: string, locale: Locale, now = clock.now()): Promise<CalendarFeed> {
  if (!TOKEN_SHAPE.test(token)) throw new AppError("NOT_FOUND");
  const [owner] = await db
    .select({ id: users.id, role: users.role, createdAt: calendarFeedTokens.createdAt })
    .from(calendarFeedTokens)
    .innerJoin(users, eq(users.id, calendarFeedTokens.userId))
    .where(and(eq(calendarFeedTokens.tokenHash, sha256(token)), eq(users.active, true)));
  if (!owner) throw new AppError("NOT_FOUND");
  const actor = { id: owner.id, role: owner.role };
  const rows = await db
    .select({ ...icsColumns, b2b: events.b2b, companyId: eventRegistrations.companyId, registeredAt: eventRegistrations.updatedAt })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(
      and(
        eq(eventRegistrations.userId, owner.id),
        inArray(eventRegistrations.status, [...LIVE_STATUSES]),
        isNull(events.deletedAt),
        ownerNotDeleted(events.companyId),
        gte(events.endsAt, since(now)),
      ),
    )
    .orderBy(asc(events.startsAt), desc(eventRegistrations.createdAt))
    .limit(FEED_MAX_EVENTS);
  const entries: EventAttributes[] = [];
  const seen = new Set<string>();
  const changes: Date[] = [owner.createdAt];
  for (const row of rows) {
    changes.push(row.updatedAt, row.registeredAt);
    if (!seen.has(row.id)) {
      seen.add(row.id);
      entries.push(eventEntry(row as IcsEvent, locale));
    }
    if (!row.b2b) continue;
    try {
      const agenda = await loadAgenda(db, actor, row.id, row.companyId, now);
      if (agenda) {
        const published = agenda.publishedAt ? Date.parse(agenda.publishedAt) : row.updatedAt.getTime();
        entries.push(...agendaIcsEntries(row, agenda, locale, 0).map((entry) => stamped(entry, published)));
        if (agenda.publishedAt) changes.push(new Date(agenda.publishedAt));
      }
    } catch (error) {
      // No agenda for this company (not a participant any more …): the feed simply has none.
      if (!isAppError(error)) throw error;
    }
  }
  return { ics: calendarIcs(entries, "partnernet/my-events", translate(locale, "calendarFeed.personalName")), lastModified: newest(changes) };
}
