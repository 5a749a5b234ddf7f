import type { Locale } from "~/i18n/locales";
import type { CompanyDetail } from "./detail.server";

const isWebUrl = (value: string) => /^https?:\/\/[^\s]+$/i.test(value.trim());

/**
 * schema.org Organization for a company page (issue 13): name, page URL, logo, description in
 * the page's language, the headquarters as PostalAddress and the company's website as sameAs.
 * Never contact persons, e-mail addresses or phone numbers: the profile shows those to signed-in
 * users only (spec §6), and this data is for search engines, i.e. anonymous visitors.
 */
export function companyJsonLd(detail: CompanyDetail, locale: Locale, pageUrl: string, origin: string) {
  const c = detail.company;
  const description = (locale === "cs" ? c.descriptionCs : c.descriptionDe).trim() || (locale === "cs" ? c.descriptionDe : c.descriptionCs).trim();
  const hq = detail.addresses.find((a) => a.kind === "HEADQUARTERS");
  const logo = c.logoKey ? `${origin}/files/${c.logoKey}` : null;
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${pageUrl}#organization`,
    name: c.name,
    url: pageUrl,
    ...(logo ? { logo, image: logo } : {}),
    ...(description ? { description: description.slice(0, 5000) } : {}),
    ...(hq
      ? {
          address: {
            "@type": "PostalAddress",
            streetAddress: [hq.line1, hq.line2].filter(Boolean).join(", "),
            postalCode: hq.postalCode,
            addressLocality: hq.city,
            ...(hq.state ? { addressRegion: hq.state } : {}),
            addressCountry: hq.country,
          },
        }
      : {}),
    ...(isWebUrl(c.website) ? { sameAs: [c.website.trim()] } : {}),
    ...(detail.tags.length > 0 ? { keywords: detail.tags.map((t) => (locale === "cs" ? t.labelCs : t.labelDe)).join(", ") } : {}),
  };
}
