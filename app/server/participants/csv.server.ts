import Papa from "papaparse";
import type { Locale } from "~/i18n/locales";
import { LOCALE_TAGS } from "~/i18n/locales";
import { translate } from "~/i18n/translate";
import { columnLabel, formatAnswerCell } from "~/schemas/participant-answers";
import type { ParticipantList } from "./list.server";

/**
 * The participant list as CSV for Excel in Germany and Czechia (decision 019): UTF-8 with a BOM
 * (without it Excel reads the bytes as Windows-1252 and garbles "ř" and "ß"), semicolons as the
 * separator (both locales use the comma as decimal mark, so Excel's list separator there is ";"),
 * CRLF line ends, every field quoted. A cell that starts with = + - @ (or a tab/CR) is prefixed with
 * an apostrophe so that a name like "=HYPERLINK(…)" stays text (CSV injection).
 */
export const CSV_BOM = "\uFEFF";

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function toCsv(header: string[], rows: string[][]): string {
  return CSV_BOM + Papa.unparse({ fields: header.map(csvCell), data: rows.map((r) => r.map(csvCell)) }, { delimiter: ";", newline: "\r\n", quotes: true });
}

export function participantsCsv(list: ParticipantList, locale: Locale): string {
  const t = (key: Parameters<typeof translate>[1]) => translate(locale, key);
  const when = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Berlin" });
  const words = { yes: t("participants.answer.yes"), no: t("participants.answer.no") };
  const header = [
    t("participants.col.person"),
    t("participants.col.email"),
    t("participants.col.company"),
    t("participants.col.country"),
    t("participants.col.region"),
    t("participants.col.function"),
    t("participants.col.registeredAt"),
    t("participants.col.state"),
    t("participants.col.attendedAt"),
    ...list.columns.map((c) => columnLabel(c, locale)),
  ];
  const rows = list.rows.map((r) => [
    r.personName ?? t("participants.deletedAccount"),
    r.email ?? "",
    r.companyName,
    r.country ? translate(locale, `country.${r.country}`) : "",
    r.region ?? "",
    r.function ?? "",
    when.format(r.registeredAt),
    translate(locale, `participants.status.${r.status}`),
    r.attendedAt ? when.format(r.attendedAt) : "",
    ...list.columns.map((c) => formatAnswerCell(r.answers[c.key], locale, words)),
  ]);
  return toCsv(header, rows);
}

/** "Teilnehmende – Title.csv", safe for every file system. */
export function csvFileName(prefix: string, title: string): string {
  const clean = title.replace(/[\\/:*?"<>|\p{Cc}]+/gu, " ").replace(/\s+/g, " ").trim().slice(0, 80);
  return `${prefix} – ${clean || "event"}.csv`;
}
