import { localeOfPath } from "~/i18n/locales";
import { getDb } from "~/server/db/client.server";
import { eventFeedXml } from "~/server/feeds/event-feed.server";
import { feedResponse } from "~/server/feeds/response.server";
import { publicBaseUrl } from "~/server/request-origin.server";
import type { Route } from "./+types/event-feed";

/** The RSS feed of the upcoming events in the page's language (issue 13). */
export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  return feedResponse(await eventFeedXml(await getDb(), locale, publicBaseUrl()));
}
