import { localeOfPath } from "~/i18n/locales";
import { parseParticipantSelection } from "~/schemas/participant-selection";
import { getDb } from "~/server/db/client.server";
import { downloadResponse } from "~/server/http/download.server";
import { throwDownloadError } from "~/server/http/download-errors.server";
import { requireUser } from "~/server/http/require-user.server";
import { nameTagsPdf } from "~/server/name-tags/name-tags.server";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/admin-name-tags-pdf";

/** Name-tag sheets (decision 022) for the selection carried in the query string. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const pdf = await nameTagsPdf(await getDb(), requireUser(context), params.id, parseParticipantSelection(url.searchParams), locale, getStorage()).catch(throwDownloadError(locale));
  return downloadResponse(pdf.bytes, "application/pdf", pdf.fileName);
}
