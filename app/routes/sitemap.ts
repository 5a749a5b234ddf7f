import { LOCALES } from "~/i18n/locales";
import { localeOfPath } from "~/i18n/locales";
import { isBuilt, PAGES } from "~/routing/catalogue";
import { href } from "~/routing/paths";
import { config } from "~/server/config.server";
import type { Route } from "./+types/sitemap";

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

/** Public pages of one language (built ones only), each with its counterpart as hreflang alternate. */
export function loader({ request }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const urls = PAGES.filter((p) => p.sitemap && isBuilt(p.id)).map((page) => {
    const loc = `${config.publicUrl}${encodeURI(href(page.id, locale))}`;
    const alternates = LOCALES.map(
      (l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(`${config.publicUrl}${encodeURI(href(page.id, l))}`)}"/>`,
    ).join("");
    return `<url><loc>${escapeXml(loc)}</loc>${alternates}</url>`;
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
