import { publicBaseUrl } from "~/server/request-origin.server";
import { sitemapUrls } from "~/server/seo/sitemap.server";

/**
 * robots.txt (issue 13): everything public may be crawled, stored files (logos, event and news
 * images) included; the admin area, the API, the sign-in endpoints and the developer pages not.
 * Non-public pages elsewhere (account, my events, …) say noindex in their head instead.
 */
export function loader() {
  const lines = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /de/admin",
    "Disallow: /cs/admin",
    "Disallow: /api/",
    "Disallow: /auth/",
    "Disallow: /dev/",
    "",
    ...sitemapUrls(publicBaseUrl()).map((url) => `Sitemap: ${url}`),
    "",
  ];
  return new Response(lines.join("\n"), { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
