import { redirect } from "react-router";
import { isLocale } from "~/i18n/locales";
import { deleteSession } from "~/server/auth/sessions.server";
import { getDb } from "~/server/db/client.server";
import { readForm } from "~/server/http/actions.server";
import { clearSessionCookie, readCookie, SESSION_COOKIE } from "~/server/http/cookies.server";
import type { Route } from "./+types/auth.logout";

/** POST only (a GET could be triggered by any link or image). */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  const locale = form.get("locale");
  await deleteSession(await getDb(), readCookie(request, SESSION_COOKIE));
  return redirect(`/${isLocale(locale) ? locale : "de"}`, { headers: { "Set-Cookie": clearSessionCookie() } });
}

export function loader() {
  return redirect("/");
}
