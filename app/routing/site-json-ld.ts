import { DEFAULT_LOCALE, type Locale, LOCALE_TAGS } from "~/i18n/locales";
import { translate } from "~/i18n/translate";
import { href } from "./paths";
import { absoluteUrl } from "./seo";

/**
 * schema.org WebSite and Organization of PartnerNet itself, for the home page (issue 13): search
 * engines may offer a search box that opens the site's search in the page's language.
 */
export function siteJsonLd(base: string, locale: Locale) {
  const organization = `${base}/#organization`;
  return {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "Organization",
        "@id": organization,
        name: translate(locale, "site.name"),
        url: absoluteUrl(base, href("home", DEFAULT_LOCALE)),
        logo: absoluteUrl(base, "/og-image.png"),
      },
      {
        "@type": "WebSite",
        "@id": `${base}/#website-${locale}`,
        name: translate(locale, "site.name"),
        alternateName: translate(locale, "site.title"),
        description: translate(locale, "site.description"),
        url: absoluteUrl(base, href("home", locale)),
        inLanguage: LOCALE_TAGS[locale],
        publisher: { "@id": organization },
        potentialAction: {
          "@type": "SearchAction",
          target: { "@type": "EntryPoint", urlTemplate: `${absoluteUrl(base, href("search", locale))}?q={search_term_string}` },
          "query-input": "required name=search_term_string",
        },
      },
    ],
  };
}
