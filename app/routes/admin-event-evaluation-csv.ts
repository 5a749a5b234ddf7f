import { localeOfPath } from "~/i18n/locales";
import { translate } from "~/i18n/translate";
import { getDb } from "~/server/db/client.server";
import { downloadResponse } from "~/server/http/download.server";
import { throwDownloadError } from "~/server/http/download-errors.server";
import { requireUser } from "~/server/http/require-user.server";
import { requireParticipantAccess } from "~/server/participants/access.server";
import { csvFileName } from "~/server/participants/csv.server";
import { evaluationCsv } from "~/server/participants/evaluation-csv.server";
import { getEvaluation } from "~/server/participants/evaluation.server";
import type { Route } from "./+types/admin-event-evaluation-csv";

/** The evaluation by country and region as CSV. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const user = requireUser(context);
  const db = await getDb();
  const event = await requireParticipantAccess(db, user, params.id).catch(throwDownloadError(locale));
  const evaluation = await getEvaluation(db, user, params.id);
  const title = locale === "cs" ? event.titleCs : event.titleDe;
  return downloadResponse(evaluationCsv(evaluation, locale), "text/csv; charset=utf-8", csvFileName(translate(locale, "evaluation.csvFileName"), title));
}
