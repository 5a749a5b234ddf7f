import { localeOfPath } from "~/i18n/locales";
import { getDb } from "~/server/db/client.server";
import { throwDownloadError } from "~/server/http/download-errors.server";
import { requireUser } from "~/server/http/require-user.server";
import { funderReportCsvResponse } from "~/server/reports/funder-report-download.server";
import type { Route } from "./+types/admin-funder-report-csv";

/** The funder report of the period in the URL as CSV, in the language of the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  return funderReportCsvResponse(await getDb(), requireUser(context), url.searchParams, locale).catch(throwDownloadError(locale));
}
