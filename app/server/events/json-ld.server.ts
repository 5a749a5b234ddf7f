import type { Locale } from "~/i18n/locales";
import { href } from "~/routing/paths";
import { absoluteUrl } from "~/routing/seo";
import type { PublicEvent } from "./detail.server";

const plain = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();

/**
 * schema.org Event for search engines (spec §2: event pages carry structured data). Built from
 * the loader's data; `<` is escaped so no text can close the script element.
 */
export function eventJsonLd(data: PublicEvent, locale: Locale, pageUrl: string, origin: string) {
  const e = data.event;
  const online = e.locationKind === "ONLINE";
  const location = online
    ? { "@type": "VirtualLocation", url: e.onlineUrl }
    : {
        "@type": "Place",
        name: e.venue ?? e.city ?? undefined,
        address: { "@type": "PostalAddress", streetAddress: [e.line1, e.line2].filter(Boolean).join(", "), postalCode: e.postalCode, addressLocality: e.city, addressCountry: e.country },
        ...(e.lat !== null && e.lon !== null ? { geo: { "@type": "GeoCoordinates", latitude: e.lat, longitude: e.lon } } : {}),
      };
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: locale === "cs" ? e.titleCs : e.titleDe,
    description: plain(locale === "cs" ? e.descriptionCs : e.descriptionDe).slice(0, 5000),
    startDate: e.startsAt,
    endDate: e.endsAt,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: online ? "https://schema.org/OnlineEventAttendanceMode" : "https://schema.org/OfflineEventAttendanceMode",
    location,
    image: data.images.map((i) => `${origin}/files/${i.key}`),
    // Public (verified) organisers link to their company pages, which carry their own Organization.
    organizer: data.organisers.map((o) => ({ "@type": "Organization", name: o.name, ...(o.linked ? { url: absoluteUrl(origin, href("companyDetail", locale, { id: o.id })) } : {}) })),
    ...(e.feeMinor !== null && e.currency
      ? { offers: { "@type": "Offer", price: (e.feeMinor / 100).toFixed(2), priceCurrency: e.currency, url: pageUrl, validThrough: e.registrationClosesAt } }
      : {}),
    inLanguage: locale === "cs" ? "cs-CZ" : "de-DE",
    url: pageUrl,
  };
}

