import { localeOfPath } from "~/i18n/locales";
import { getDb } from "~/server/db/client.server";
import { downloadResponse } from "~/server/http/download.server";
import { throwDownloadError } from "~/server/http/download-errors.server";
import { requireUser } from "~/server/http/require-user.server";
import { agendaPdf } from "~/server/matching/agenda-documents.server";
import type { Route } from "./+types/event-b2b-agenda-pdf";

/** A participating company's published B2B agenda as an A4 PDF, in the language of the URL (?company= picks one of several). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const file = await agendaPdf(await getDb(), requireUser(context), params.id, url.searchParams.get("company"), locale).catch(throwDownloadError(locale));
  return downloadResponse(file.bytes, "application/pdf", file.fileName);
}
