import { localeOfPath } from "~/i18n/locales";
import { getDb } from "~/server/db/client.server";
import { csvDownloadResponse, xlsxDownloadResponse } from "~/server/downloads/table-download.server";
import { AppError, isAppError } from "~/server/errors";
import { throwDownloadError } from "~/server/http/download-errors.server";
import { requireUser } from "~/server/http/require-user.server";
import { rejectionReport } from "~/server/imports/list.server";
import type { Route } from "./+types/admin-imports-report";
import { logger } from "~/server/logger.server";

/**
 * An import's rejected rows as CSV or XLSX in the admin's language (decision 039); one file for
 * both catalogue entries, the format read from the path's extension.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const user = requireUser(context);
  const extension = url.pathname.endsWith(".xlsx") ? "xlsx" : "csv";
  const id = /^[0-9a-f-]{36}$/i.test(params.id) ? params.id : null;
  const table = await (id ? rejectionReport(await getDb(), user, id, locale, extension) : Promise.reject(new AppError("NOT_FOUND"))).catch((error: unknown) => {
    if (isAppError(error)) return throwDownloadError(locale)(error);
    logger.error({ err: error }, "Import report failed");
    return throwDownloadError(locale)(new AppError("IMPORT_REPORT_FAILED"));
  });
  return extension === "xlsx" ? xlsxDownloadResponse(table) : csvDownloadResponse(table);
}
