import { localeOfPath } from "~/i18n/locales";
import { parsePathFilter, parsePeriod } from "~/schemas/statistics";
import * as clock from "~/server/clock.server";
import { getDb } from "~/server/db/client.server";
import { AppError } from "~/server/errors";
import { csvDownloadResponse } from "~/server/downloads/table-download.server";
import { throwDownloadError } from "~/server/http/download-errors.server";
import { requireUser } from "~/server/http/require-user.server";
import { asDownloadFailure } from "~/server/statistics/load.server";
import { statisticsTable } from "~/server/statistics/statistics-csv.server";
import { getStatistics } from "~/server/statistics/statistics.server";
import type { Route } from "./+types/admin-statistics-csv";

/** The statistics of a period (`?from=YYYY-MM&to=YYYY-MM&page=…`, as on the page) as CSV; admins only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const user = requireUser(context);
  const parsed = parsePeriod(url.searchParams, clock.now());
  if (!parsed.ok) return throwDownloadError(locale)(new AppError(parsed.code));
  const stats = await getStatistics(await getDb(), user, parsed.period, { pathContains: parsePathFilter(url.searchParams) }).catch(asDownloadFailure).catch(throwDownloadError(locale));
  return csvDownloadResponse(statisticsTable(stats, locale));
}
