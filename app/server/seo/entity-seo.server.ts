import type { Locale } from "~/i18n/locales";
import { translate } from "~/i18n/translate";
import type { CompanyDetail } from "~/server/companies/detail.server";
import { richTextContent } from "~/server/events/rich-text.server";
import type { PublicEvent } from "~/server/events/detail.server";
import { metaExcerpt } from "./excerpt.server";

/** What pageMeta needs beyond the title (app/routing/current-page.ts SeoExtras). */
export interface EntitySeo {
  description: string;
  /** A path on this site (pageMeta makes it absolute); absent: the default sharing image. */
  image?: string;
  imageAlt?: string;
}

/**
 * A company page's description and image (issue 13): its description in the page's language
 * (else a sentence naming it, not the other language's text), its logo.
 */
export function companySeo(detail: CompanyDetail, locale: Locale): EntitySeo {
  const c = detail.company;
  const own = (locale === "cs" ? c.descriptionCs : c.descriptionDe).trim();
  return {
    description: own ? metaExcerpt(own) : translate(locale, "companyDetail.metaDescription", { name: c.name }),
    ...(c.logoKey ? { image: `/files/${c.logoKey}`, imageAlt: c.name } : {}),
  };
}

/** An event page's description (its text in the page's language) and its first image. */
export function eventSeo(detail: PublicEvent, locale: Locale): EntitySeo {
  const e = detail.event;
  const title = locale === "cs" ? e.titleCs : e.titleDe;
  const first = detail.images[0];
  return {
    description: metaExcerpt(richTextContent(locale === "cs" ? e.descriptionCs : e.descriptionDe)) || title,
    ...(first ? { image: `/files/${first.key}`, imageAlt: translate(locale, "eventDetail.imageAlt", { title, n: 1 }) } : {}),
  };
}
