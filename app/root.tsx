// Mantine's base styles; each component's stylesheet comes with the modules that use it
// (vite-plugins/mantine-css.ts, decision 044).
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/default-css-variables.css";
import "@mantine/core/styles/global.css";
import "./styles/global.css";
import MANTINE_LAYER_ORDER from "virtual:mantine-layer-order";
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from "@mantine/core";
import { type ReactNode, useEffect } from "react";
import { Meta, Outlet, Scripts, ScrollRestoration, useLocation } from "react-router";
import type { Route } from "./+types/root";
import { AppLayout } from "./components/layout/AppLayout";
import { LazyNotifications } from "./components/layout/LazyNotifications";
import { RouteAnnouncer } from "./components/layout/RouteAnnouncer";
import { Stylesheets } from "./components/layout/Stylesheets";
import { ErrorScreen } from "./components/ErrorScreen";
import { SeoHead } from "./components/seo/SeoHead";
import { I18nProvider } from "./i18n/i18n-context";
import { loadCatalogue, noteSignedIn } from "./i18n/catalogue-store";
import { CATALOGUE_URLS } from "./i18n/catalogue-urls";
import { useNonce } from "./nonce";
import { DEFAULT_LOCALE, LOCALE_TAGS, localeOfPath } from "./i18n/locales";
import { errorMeta } from "./routing/current-page";
import { matchPage } from "./routing/paths";
import { config } from "./server/config.server";
import { userContext } from "./server/http/context";
import { clockMiddleware, rootMiddleware } from "./server/http/root-middleware.server";
import { publicBaseUrl, requestOriginMiddleware } from "./server/request-origin.server";
import { type RootData, useRootData } from "./root-data";
import { AnalyticsTracker } from "./components/analytics/AnalyticsTracker";
import { cssVariablesResolver, theme } from "./theme";

export const middleware: Route.MiddlewareFunction[] = [clockMiddleware, requestOriginMiddleware, rootMiddleware];

/**
 * In the browser, a navigation renders only once the target language's messages are there: a
 * language switch fetches the other catalogue (once), everything else finds it loaded (decision 044).
 * The public part always; the rest for an account or admin page, and for a signed-in user.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request }, next) => {
    const { pathname } = new URL(request.url);
    // Fetchers' calls of the API and auth routes render nothing (the redirect after one is a navigation of its own).
    if (!/^\/(api|auth)\//.test(pathname)) await loadCatalogue(localeOfPath(pathname) ?? DEFAULT_LOCALE, { rest: !isPublicPath(pathname) });
    return next();
  },
];

/** A page anyone may see (its code's messages are in the public catalogue); unknown paths are the public 404. */
function isPublicPath(pathname: string): boolean {
  return (matchPage(pathname)?.page.access ?? "public") === "public";
}

/** Pages set their own head (pageMeta); when the error screen replaces a page, it is "Error" and noindex. */
export function meta({ error, location }: Route.MetaArgs) {
  return error ? errorMeta(location.pathname) : [];
}

export function loader({ context }: Route.LoaderArgs): RootData {
  const user = context.get(userContext);
  return {
    user: user ? { id: user.id, name: user.name, email: user.email, role: user.role } : null,
    appEnv: config.appEnv,
    publicUrl: publicBaseUrl(),
    machineTranslation: config.translation.service !== null,
    analytics: {
      mode: config.analytics.mode,
      plausible: config.analytics.plausible ? { scriptUrl: config.analytics.plausible.scriptUrl, domain: config.analytics.plausible.domain } : null,
    },
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const location = useLocation();
  const locale = localeOfPath(location.pathname) ?? DEFAULT_LOCALE;
  const nonce = useNonce();
  const rootData = useRootData();
  const analytics = rootData?.analytics;
  const signedIn = Boolean(rootData?.user);
  // The browser loads every message for a signed-in user from now on (catalogue-store.browser.ts).
  noteSignedIn(locale, signedIn);
  const rest = signedIn || !isPublicPath(location.pathname);
  // Marks the document once React has taken it over: end-to-end tests wait for it before a click
  // that must go through the app's own handlers (after the first commit, so no hydration mismatch).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang={LOCALE_TAGS[locale]} {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* First in <head>: the layer order of Mantine's component styles, then the stylesheets (decision 070). */}
        <Stylesheets layerOrder={MANTINE_LAYER_ORDER} nonce={nonce} />
        <SeoHead locale={locale} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* This language's messages, fetched by entry.client.tsx before it hydrates (decision 044): the
            public part, and the rest for a signed-in user or an account/admin page. */}
        <link rel="preload" href={CATALOGUE_URLS[locale].public} as="fetch" crossOrigin="anonymous" data-catalogue="public" />
        {rest && <link rel="preload" href={CATALOGUE_URLS[locale].rest} as="fetch" crossOrigin="anonymous" data-catalogue="rest" />}
        <Meta />
        <ColorSchemeScript defaultColorScheme="light" nonce={nonce} />
        {analytics?.plausible && <script defer data-domain={analytics.plausible.domain} src={analytics.plausible.scriptUrl} nonce={nonce} />}
      </head>
      <body>
        <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
          <I18nProvider locale={locale}>
            <LazyNotifications />
            {children}
            {/* After the page: its effects run first (focus after navigation, decision 046). */}
            <RouteAnnouncer />
          </I18nProvider>
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {analytics?.mode === "firstParty" && <AnalyticsTracker />}
      </body>
    </html>
  );
}

export default function App() {
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AppLayout>
      <ErrorScreen error={error} />
    </AppLayout>
  );
}
