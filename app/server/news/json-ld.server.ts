import type { Locale } from "~/i18n/locales";
import { href } from "~/routing/paths";
import type { PublicNews } from "./public.server";

/** Google shows at most 110 characters of a headline; longer ones are cut at a word. */
export const HEADLINE_MAX = 110;

export function headline(title: string): string {
  if (title.length <= HEADLINE_MAX) return title;
  const cut = title.slice(0, HEADLINE_MAX - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > HEADLINE_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * schema.org NewsArticle for search engines (issue 13), built from the detail page's data.
 * The publisher is the publishing company (with its logo when it has one); its page is named
 * only while the profile is public. URLs are absolute (`origin` is PUBLIC_URL or the request's).
 * Embedding escapes `<` (NewsJsonLd), so no text can close the script element.
 */
export function newsJsonLd(item: PublicNews, locale: Locale, origin: string) {
  const pageUrl = `${origin}${encodeURI(href("newsDetail", locale, { id: item.id }))}`;
  const published = item.publishAt;
  // A scheduled item edited before it came out: its page was not modified after it appeared.
  const modified = item.updatedAt > published ? item.updatedAt : published;
  const publisher = {
    "@type": "Organization",
    name: item.companyName,
    ...(item.companyPublic ? { url: `${origin}${encodeURI(href("companyDetail", locale, { id: item.companyId }))}` } : {}),
    ...(item.companyLogoKey ? { logo: { "@type": "ImageObject", url: `${origin}/files/${item.companyLogoKey}` } } : {}),
  };
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: headline(item.title),
    description: item.excerpt,
    image: [`${origin}/files/${item.imageKey}`],
    datePublished: published.toISOString(),
    dateModified: modified.toISOString(),
    // The author's name stays when the account is gone; without one the company speaks.
    author: item.authorName.trim() ? [{ "@type": "Person", name: item.authorName }] : [{ "@type": "Organization", name: item.companyName }],
    publisher,
    mainEntityOfPage: { "@type": "WebPage", "@id": pageUrl },
    url: pageUrl,
    inLanguage: locale === "cs" ? "cs-CZ" : "de-DE",
  };
}

