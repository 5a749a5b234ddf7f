import type { Locale } from "~/i18n/locales";
import { LOCALE_TAGS } from "~/i18n/locales";
import { type MessageKey, translate } from "~/i18n/translate";
import type { DateParts } from "~/schemas/date-input";
import type { Country } from "~/schemas/enums";
import type { FunderReport } from "./funder-report.server";

/**
 * The funder report as titled tables in the reader's language: one model for the page, the PDF and
 * the CSV, so the three always show the same numbers under the same names.
 */
export interface ReportTable {
  id: "overview" | "byCountry" | "byRegion" | "newProfiles";
  heading: string;
  /** What the numbers count (shown under the heading). */
  note?: string;
  columns: string[];
  /** How many leading columns name the row (the rest are numbers). */
  labelColumns: number;
  rows: Array<Array<string | number>>;
}

export interface FunderReportModel {
  title: string;
  /** "1. Januar 2026 – 31. Dezember 2026". */
  period: string;
  tables: ReportTable[];
  empty: string;
}

export function periodText(locale: Locale, from: DateParts, to: DateParts): string {
  const format = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "long", timeZone: "UTC" });
  return format.formatRange(new Date(Date.UTC(from.year, from.month - 1, from.day)), new Date(Date.UTC(to.year, to.month - 1, to.day)));
}

export function funderReportModel(report: FunderReport, locale: Locale): FunderReportModel {
  const t = (key: MessageKey, values?: Record<string, string | number>) => translate(locale, key, values);
  const country = (c: Country | null) => (c ? t(`country.${c}`) : t("funderReport.unknown"));
  const p = report.participation;
  return {
    title: t("page.adminFunderReport.title"),
    period: periodText(locale, report.from, report.to),
    empty: t("funderReport.empty"),
    tables: [
      {
        id: "overview",
        heading: t("funderReport.overview"),
        note: t("funderReport.overviewNote"),
        columns: [t("funderReport.col.metric"), t("funderReport.col.count")],
        labelColumns: 1,
        rows: [
          [t("funderReport.metric.events"), report.events.total],
          [t("funderReport.metric.b2bEvents"), report.events.b2b],
          [t("funderReport.metric.companies"), p.total.companies],
          [t("funderReport.metric.attended"), p.total.attended],
          [t("funderReport.metric.participations"), p.total.participations],
          [t("funderReport.metric.meetings"), report.meetings.total],
          [t("funderReport.metric.crossBorder"), report.meetings.crossBorder],
          [t("funderReport.metric.sameCountry"), report.meetings.sameCountry],
          [t("funderReport.metric.newProfiles"), report.newProfiles.total],
          [t("funderReport.metric.newOffers"), report.newAds.offers],
          [t("funderReport.metric.newInquiries"), report.newAds.inquiries],
          [t("funderReport.metric.searches"), report.searches],
        ],
      },
      {
        id: "byCountry",
        heading: t("funderReport.byCountry"),
        note: t("funderReport.participationNote"),
        columns: [t("funderReport.col.country"), t("funderReport.col.companies"), t("funderReport.col.attended"), t("funderReport.col.participations")],
        labelColumns: 1,
        rows: p.byCountry.map((r) => [country(r.country), r.companies, r.attended, r.participations]),
      },
      {
        id: "byRegion",
        heading: t("funderReport.byRegion"),
        columns: [t("funderReport.col.country"), t("funderReport.col.region"), t("funderReport.col.companies"), t("funderReport.col.attended"), t("funderReport.col.participations")],
        labelColumns: 2,
        rows: p.byRegion.map((r) => [country(r.country), r.region ?? t("funderReport.unknown"), r.companies, r.attended, r.participations]),
      },
      {
        id: "newProfiles",
        heading: t("funderReport.newProfiles"),
        columns: [t("funderReport.col.country"), t("funderReport.col.profiles")],
        labelColumns: 1,
        rows: report.newProfiles.byCountry.map((r) => [country(r.country), r.count]),
      },
    ],
  };
}

/** CSV in long form (one number per line: table, row, column, value), easy to pivot for a funder's template. */
export function funderReportCsvRows(model: FunderReportModel): Array<Array<string | number>> {
  const rows: Array<Array<string | number>> = [];
  for (const table of model.tables) {
    for (const row of table.rows) {
      const label = row.slice(0, table.labelColumns).join(" – ");
      for (let i = table.labelColumns; i < table.columns.length; i++) rows.push([model.period, table.heading, label, table.columns[i]!, row[i]!]);
    }
  }
  return rows;
}
