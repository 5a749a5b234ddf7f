import { localeOfPath } from "~/i18n/locales";
import { organiserEventsFeed } from "~/server/calendar/feeds.server";
import { feedOr404 } from "~/server/calendar/response.server";
import { getDb } from "~/server/db/client.server";
import type { Route } from "./+types/calendar-feed-organiser";

/** One organiser's public events as an iCal feed (issue 25, decision 062); unknown or hidden company → 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const db = await getDb();
  return feedOr404(request, () => organiserEventsFeed(db, params.id, locale));
}
