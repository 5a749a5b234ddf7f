import { localeOfPath } from "~/i18n/locales";
import { parseTableFilter } from "~/schemas/b2b-schedule";
import * as clock from "~/server/clock.server";
import { getDb } from "~/server/db/client.server";
import { AppError } from "~/server/errors";
import { downloadResponse } from "~/server/http/download.server";
import { throwDownloadError } from "~/server/http/download-errors.server";
import { requireUser } from "~/server/http/require-user.server";
import { renderPlanPdf } from "~/server/matching/plan-pdf.server";
import { loadPlanExport, planFileName } from "~/server/matching/plan-export.server";
import type { Route } from "./+types/admin-b2b-plan-pdf";
import { logger } from "~/server/logger.server";

/** The table plan per round for the reception desk (PDF; `?tables=` = the page's table filter). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const user = requireUser(context);
  const db = await getDb();
  const now = clock.now();
  const plan = await loadPlanExport(db, user, params.id, parseTableFilter(url.searchParams.get("tables")), locale, now).catch(throwDownloadError(locale));
  const bytes = await renderPlanPdf(plan, locale, now).catch((error: unknown) => {
    // The spec's "download error for the B2B matching list" (§8), not a generic server error.
    logger.error({ err: error }, "B2B plan PDF failed");
    return throwDownloadError(locale)(new AppError("B2B_DOWNLOAD_FAILED"));
  });
  return downloadResponse(bytes, "application/pdf", planFileName(locale, plan.title, "pdf"));
}
