import { useMatches } from "react-router";
import type { Locale } from "~/i18n/locales";
import { localeOfPath } from "~/i18n/locales";
import { isMessageKey, type MessageKey, translate } from "~/i18n/translate";
import { matchPage } from "./paths";
import { absoluteUrl, seoHead } from "./seo";

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
 * the page's `page.<id>.description`, else the site's), its sharing image (absolute, or a path on
 * this site; else the default sharing image) with its alternative text, the Open Graph type, and
 * whether search engines should leave it out (on top of the catalogue's rule, see seo.ts).
 */
export interface SeoExtras {
  description?: string;
  image?: string;
  imageAlt?: string;
  type?: "website" | "article";
  noindex?: boolean;
}

/**
 * A route's meta arguments (React Router's `Route.MetaArgs`): the query decides canonical and
 * noindex of list and search pages, the root loader's data gives the absolute base of images.
 */
export interface MetaAt {
  location: { pathname: string; search: string };
  matches?: readonly unknown[];
  error?: unknown;
}

/** The default sharing image (public/og-image.png: 1200 × 630, both languages on it). */
export const DEFAULT_IMAGE = { path: "/og-image.png", width: 1200, height: 630 };

function baseOf(at: MetaAt): string | null {
  const root = at.matches?.find((m): m is { id: string; data?: unknown; loaderData?: unknown } => typeof m === "object" && m !== null && (m as { id?: unknown }).id === "root");
  const data = (root?.loaderData ?? root?.data) as { publicUrl?: unknown } | undefined;
  return typeof data?.publicUrl === "string" ? data.publicUrl : null;
}

/** `page.<id>.description` of a page without parameters, when the catalogue has one. */
function pageDescription(locale: Locale, pathname: string): string | null {
  const page = matchPage(pathname)?.page;
  if (!page || page.de.includes(":")) return null;
  const key = `page.${page.id}.description`;
  return isMessageKey(key) ? translate(locale, key) : null;
}

/** The error screen (root or a page's boundary): titled "Error", never indexed, no canonical. */
export function errorMeta(pathname: string) {
  const locale: Locale = localeOfPath(pathname) ?? "de";
  return [{ title: `${translate(locale, "error.title")} – ${translate(locale, "site.name")}` }, { name: "robots", content: "noindex" }];
}

/**
 * Every tag of the head that depends on the page's content, each exactly once: title,
 * description, robots, Open Graph and Twitter card texts and image. The root layout adds what
 * depends on the URL alone (canonical, hreflang, og:url, og:locale, og:site_name, twitter:card).
 */
function headTags(at: MetaAt, locale: Locale, title: string, extras: SeoExtras) {
  const { pathname, search } = at.location;
  const base = baseOf(at);
  const description = extras.description?.trim() || pageDescription(locale, pathname) || translate(locale, "site.description");
  const noindex = extras.noindex || !seoHead(pathname, search).indexable;
  const own = extras.image && (base || /^https?:\/\//.test(extras.image)) ? absoluteUrl(base ?? "", extras.image) : null;
  const image = own
    ? { url: own, alt: extras.imageAlt ?? title }
    : base
      ? { url: absoluteUrl(base, DEFAULT_IMAGE.path), alt: translate(locale, "site.imageAlt"), width: DEFAULT_IMAGE.width, height: DEFAULT_IMAGE.height }
      : null;
  return [
    { title },
    { name: "description", content: description },
    { name: "robots", content: noindex ? "noindex" : "index, follow" },
    { property: "og:type", content: extras.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...(image
      ? [
          { property: "og:image", content: image.url },
          { property: "og:image:alt", content: image.alt },
          ...("width" in image ? [{ property: "og:image:width", content: String(image.width) }, { property: "og:image:height", content: String(image.height) }] : []),
          { name: "twitter:image", content: image.url },
          { name: "twitter:image:alt", content: image.alt },
        ]
      : []),
  ];
}

const atOf = (at: string | MetaAt): MetaAt => (typeof at === "string" ? { location: { pathname: at, search: "" } } : at);

/**
 * The head of a page: "<page title> – PartnerNet" and the tags above. Pass the route's meta
 * arguments (`pageMeta(args, …)`): with a bare pathname the query is unknown and, without the
 * site's base URL, the default sharing image is left out.
 */
export function pageMeta(at: string | MetaAt, titleKey: MessageKey, title?: string, extras: SeoExtras = {}) {
  const meta = atOf(at);
  if (meta.error || titleKey === "error.title") return errorMeta(meta.location.pathname);
  const locale: Locale = localeOfPath(meta.location.pathname) ?? "de";
  const pageTitle = title ?? translate(locale, titleKey);
  return headTags(meta, locale, `${pageTitle} – ${translate(locale, "site.name")}`, extras);
}

/** The home page: the site's own title, which already names PartnerNet (not "… – PartnerNet" again). */
export function siteMeta(at: string | MetaAt) {
  const meta = atOf(at);
  if (meta.error) return errorMeta(meta.location.pathname);
  const locale: Locale = localeOfPath(meta.location.pathname) ?? "de";
  return headTags(meta, locale, translate(locale, "site.title"), {});
}
