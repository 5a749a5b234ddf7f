import { redirect } from "react-router";
import { DEFAULT_LOCALE } from "~/i18n/locales";
import {
  clearFlowCookieHeader,
  completeOidcLogin,
  OIDC_FLOW_COOKIE,
  oidcErrorPath,
  oidcSettingsFromConfig,
  openFlow,
  signedInPageHtml,
} from "~/server/auth/oidc.server";
import { getDb } from "~/server/db/client.server";
import { isAppError } from "~/server/errors";
import { readCookie, sessionCookie } from "~/server/http/cookies.server";
import { preferredLocale } from "~/server/http/root-middleware.server";
import type { Route } from "./+types/auth.oidc.callback";
import { logger } from "~/server/logger.server";

/**
 * The provider redirects here. Success answers with a small page (not a redirect) that sets the
 * SameSite=Strict session cookie and continues with a same-site navigation; errors go back to
 * the localized login page with `?oidcError=<code>`. Either way the flow cookie is cleared.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const flowCookie = readCookie(request, OIDC_FLOW_COOKIE);
  try {
    const result = await completeOidcLogin(await getDb(), oidcSettingsFromConfig(), { callbackUrl: request.url, flowCookie });
    const headers = new Headers({
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
    });
    headers.append("Set-Cookie", sessionCookie(result.token));
    headers.append("Set-Cookie", clearFlowCookieHeader());
    return new Response(signedInPageHtml(result.locale, result.redirectTo), { status: 200, headers });
  } catch (error) {
    if (!isAppError(error)) logger.error({ err: error }, "OIDC callback failed");
    const code = isAppError(error) ? error.code : "GENERIC";
    const locale = openFlow(flowCookie)?.locale ?? preferredLocale(request, () => DEFAULT_LOCALE);
    return redirect(oidcErrorPath(locale, code), { headers: { "Set-Cookie": clearFlowCookieHeader() } });
  }
}
