import { localeOfPath } from "~/i18n/locales";
import { personalFeed } from "~/server/calendar/feeds.server";
import { feedOr404 } from "~/server/calendar/response.server";
import { getDb } from "~/server/db/client.server";
import type { Route } from "./+types/calendar-feed-personal";

/**
 * A user's own calendar behind its secret URL (issue 25, decision 062): no session needed
 * (calendar apps have none); unknown or revoked token → 404.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const db = await getDb();
  // The secret travels in the query string, which the request log never records (decision 049).
  return feedOr404(request, () => personalFeed(db, url.searchParams.get("token") ?? "", locale), { personal: true });
}
