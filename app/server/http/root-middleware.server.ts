import { data, type MiddlewareFunction, redirect } from "react-router";
import { DEFAULT_LOCALE, isLocale, type Locale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, localeOfPath } from "~/i18n/locales";
import { href, matchPage } from "~/routing/paths";
import { lookupSession } from "~/server/auth/sessions.server";
import { runWithRequestClock } from "~/server/clock.server";
import { isDatabaseUnavailable } from "~/server/db/availability.server";
import { getDb } from "~/server/db/client.server";
import { type Logger, logger } from "~/server/logger.server";
import { decidePageAccess } from "~/server/policy/policy";
import { clearSessionCookie, readCookie, serializeCookie, SESSION_COOKIE } from "./cookies.server";
import { requestInfoContext, userContext } from "./context";

/** Where the login page sends the user back to; only local, localized paths are accepted. */
export function loginRedirect(locale: Locale, url: URL, action?: "expired"): string {
  const query = new URLSearchParams();
  if (action) query.set("action", action);
  query.set("redirectTo", url.pathname + url.search);
  return `${encodeURI(href("login", locale))}?${query.toString()}`;
}

/**
 * Runs before every loader and action: validates the session (an expired one clears the
 * cookie and, except on the login page, redirects to login with action=expired), applies the
 * page guard of spec §6 on the server, and remembers the language of the visited page.
 */
export const rootMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  // Stored files are public and cached for a year: no session lookup, no cookies on them.
  if (url.pathname.startsWith("/files/")) return next();
  // The analytics beacon counts anonymously (decision 035): it never looks at the session.
  if (url.pathname === "/api/event") return next();
  // The public API answers every caller as an anonymous visitor and never reads cookies (decision 064).
  if (url.pathname.startsWith("/api/v1/")) return next();
  const locale = localeOfPath(url.pathname) ?? DEFAULT_LOCALE;
  const match = matchPage(url.pathname);
  const info = context.get(requestInfoContext);
  const lookup = await lookupSession(await getDb(), readCookie(request, SESSION_COOKIE)).catch((error: unknown) => unavailableAs503(error, info.log ?? logger));
  const setCookies: string[] = [];

  if (lookup.status === "expired") {
    setCookies.push(clearSessionCookie());
    if (match && match.page.id !== "login") {
      throw redirect(loginRedirect(locale, url, "expired"), { headers: { "Set-Cookie": clearSessionCookie() } });
    }
  }
  const user = lookup.status === "valid" ? lookup.user : null;
  context.set(userContext, user);
  if (user) info.noteUser?.(user.id);

  if (match) {
    const decision = decidePageAccess(user, match.page.access);
    if (decision === "login") throw redirect(loginRedirect(locale, url));
    if (decision === "home") throw redirect(href("home", locale));
  }

  const pathLocale = localeOfPath(url.pathname);
  const cookieLocale = readCookie(request, LOCALE_COOKIE);
  if (pathLocale && pathLocale !== cookieLocale) {
    setCookies.push(serializeCookie(LOCALE_COOKIE, pathLocale, { maxAge: LOCALE_COOKIE_MAX_AGE, httpOnly: false }));
  }

  const response = await next();
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  // Signed-in pages show contact data and personal details: never store them in any cache (decision 012).
  if (user || (match && match.page.access !== "public")) response.headers.set("Cache-Control", "private, no-store");
  return response;
};

/**
 * Every page asks the database for the session first, so an unreachable or frozen database
 * (bounded by the pool's timeouts) is answered here with 503 and the translated error screen.
 */
function unavailableAs503(error: unknown, log: Logger): never {
  if (isDatabaseUnavailable(error)) {
    log.error(`Database unavailable: ${(error as Error).message}`);
    throw data({ code: "SERVICE_UNAVAILABLE" }, { status: 503, headers: { "Retry-After": "10" } });
  }
  throw error;
}

/** Lets an end-to-end test's request see a later date (only with E2E_CLOCK=1; decision 009). */
export const clockMiddleware: MiddlewareFunction<Response> = ({ request }, next) => runWithRequestClock(request, next);

export function preferredLocale(request: Request, fallback: () => Locale): Locale {
  const cookie = readCookie(request, LOCALE_COOKIE);
  return isLocale(cookie) ? cookie : fallback();
}
