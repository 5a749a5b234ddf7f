import { useMatches } from "react-router";
import type { Locale } from "~/i18n/locales";
import { localeOfPath } from "~/i18n/locales";
import { type MessageKey, translate } from "~/i18n/translate";

/** Route ids are `<pageId>.<locale>` (see app/routes.ts). */
export function pageIdOfRouteId(routeId: string): string {
  return routeId.replace(/\.(de|cs)$/, "");
}

export function useCurrentPageId(): string {
  const matches = useMatches();
  const last = matches[matches.length - 1];
  return last ? pageIdOfRouteId(last.id) : "home";
}

/**
 * What a page says about itself beyond its title (issue 13): a description in its language (else
 * the site's), its sharing image (absolute URL; else the default sharing image), the Open Graph
 * type, and whether search engines should leave it out. The root layout adds canonical and
 * hreflang links from the route catalogue.
 */
export interface SeoExtras {
  description?: string;
  image?: string;
  type?: "website" | "article";
  noindex?: boolean;
}

function seoTags(locale: Locale, extras: SeoExtras) {
  const description = extras.description ?? translate(locale, "site.description");
  return [
    { name: "description", content: description },
    { property: "og:description", content: description },
    { name: "twitter:description", content: description },
    ...(extras.image ? [{ property: "og:image", content: extras.image }, { name: "twitter:image", content: extras.image }] : []),
    ...(extras.type ? [{ property: "og:type", content: extras.type }] : []),
    ...(extras.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/** `<title>` and description for a page: "<page title> – PartnerNet". */
export function pageMeta(pathname: string, titleKey: MessageKey, title?: string, extras: SeoExtras = {}) {
  const locale: Locale = localeOfPath(pathname) ?? "de";
  const pageTitle = title ?? translate(locale, titleKey);
  return [
    { title: `${pageTitle} – ${translate(locale, "site.name")}` },
    { property: "og:title", content: `${pageTitle} – ${translate(locale, "site.title")}` },
    { name: "twitter:title", content: `${pageTitle} – ${translate(locale, "site.name")}` },
    ...seoTags(locale, extras),
  ];
}

/** The home page's `<title>`: the site's own title, which already names PartnerNet (not "… – PartnerNet" again). */
export function siteMeta(pathname: string) {
  const locale: Locale = localeOfPath(pathname) ?? "de";
  const title = translate(locale, "site.title");
  return [{ title }, { property: "og:title", content: title }, { name: "twitter:title", content: title }, ...seoTags(locale, {})];
}
