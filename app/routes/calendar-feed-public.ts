import { localeOfPath } from "~/i18n/locales";
import { publicEventsFeed } from "~/server/calendar/feeds.server";
import { feedOr404 } from "~/server/calendar/response.server";
import { getDb } from "~/server/db/client.server";
import type { Route } from "./+types/calendar-feed-public";

/** Every public event as an iCal feed in the path's language (issue 25, decision 062). */
export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const db = await getDb();
  return feedOr404(request, () => publicEventsFeed(db, locale));
}
