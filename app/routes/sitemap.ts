import { data } from "react-router";
import { localeOfPath } from "~/i18n/locales";
import { getDb } from "~/server/db/client.server";
import { publicBaseUrl } from "~/server/request-origin.server";
import { sitemapDocument, sitemapEntries } from "~/server/seo/sitemap.server";
import type { Route } from "./+types/sitemap";

/**
 * `/xx/sitemap.xml` (a urlset, or an index beyond 50,000 URLs) and its parts `/xx/sitemap/N.xml`
 * (React Router matches whole path segments only, so not `sitemap-N.xml`): decision 025.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const partParam = (params as { part?: string }).part;
  const part = partParam === undefined ? undefined : /^[1-9]\d{0,5}\.xml$/.test(partParam) ? Number.parseInt(partParam, 10) : Number.NaN;
  const xml = Number.isNaN(part) ? null : sitemapDocument(await sitemapEntries(await getDb()), locale, publicBaseUrl(), part);
  if (xml === null) throw data(null, { status: 404 });
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
