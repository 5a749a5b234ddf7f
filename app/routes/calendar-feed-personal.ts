import { localeOfPath } from "~/i18n/locales";
import { personalFeed } from "~/server/calendar/feeds.server";
import { feedOr404 } from "~/server/calendar/response.server";
import { getDb } from "~/server/db/client.server";
import type { Route } from "./+types/calendar-feed-personal";

/**
 * A user's own calendar behind its secret URL (issue 25, decision 062): no session needed
 * (calendar apps have none); unknown or revoked token → 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const db = await getDb();
  return feedOr404(request, () => personalFeed(db, params.token, locale), { personal: true });
}
