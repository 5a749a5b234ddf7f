import { redirect } from "react-router";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/i18n/locales";
import { flowCookieHeader, oidcErrorPath, oidcSettingsFromConfig, startOidcLogin } from "~/server/auth/oidc.server";
import { isAppError } from "~/server/errors";
import { preferredLocale } from "~/server/http/root-middleware.server";
import type { Route } from "./+types/auth.oidc.start";

/** `/auth/oidc/start?locale=de|cs&redirectTo=…`: remembers the flow in a cookie and goes to the provider. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const param = url.searchParams.get("locale");
  const locale: Locale = isLocale(param) ? param : preferredLocale(request, () => DEFAULT_LOCALE);
  try {
    const start = await startOidcLogin(oidcSettingsFromConfig(), { locale, redirectTo: url.searchParams.get("redirectTo") });
    return redirect(start.authorizationUrl, {
      headers: { "Set-Cookie": flowCookieHeader(start.flowCookie), "Cache-Control": "no-store" },
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return redirect(oidcErrorPath(locale, error.code));
  }
}
