import { redirect } from "react-router";
import { localeFromAcceptLanguage } from "~/i18n/locales";
import { preferredLocale } from "~/server/http/root-middleware.server";
import type { Route } from "./+types/root-redirect";

/** `/` → the locale from the cookie, else Accept-Language, else German. */
export function loader({ request }: Route.LoaderArgs) {
  const locale = preferredLocale(request, () => localeFromAcceptLanguage(request.headers.get("Accept-Language")));
  return redirect(`/${locale}`, { headers: { Vary: "Cookie, Accept-Language" } });
}
