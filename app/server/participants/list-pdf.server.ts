import type { Locale } from "~/i18n/locales";
import { LOCALE_TAGS } from "~/i18n/locales";
import { translate } from "~/i18n/translate";
import { EVENT_TIME_ZONE } from "~/schemas/berlin-time";
import { type AnswerColumn, columnLabel, formatAnswerCell, FUNCTION_FIELD_ID } from "~/schemas/participant-answers";
import type { ParticipantSelection } from "~/schemas/participant-selection";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { eventLocationText } from "~/server/events/ics.server";
import { documentFileName } from "~/server/pdf/file-name";
import type { Actor } from "~/server/policy/policy";
import { type ListPdfColumn, type ListPdfRow, renderParticipantListPdf } from "./list-pdf-document.server";
import { listParticipants, type ParticipantRow } from "./list.server";

/**
 * The participant list as PDF (issue 11): the current selection, in the language of the URL.
 * Fixed columns first; the form's answers follow as columns while there are at most
 * MAX_ANSWER_COLUMNS of them, otherwise they go, label by label, into a full-width line under each
 * participant, so nothing is left out and nothing is squeezed unreadable.
 */
export const MAX_ANSWER_COLUMNS = 3;

const FIXED_COLUMNS = [
  ["participantPdf.col.person", 1.9],
  ["participantPdf.col.company", 1.7],
  ["participantPdf.col.country", 0.9],
  ["participantPdf.col.region", 1.1],
  ["participantPdf.col.function", 1.1],
  ["participantPdf.col.registeredAt", 1.1],
  ["participantPdf.col.state", 1],
] as const;
const ANSWER_WEIGHT = 1.3;

export interface ParticipantListPdf {
  bytes: Buffer;
  fileName: string;
  rowCount: number;
}

export async function participantListPdf(db: Db, actor: Actor, eventId: string, selection: ParticipantSelection, locale: Locale, now = clock.now()): Promise<ParticipantListPdf> {
  const list = await listParticipants(db, actor, eventId, selection, now);
  const { event } = list;
  const t = (key: Parameters<typeof translate>[1], values?: Parameters<typeof translate>[2]) => translate(locale, key, values);
  const tag = LOCALE_TAGS[locale];
  const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short", timeZone: EVENT_TIME_ZONE });
  const eventWhen = new Intl.DateTimeFormat(tag, { dateStyle: "full", timeStyle: "short", timeZone: EVENT_TIME_ZONE }).formatRange(event.startsAt, event.endsAt);
  const place = event.locationKind === "ONLINE" ? t("events.card.online") : eventLocationText(event);
  const title = locale === "cs" ? event.titleCs : event.titleDe;

  // The function has its own column already.
  const answerColumns = list.columns.filter((c) => c.fieldId !== FUNCTION_FIELD_ID);
  const asColumns = answerColumns.length <= MAX_ANSWER_COLUMNS;
  const words = { yes: t("participantPdf.yes"), no: t("participantPdf.no") };
  const answer = (row: ParticipantRow, column: AnswerColumn) => formatAnswerCell(row.answers[column.key], locale, words);

  const columns: ListPdfColumn[] = [
    ...FIXED_COLUMNS.map(([key, weight]) => ({ label: t(key), weight })),
    ...(asColumns ? answerColumns.map((c) => ({ label: columnLabel(c, locale), weight: ANSWER_WEIGHT })) : []),
  ];
  const rows: ListPdfRow[] = list.rows.map((row) => {
    const fixed = [
      [row.personName ?? "–", row.email ?? ""].filter(Boolean).join("\n"),
      row.companyName,
      row.country ? t(`country.${row.country}`) : "",
      row.region ?? "",
      row.function ?? "",
      dateTime.format(row.registeredAt),
      t(`myEvents.status.${row.status}`),
    ];
    if (asColumns) return { cells: [...fixed, ...answerColumns.map((c) => answer(row, c))] };
    const extra = answerColumns
      .map((c) => [columnLabel(c, locale), answer(row, c)] as const)
      .filter(([, value]) => value !== "")
      .map(([label, value]) => `${label}: ${value}`)
      .join(" · ");
    return { cells: fixed, extra: extra || undefined };
  });

  const count = t("participantPdf.count", { count: rows.length });
  const audience = t(`participantPdf.audience.${list.audience}`);
  const created = t("participantPdf.createdAt", { date: dateTime.format(now) });
  const bytes = await renderParticipantListPdf({
    title,
    subtitle: [eventWhen, place].filter(Boolean).join(" · "),
    meta: `${count} (${audience}) · ${created}`,
    printedAt: created,
    columns,
    rows,
    empty: t("participantPdf.empty"),
    pageLabel: (page, pages) => t("participantPdf.page", { page, pages }),
  });
  return { bytes, fileName: documentFileName(t("participantPdf.fileName"), title), rowCount: rows.length };
}
