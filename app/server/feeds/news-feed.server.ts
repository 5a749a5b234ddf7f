import { type Locale, LOCALE_TAGS } from "~/i18n/locales";
import { translate } from "~/i18n/translate";
import { href } from "~/routing/paths";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { latestNews } from "~/server/news/public.server";
import { buildRss, storedImage } from "./rss.server";

/** How many items the news feed carries (the newest public ones). */
export const NEWS_FEED_SIZE = 50;

const absolute = (origin: string, path: string) => `${origin}${encodeURI(path)}`;

/**
 * The news feed of one language (issue 13): the newest public items, newest first. "Public" is
 * judged at `now` (the request's clock, so the e2e test clock makes a scheduled item appear
 * when it is due).
 */
export async function newsFeedXml(db: Db, locale: Locale, origin: string, now = clock.now()): Promise<string> {
  const items = await latestNews(db, locale, NEWS_FEED_SIZE, now);
  return buildRss({
    title: translate(locale, "feed.news.title"),
    description: translate(locale, "feed.news.description"),
    link: absolute(origin, href("newsList", locale)),
    selfUrl: absolute(origin, href("newsFeed", locale)),
    language: LOCALE_TAGS[locale],
    lastBuildDate: now,
    items: items.map((item) => ({
      title: item.title,
      link: absolute(origin, href("newsDetail", locale, { id: item.id })),
      pubDate: item.publishAt,
      description: item.excerpt,
      category: item.companyName,
      image: storedImage(origin, item.imageKey),
    })),
  });
}
