import type { Locale } from "~/i18n/locales";
import { translate } from "~/i18n/translate";
import type { TableCell, TableDownload } from "~/server/downloads/table-download.server";
import type { Statistics } from "./statistics.server";

/**
 * The statistics as one CSV table in long form (decision 035): figure, month (empty for figures
 * over the whole period), country, item (region, page, referrer, device, link) and count, so a
 * spreadsheet can filter and pivot it. Written with the shared streamed writer (decision 032).
 */
export function statisticsTable(stats: Statistics, locale: Locale): TableDownload {
  const t = (key: Parameters<typeof translate>[1]) => translate(locale, key);
  const country = (c: string | null) => (c === "DE" || c === "CZ" ? t(`country.${c}`) : "");
  const rows: TableCell[][] = [];
  for (const m of stats.months) {
    rows.push([t("statistics.metric.newAccounts"), m.month, "", "", m.newAccounts]);
    rows.push([t("statistics.metric.searches"), m.month, "", "", m.searches]);
    rows.push([t("statistics.metric.profileUpdates"), m.month, "", "", m.profileUpdates]);
    rows.push([t("statistics.metric.participations"), m.month, "", "", m.participations]);
    rows.push([t("statistics.metric.pageViews"), m.month, "", "", m.pageViews]);
  }
  for (const r of stats.byCountry) rows.push([t("statistics.metric.participationsByCountry"), r.month, country(r.country), "", r.count]);
  for (const r of stats.byRegion) rows.push([t("statistics.metric.participationsByRegion"), r.month, country(r.country), r.region ?? "", r.count]);
  const a = stats.analytics;
  for (const r of a.topPages) rows.push([t("statistics.metric.topPages"), "", "", r.path, r.count]);
  for (const r of a.topReferrers) rows.push([t("statistics.metric.referrers"), "", "", r.host || t("statistics.referrer.direct"), r.count]);
  for (const r of a.devices) rows.push([t("statistics.metric.devices"), "", "", t(`statistics.device.${r.device}`), r.count]);
  for (const r of a.outbound) rows.push([t("statistics.metric.outbound"), "", "", r.target, r.count]);
  return {
    fileName: `${t("statistics.csvFileName")}-${stats.period.from}-${stats.period.to}.csv`,
    header: [t("statistics.col.metric"), t("statistics.col.month"), t("statistics.col.country"), t("statistics.col.item"), t("statistics.col.count")],
    rows: (async function* () {
      yield* rows;
    })(),
  };
}
