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

/** `<title>` and description for a page: "<page title> – PartnerNet". */
export function pageMeta(pathname: string, titleKey: MessageKey, title?: string) {
  const locale: Locale = localeOfPath(pathname) ?? "de";
  const pageTitle = title ?? translate(locale, titleKey);
  return [
    { title: `${pageTitle} – ${translate(locale, "site.name")}` },
    { property: "og:title", content: `${pageTitle} – ${translate(locale, "site.title")}` },
    { name: "twitter:title", content: `${pageTitle} – ${translate(locale, "site.name")}` },
  ];
}

/** The home page's `<title>`: the site's own title, which already names PartnerNet (not "… – PartnerNet" again). */
export function siteMeta(pathname: string) {
  const locale: Locale = localeOfPath(pathname) ?? "de";
  const title = translate(locale, "site.title");
  return [{ title }, { property: "og:title", content: title }, { name: "twitter:title", content: title }];
}
