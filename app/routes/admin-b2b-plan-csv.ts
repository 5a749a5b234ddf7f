import { localeOfPath } from "~/i18n/locales";
import { parseTableFilter } from "~/schemas/b2b-schedule";
import { getDb } from "~/server/db/client.server";
import { downloadResponse } from "~/server/http/download.server";
import { throwDownloadError } from "~/server/http/download-errors.server";
import { requireUser } from "~/server/http/require-user.server";
import { loadPlanExport, planCsv, planFileName } from "~/server/matching/plan-export.server";
import type { Route } from "./+types/admin-b2b-plan-csv";

/** The current B2B schedule as CSV, one row per meeting (`?tables=` = the page's table filter). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname) ?? "de";
  const user = requireUser(context);
  const db = await getDb();
  const plan = await loadPlanExport(db, user, params.id, parseTableFilter(url.searchParams.get("tables")), locale).catch(throwDownloadError(locale));
  return downloadResponse(planCsv(plan, locale), "text/csv; charset=utf-8", planFileName(locale, plan.title, "csv"));
}
