import { localeOfPath } from "~/i18n/locales";
import { parseCompanyDatabaseFilter } from "~/schemas/company-database";
import * as clock from "~/server/clock.server";
import { companyDownload } from "~/server/companies/company-download.server";
import { getDb } from "~/server/db/client.server";
import { csvDownloadResponse, xlsxDownloadResponse } from "~/server/downloads/table-download.server";
import { AppError, isAppError } from "~/server/errors";
import { throwDownloadError } from "~/server/http/download-errors.server";
import { requireUser } from "~/server/http/require-user.server";
import type { Route } from "./+types/admin-companies-download";
import { logger } from "~/server/logger.server";

/**
 * The company database's filtered selection as CSV or XLSX (decision 034); one file for both
 * catalogue entries, the format read from the path's extension. The page's filter query string
 * is the selection. Above the cap, or when the query fails, the spec's "download error for
 * companies" (§8) as a translated plain-text answer.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const user = requireUser(context);
  const extension = url.pathname.endsWith(".xlsx") ? "xlsx" : "csv";
  const filter = parseCompanyDatabaseFilter(url.searchParams, clock.now().getFullYear());
  const table = await companyDownload(await getDb(), user, filter, locale, extension).catch((error: unknown) => {
    if (isAppError(error)) return throwDownloadError(locale)(error);
    logger.error({ err: error }, "Company download failed");
    return throwDownloadError(locale)(new AppError("COMPANY_DOWNLOAD_FAILED"));
  });
  return extension === "xlsx" ? xlsxDownloadResponse(table) : csvDownloadResponse(table);
}
