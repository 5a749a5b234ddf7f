import type { Locale } from "~/i18n/locales";
import { translate } from "~/i18n/translate";
import { parseReportPeriod } from "~/schemas/reports";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { csvDownloadResponse } from "~/server/downloads/table-download.server";
import { AppError } from "~/server/errors";
import { downloadResponse } from "~/server/http/download.server";
import { documentFileName } from "~/server/pdf/file-name";
import type { Actor } from "~/server/policy/policy";
import { funderReport } from "./funder-report.server";
import { funderReportPdf } from "./funder-report-pdf.server";
import { funderReportCsvRows, funderReportModel, type FunderReportModel } from "./funder-report-tables";
import { berlinDay } from "./period.server";

/**
 * The report of the period in the URL for a download. Unlike the page, a date that cannot be read
 * is refused (a file for a period nobody asked for would mislead); missing dates take the page's default.
 */
async function modelFor(db: Db, actor: Actor, params: URLSearchParams, locale: Locale): Promise<FunderReportModel> {
  const { from, to, errors } = parseReportPeriod(params, berlinDay(clock.now()));
  const report = await funderReport(db, actor, from, to);
  const invalid = errors.from ?? errors.to;
  if (invalid) throw new AppError(invalid);
  return funderReportModel(report, locale);
}

export async function funderReportPdfResponse(db: Db, actor: Actor, params: URLSearchParams, locale: Locale): Promise<Response> {
  const model = await modelFor(db, actor, params, locale);
  const pdf = await funderReportPdf(model, locale, clock.now());
  return downloadResponse(pdf.bytes, "application/pdf", pdf.fileName);
}

export async function funderReportCsvResponse(db: Db, actor: Actor, params: URLSearchParams, locale: Locale): Promise<Response> {
  const model = await modelFor(db, actor, params, locale);
  const t = (key: Parameters<typeof translate>[1]) => translate(locale, key);
  const rows = funderReportCsvRows(model);
  return csvDownloadResponse({
    fileName: documentFileName(model.title, model.period, "csv"),
    header: [t("funderReport.csv.period"), t("funderReport.csv.table"), t("funderReport.csv.row"), t("funderReport.csv.column"), t("funderReport.csv.value")],
    rows: (async function* () {
      yield* rows;
    })(),
  });
}
