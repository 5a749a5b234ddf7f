import { localeOfPath } from "~/i18n/locales";
import { parseParticipantSelection } from "~/schemas/participant-selection";
import { getDb } from "~/server/db/client.server";
import { downloadResponse } from "~/server/http/download.server";
import { throwDownloadError } from "~/server/http/download-errors.server";
import { requireUser } from "~/server/http/require-user.server";
import { participantListPdf } from "~/server/participants/list-pdf.server";
import type { Route } from "./+types/admin-participants-pdf";

/** The participant list's current selection as an A4 landscape PDF, in the language of the URL. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const pdf = await participantListPdf(await getDb(), requireUser(context), params.id, parseParticipantSelection(url.searchParams), locale).catch(throwDownloadError(locale));
  return downloadResponse(pdf.bytes, "application/pdf", pdf.fileName);
}
