import { type Locale, localeOfPath } from "~/i18n/locales";
import { translate } from "~/i18n/translate";
import { parseAccountFilter } from "~/schemas/admin-accounts";
import { accountPages, type AccountRow } from "~/server/admin/accounts.server";
import * as clock from "~/server/clock.server";
import { getDb } from "~/server/db/client.server";
import { csvDownloadResponse, pagedRows, type TableCell, type TableDownload, xlsxDownloadResponse } from "~/server/downloads/table-download.server";
import { AppError } from "~/server/errors";
import { throwDownloadError } from "~/server/http/download-errors.server";
import { requireUser } from "~/server/http/require-user.server";
import type { Route } from "./+types/admin-accounts-download";
import { logger } from "~/server/logger.server";

const HEADER_KEYS = [
  "accountAdmin.col.name",
  "accountAdmin.col.email",
  "accountAdmin.col.role",
  "accountAdmin.col.active",
  "accountAdmin.col.verified",
  "accountAdmin.col.language",
  "accountAdmin.col.created",
  "accountAdmin.col.companies",
] as const;

function cells(row: AccountRow, locale: Locale): TableCell[] {
  const yesNo = (value: boolean) => translate(locale, value ? "accountAdmin.yes" : "accountAdmin.no");
  return [
    row.name,
    row.email,
    translate(locale, `role.${row.role}`),
    yesNo(row.active),
    yesNo(row.verified),
    translate(locale, `accountAdmin.lang.${row.locale}`),
    row.createdAt,
    row.companies.map((c) => c.name).join(", "),
  ];
}

/**
 * The filtered selection of the accounts page as CSV or XLSX (decision 033), by the same query
 * string as the page. Streamed page by page; the first page is read before the answer starts, so
 * a failing database gives the spec's download error instead of a cut-off file.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const fail = throwDownloadError(locale);
  const user = requireUser(context);
  const filter = parseAccountFilter(url.searchParams, clock.now().getFullYear());
  const db = await getDb();
  const fetchPage = (() => {
    try {
      return accountPages(db, user, filter);
    } catch (error) {
      return fail(error);
    }
  })();
  const first = await fetchPage(null).catch((error: unknown) => {
    logger.error({ err: error }, "Accounts download failed");
    return fail(new AppError("ACCOUNTS_DOWNLOAD_FAILED"));
  });
  // Hand the page already read to the stream, then go on from its last row.
  let primed = false;
  const rows = pagedRows(
    async (after: { name: string; id: string } | null) => {
      if (!primed) {
        primed = true;
        return first;
      }
      return fetchPage(after);
    },
    (r) => ({ name: r.name, id: r.id }),
    (r) => cells(r, locale),
  );
  const xlsx = url.pathname.endsWith(".xlsx");
  const base = translate(locale, "accountAdmin.fileName");
  const table: TableDownload = {
    fileName: `${base}.${xlsx ? "xlsx" : "csv"}`,
    sheetName: base,
    header: HEADER_KEYS.map((key) => translate(locale, key)),
    rows,
  };
  return xlsx ? xlsxDownloadResponse(table) : csvDownloadResponse(table);
}
