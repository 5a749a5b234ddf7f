import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { LOCALES } from "./i18n/locales";
import { PAGES } from "./routing/catalogue";

// Every page of the catalogue under /de and /cs, each with an id `<page>.<locale>`.
const localized = LOCALES.flatMap((locale) => [
  ...PAGES.map((page) => {
    const path = page[locale] ? `${locale}/${page[locale]}` : locale;
    return route(path, page.file, { id: `${page.id}.${locale}` });
  }),
  route(`${locale}/sitemap.xml`, "routes/sitemap.ts", { id: `sitemap.${locale}` }),
  // Parts of a sitemap split at 50,000 URLs (decision 025).
  route(`${locale}/sitemap/:part`, "routes/sitemap.ts", { id: `sitemapPart.${locale}` }),
  route(`${locale}/*`, "routes/not-found.tsx", { id: `notFound.${locale}` }),
]);

export default [
  index("routes/root-redirect.ts"),
  ...localized,
  // The spec spells the Czech event detail with a diacritic; the plain form redirects to it.
  route("cs/udalosti/:id", "routes/event-detail-ascii-redirect.ts"),
  route("auth/oidc/start", "routes/auth.oidc.start.ts"),
  route("auth/oidc/callback", "routes/auth.oidc.callback.ts"),
  route("auth/logout", "routes/auth.logout.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("files/*", "routes/files.ts"),
  route("private-files/*", "routes/private-files.ts"),
  route("api/geocode", "routes/api.geocode.ts"),
  route("api/places", "routes/api.places.ts"),
  route("api/nace", "routes/api.nace.ts"),
  route("api/event", "routes/api.event.ts"),
  route("api/translations", "routes/api.translations.ts"),
  // issue 25: the public API (decision 064)
  route("api/v1/*", "routes/api.v1.ts"),
  route("dev/outbox", "routes/dev.outbox.tsx"),
  route("dev/error", "routes/dev.error.tsx"),
  // issue 25: run the reminder jobs now (development only, decision 062).
  route("dev/reminders", "routes/dev.reminders.tsx"),
  route("*", "routes/not-found.tsx", { id: "notFound" }),
] satisfies RouteConfig;
