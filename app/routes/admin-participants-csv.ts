import { localeOfPath } from "~/i18n/locales";
import { translate } from "~/i18n/translate";
import { parseParticipantSelection } from "~/schemas/participant-selection";
import { getDb } from "~/server/db/client.server";
import { downloadResponse } from "~/server/http/download.server";
import { throwDownloadError } from "~/server/http/download-errors.server";
import { requireUser } from "~/server/http/require-user.server";
import { csvFileName, participantsCsv } from "~/server/participants/csv.server";
import { listParticipants } from "~/server/participants/list.server";
import type { Route } from "./+types/admin-participants-csv";

/** The participant list's current selection as CSV (the list's tools form sends filter and ticked ids). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const user = requireUser(context);
  const db = await getDb();
  const list = await listParticipants(db, user, params.id, parseParticipantSelection(url.searchParams)).catch(throwDownloadError(locale));
  const title = locale === "cs" ? list.event.titleCs : list.event.titleDe;
  return downloadResponse(participantsCsv(list, locale), "text/csv; charset=utf-8", csvFileName(translate(locale, "participants.csv.fileName"), title));
}
