import { localeOfPath } from "~/i18n/locales";
import { getDb } from "~/server/db/client.server";
import { newsFeedXml } from "~/server/feeds/news-feed.server";
import { feedResponse } from "~/server/feeds/response.server";
import { publicBaseUrl } from "~/server/request-origin.server";
import type { Route } from "./+types/news-feed";

/** The RSS feed of the news in the page's language (issue 13). */
export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  return feedResponse(await newsFeedXml(await getDb(), locale, publicBaseUrl()));
}
