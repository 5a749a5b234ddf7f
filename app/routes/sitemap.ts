import { type Locale, LOCALES, localeOfPath } from "~/i18n/locales";
import { isBuilt, PAGES } from "~/routing/catalogue";
import { href } from "~/routing/paths";
import { config } from "~/server/config.server";
import { getDb } from "~/server/db/client.server";
import { publicEventsForSitemap } from "~/server/events/list.server";
import type { Route } from "./+types/sitemap";

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

function entry(locale: Locale, pageId: string, params: Record<string, string> = {}, lastModified?: Date): string {
  const url = (l: Locale) => `${config.publicUrl}${encodeURI(href(pageId, l, params))}`;
  const alternates = LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(url(l))}"/>`).join("");
  const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : "";
  return `<url><loc>${escapeXml(url(locale))}</loc>${lastmod}${alternates}</url>`;
}

/**
 * Public pages of one language (built ones only) and every public event, each with its
 * counterpart as hreflang alternate. Scheduled, inactive and deleted events are not listed.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const urls = PAGES.filter((p) => p.sitemap && isBuilt(p.id)).map((page) => entry(locale, page.id));
  if (isBuilt("eventDetail")) {
    for (const event of await publicEventsForSitemap(await getDb())) urls.push(entry(locale, "eventDetail", { id: event.id }, event.updatedAt));
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
