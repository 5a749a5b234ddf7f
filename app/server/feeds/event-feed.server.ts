import { and, asc, eq, gte, inArray } from "drizzle-orm";
import { type Locale, LOCALE_TAGS } from "~/i18n/locales";
import { translate } from "~/i18n/translate";
import { href } from "~/routing/paths";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { companies, eventFiles, events } from "~/server/db/schema";
import { isPublicSql } from "~/server/events/relation.server";
import { newsExcerpt } from "~/server/news/public.server";
import { buildRss, storedImage } from "./rss.server";

/** How many upcoming events the feed carries (the soonest). */
export const EVENT_FEED_SIZE = 50;

const absolute = (origin: string, path: string) => `${origin}${encodeURI(path)}`;

/** Upcoming public events (not over yet, like the list's default), soonest first, with their first image. */
async function upcomingForFeed(db: Db, now: Date) {
  const rows = await db
    .select({
      id: events.id,
      titleDe: events.titleDe,
      titleCs: events.titleCs,
      descriptionDe: events.descriptionDe,
      descriptionCs: events.descriptionCs,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      publishAt: events.publishAt,
      online: eq(events.locationKind, "ONLINE"),
      city: events.city,
      organiser: companies.name,
    })
    .from(events)
    .innerJoin(companies, eq(companies.id, events.companyId))
    .where(and(isPublicSql(now), gte(events.endsAt, now)))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(EVENT_FEED_SIZE);
  const ids = rows.map((r) => r.id);
  const images = ids.length
    ? await db
        .selectDistinctOn([eventFiles.eventId], { eventId: eventFiles.eventId, key: eventFiles.storageKey })
        .from(eventFiles)
        .where(and(inArray(eventFiles.eventId, ids), eq(eventFiles.kind, "IMAGE")))
        .orderBy(eventFiles.eventId, asc(eventFiles.position), asc(eventFiles.createdAt))
    : [];
  const imageOf = new Map(images.map((i) => [i.eventId, i.key]));
  return rows.map((r) => ({ ...r, imageKey: imageOf.get(r.id) ?? null }));
}

/**
 * The event feed of one language (issue 13): upcoming public events, soonest first. Each item
 * says when and where before its text (a reader's list shows only the description); its date is
 * the publication date (when the event was announced).
 */
export async function eventFeedXml(db: Db, locale: Locale, origin: string, now = clock.now()): Promise<string> {
  const rows = await upcomingForFeed(db, now);
  const when = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Berlin" });
  return buildRss({
    title: translate(locale, "feed.events.title"),
    description: translate(locale, "feed.events.description"),
    link: absolute(origin, href("eventList", locale)),
    selfUrl: absolute(origin, href("eventFeed", locale)),
    language: LOCALE_TAGS[locale],
    lastBuildDate: now,
    items: rows.map((r) => {
      const where = r.online ? translate(locale, "events.card.online") : (r.city ?? "");
      const text = newsExcerpt(locale === "cs" ? r.descriptionCs : r.descriptionDe);
      return {
        title: locale === "cs" ? r.titleCs : r.titleDe,
        link: absolute(origin, href("eventDetail", locale, { id: r.id })),
        pubDate: r.publishAt,
        description: [when.formatRange(r.startsAt, r.endsAt), where].filter(Boolean).join(" · ") + (text ? ` — ${text}` : ""),
        category: r.organiser,
        image: r.imageKey ? storedImage(origin, r.imageKey) : null,
      };
    }),
  });
}
