import type { Locale } from "~/i18n/locales";
import { translate } from "~/i18n/translate";
import { toCsv } from "./csv.server";
import type { Evaluation } from "./evaluation.server";

/** The evaluation's figures as CSV (same Excel conventions as the participant list, decision 019). */
export function evaluationCsv(evaluation: Evaluation, locale: Locale): string {
  const t = (key: Parameters<typeof translate>[1]) => translate(locale, key);
  const country = (c: string | null) => (c === "DE" || c === "CZ" ? translate(locale, `country.${c}`) : t("evaluation.unknown"));
  const header = [t("evaluation.col.level"), t("evaluation.col.region"), t("evaluation.col.country"), t("evaluation.col.registered"), t("evaluation.col.attended"), t("evaluation.col.waiting"), t("evaluation.col.cancelled")];
  const counts = (c: { registered: number; attended: number; waiting: number; cancelled: number }) => [c.registered, c.attended, c.waiting, c.cancelled].map(String);
  const rows = [
    [t("evaluation.level.total"), "", "", ...counts(evaluation.totals)],
    ...evaluation.byCountry.map((c) => [t("evaluation.level.country"), "", country(c.country), ...counts(c)]),
    ...evaluation.byRegion.map((r) => [t("evaluation.level.region"), r.region ?? t("evaluation.unknown"), country(r.country), ...counts(r)]),
  ];
  return toCsv(header, rows);
}
