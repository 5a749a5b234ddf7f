import { matchPage } from "~/routing/paths";

/**
 * The `route` label of a request's metrics (decision 050): the catalogue page's id for pages
 * (`companyDetail`, never `/de/firmen/123`), a fixed name for the other routes of app/routes.ts
 * and the server's own paths, `static` for built assets and public files, `notFound` for the rest.
 * So the number of series is bounded by the catalogue, whatever paths clients send.
 */
const FIXED: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/assets\//, "static"],
  [/^\/$/, "rootRedirect"],
  [/^\/healthz$/, "healthz"],
  [/^\/readyz$/, "readyz"],
  [/^\/robots\.txt$/, "robots"],
  [/^\/files\//, "files"],
  [/^\/private-files\//, "privateFiles"],
  [/^\/api\/(geocode|places|nace|event|translations)$/, "api"],
  [/^\/auth\/oidc\/(start|callback)$/, "oidc"],
  [/^\/auth\/logout$/, "logout"],
  [/^\/dev\//, "dev"],
  [/^\/_local(\/|$)/, "localControl"],
  [/^\/_test\//, "test"],
  [/^\/(de|cs)\/sitemap\.xml$/, "sitemap"],
  [/^\/(de|cs)\/sitemap\/[^/]+$/, "sitemap"],
  // The ASCII spelling of the Czech event path only redirects (app/routes.ts): its own series, so
  // redirect latencies do not blur the event page's.
  [/^\/cs\/udalosti\/[^/]+$/, "eventDetailRedirect"],
];

export function routeLabel(pathname: string): string {
  // A client-side navigation asks for the page's data at "<path>.data" (the home page: "/_root.data").
  const path = pathname === "/_root.data" ? "/" : pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  const page = path.length > 1 && !path.startsWith("/assets/") ? matchPage(path) : null;
  if (page) return page.page.id;
  for (const [pattern, label] of FIXED) if (pattern.test(path)) return label;
  // The public folder's files (favicon.svg, og-image.png) are served by extension (server.js).
  if (/^\/[^/]+\.[a-z0-9]+$/i.test(path)) return "static";
  return "notFound";
}
