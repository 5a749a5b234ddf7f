import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "@mantine/charts/styles.css";
import "./styles/global.css";
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import type { ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from "react-router";
import type { Route } from "./+types/root";
import { AppLayout } from "./components/layout/AppLayout";
import { ErrorScreen } from "./components/ErrorScreen";
import { SeoHead } from "./components/seo/SeoHead";
import { I18nProvider } from "./i18n/i18n-context";
import { useNonce } from "./nonce";
import { DEFAULT_LOCALE, LOCALE_TAGS, localeOfPath } from "./i18n/locales";
import { errorMeta } from "./routing/current-page";
import { config } from "./server/config.server";
import { userContext } from "./server/http/context";
import { clockMiddleware, rootMiddleware } from "./server/http/root-middleware.server";
import { publicBaseUrl, requestOriginMiddleware } from "./server/request-origin.server";
import { type RootData, useRootData } from "./root-data";
import { AnalyticsTracker } from "./components/analytics/AnalyticsTracker";
import { cssVariablesResolver, theme } from "./theme";

export const middleware: Route.MiddlewareFunction[] = [clockMiddleware, requestOriginMiddleware, rootMiddleware];

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
  const analytics = useRootData()?.analytics;
  return (
    <html lang={LOCALE_TAGS[locale]} {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <SeoHead locale={locale} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        <ColorSchemeScript defaultColorScheme="light" nonce={nonce} />
        {analytics?.plausible && <script defer data-domain={analytics.plausible.domain} src={analytics.plausible.scriptUrl} nonce={nonce} />}
      </head>
      <body>
        <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
          <I18nProvider locale={locale}>
            <Notifications />
            {children}
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
