import { useContext } from "react";
import { UNSAFE_DataRouterStateContext, useLocation } from "react-router";
import { type Locale, otherLocale } from "~/i18n/locales";
import { useRootData } from "~/root-data";
import { useCurrentPageId } from "~/routing/current-page";
import { absoluteUrl, OG_LOCALES, seoHead } from "~/routing/seo";
import { siteJsonLd } from "~/routing/site-json-ld";
import { JsonLd } from "./JsonLd";

/**
 * Whether an error screen replaces the page or part of it. `useRouteError` only sees the root's
 * own error; a page's boundary (company, event) is in the router state React Router's <Meta>
 * reads too.
 */
function useShowsError(): boolean {
  const state = useContext(UNSAFE_DataRouterStateContext);
  return !!state?.errors && Object.keys(state.errors).length > 0;
}

/**
 * The part of the head that depends on the URL alone (issue 13, decision 025): canonical URL,
 * hreflang alternates and og:url for indexable pages, the Open Graph locale and site name and the
 * large-image card on every page, and PartnerNet's own schema.org data on the home page. The
 * page's texts and image come from its meta (pageMeta), so each tag appears once.
 */
export function SeoHead({ locale }: { locale: Locale }) {
  const location = useLocation();
  const base = useRootData()?.publicUrl ?? null;
  const failed = useShowsError();
  const pageId = useCurrentPageId();
  const head = seoHead(location.pathname, location.search);
  const links = base && !failed && head.indexable && head.canonical;
  return (
    <>
      <meta property="og:site_name" content="PartnerNet" />
      <meta property="og:locale" content={OG_LOCALES[locale]} />
      <meta property="og:locale:alternate" content={OG_LOCALES[otherLocale(locale)]} />
      <meta name="twitter:card" content="summary_large_image" />
      {links && (
        <>
          <link rel="canonical" href={absoluteUrl(base, head.canonical!)} />
          {head.alternates.map((a) => (
            <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={absoluteUrl(base, a.path)} />
          ))}
          <meta property="og:url" content={absoluteUrl(base, head.canonical!)} />
        </>
      )}
      {links && pageId === "home" && <JsonLd json={siteJsonLd(base, locale)} />}
    </>
  );
}
