import { localeOfPath } from "~/i18n/locales";
import { getDb } from "~/server/db/client.server";
import { downloadResponse } from "~/server/http/download.server";
import { throwDownloadError } from "~/server/http/download-errors.server";
import { requireUser } from "~/server/http/require-user.server";
import { agendaIcs } from "~/server/matching/agenda-documents.server";
import type { Route } from "./+types/event-b2b-agenda-ics";

/** A participating company's published B2B meetings as a calendar file (one VEVENT per meeting), in the language of the URL. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const file = await agendaIcs(await getDb(), requireUser(context), params.id, url.searchParams.get("company"), locale).catch(throwDownloadError(locale));
  return downloadResponse(file.bytes, "text/calendar; charset=utf-8", file.fileName);
}
