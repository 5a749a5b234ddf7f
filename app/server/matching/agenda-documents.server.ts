import { eq } from "drizzle-orm";
import { createEvents, type EventAttributes } from "ics";
import type { Locale } from "~/i18n/locales";
import { LOCALE_TAGS } from "~/i18n/locales";
import { type MessageKey, type MessageValues, translate } from "~/i18n/translate";
import { EVENT_TIME_ZONE } from "~/schemas/berlin-time";
import { absoluteUrl } from "~/server/accounts/links.server";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { b2bRuns, events } from "~/server/db/schema";
import { AppError, isAppError } from "~/server/errors";
import { eventLocationText, foldIcsOctets } from "~/server/events/ics.server";
import { documentFileName } from "~/server/pdf/file-name";
import type { Actor } from "~/server/policy/policy";
import { publicBaseUrl } from "~/server/request-origin.server";
import { type Agenda, type AgendaItem, loadAgenda } from "./agenda.server";
import { renderAgendaPdf } from "./agenda-pdf-document.server";
import { logger } from "~/server/logger.server";

/**
 * The agenda as documents (issue 12): a PDF for printing, an .ics with one VEVENT per meeting,
 * and the lines of the agenda mail — all in one language and in the event's time zone.
 */

type EventRow = typeof events.$inferSelect;

export interface AgendaLine {
  round: string;
  time: string;
  table: string;
  partner: string;
  contact: string;
  pause: boolean;
}

/** The agenda's rows as text in `locale` (shared by the PDF and the mail). */
export function agendaLines(items: AgendaItem[], locale: Locale): AgendaLine[] {
  const t = (key: MessageKey, values?: MessageValues) => translate(locale, key, values);
  const range = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "medium", timeStyle: "short", timeZone: EVENT_TIME_ZONE });
  return items.map((item) => {
    const time = item.startsAt && item.endsAt ? range.formatRange(new Date(item.startsAt), new Date(item.endsAt)) : "–";
    const round = t("b2bAgenda.roundN", { round: item.round });
    const m = item.meeting;
    if (!m) return { round, time, table: "", partner: t("b2bAgenda.pause"), contact: "", pause: true };
    const place = [m.partner.city, m.partner.country ? t(`country.${m.partner.country}`) : null].filter(Boolean).join(", ");
    return {
      round,
      time,
      table: m.tableName,
      partner: place ? `${m.partner.name}\n${place}` : m.partner.name,
      contact: [m.partner.contactName, m.partner.contactEmail].filter(Boolean).join("\n"),
      pause: false,
    };
  });
}

async function eventRow(db: Db, eventId: string): Promise<EventRow> {
  const [row] = await db.select().from(events).where(eq(events.id, eventId));
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/** The agenda a download is for; no published schedule → NOT_FOUND (there is nothing to download). */
async function downloadableAgenda(db: Db, actor: Actor, eventId: string, companyId: string | null, now: Date): Promise<Agenda> {
  const agenda = await loadAgenda(db, actor, eventId, companyId, now);
  if (!agenda) throw new AppError("NOT_FOUND");
  return agenda;
}

/** Access and "not found" errors pass; anything else while building the file is B2B_DOWNLOAD_FAILED (spec §8). */
async function asDownload<T>(build: () => Promise<T>): Promise<T> {
  try {
    return await build();
  } catch (error) {
    if (isAppError(error)) throw error;
    logger.error({ err: error }, "B2B agenda download failed");
    throw new AppError("B2B_DOWNLOAD_FAILED");
  }
}

export interface AgendaFile {
  bytes: Buffer | string;
  fileName: string;
}

export function agendaPdf(db: Db, actor: Actor, eventId: string, companyId: string | null, locale: Locale, now = clock.now()): Promise<AgendaFile & { bytes: Buffer }> {
  return asDownload(async () => {
    const agenda = await downloadableAgenda(db, actor, eventId, companyId, now);
    const event = await eventRow(db, eventId);
    const t = (key: MessageKey, values?: MessageValues) => translate(locale, key, values);
    const tag = LOCALE_TAGS[locale];
    const title = locale === "cs" ? event.titleCs : event.titleDe;
    const when = new Intl.DateTimeFormat(tag, { dateStyle: "full", timeStyle: "short", timeZone: EVENT_TIME_ZONE }).formatRange(event.startsAt, event.endsAt);
    const place = event.locationKind === "ONLINE" ? t("events.card.online") : eventLocationText(event);
    const stamp = new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short", timeZone: EVENT_TIME_ZONE });
    const lines = agendaLines(agenda.items, locale);
    const bytes = await renderAgendaPdf({
      title,
      subtitle: [when, place].filter(Boolean).join(" · "),
      company: agenda.company.name,
      meta: [t("b2bAgenda.meetingCount", { count: agenda.meetingCount }), agenda.publishedAt ? t("b2bAgenda.publishedAt", { date: stamp.format(new Date(agenda.publishedAt)) }) : null]
        .filter(Boolean)
        .join(" · "),
      columns: [
        { label: t("b2bAgenda.col.round"), weight: 0.8 },
        { label: t("b2bAgenda.col.time"), weight: 1.5 },
        { label: t("b2bAgenda.col.table"), weight: 0.8 },
        { label: t("b2bAgenda.col.partner"), weight: 2.2 },
        { label: t("b2bAgenda.col.contact"), weight: 2.2 },
      ],
      rows: lines.map((l) => ({ cells: [l.round, l.time, l.table, l.partner, l.contact], pause: l.pause })),
      empty: t("b2bAgenda.empty"),
      pageLabel: (page, pages) => t("participantPdf.page", { page, pages }),
    });
    return { bytes, fileName: documentFileName(`${t("b2bAgenda.fileName")} ${agenda.company.name}`, title) };
  });
}

/**
 * One VEVENT per meeting, times in UTC. The UID is stable per event, round and company, and the
 * SEQUENCE is the run's number (it only grows): importing the file again after a change
 * (a repair after a cancellation) updates the entries instead of adding new ones.
 */
export function agendaIcs(db: Db, actor: Actor, eventId: string, companyId: string | null, locale: Locale, now = clock.now()): Promise<AgendaFile & { bytes: string }> {
  return asDownload(async () => {
    const agenda = await downloadableAgenda(db, actor, eventId, companyId, now);
    const event = await eventRow(db, eventId);
    const [run] = await db.select({ number: b2bRuns.number }).from(b2bRuns).where(eq(b2bRuns.id, agenda.runId));
    const bytes = buildAgendaIcs(event, agenda, locale, run?.number ?? 0);
    const title = locale === "cs" ? event.titleCs : event.titleDe;
    return { bytes, fileName: documentFileName(`${translate(locale, "b2bAgenda.fileName")} ${agenda.company.name}`, title, "ics") };
  });
}

/** The agenda's meetings as calendar entries (the agenda file and the personal feed, decision 062). */
export function agendaIcsEntries(
  event: Pick<EventRow, "id" | "titleDe" | "titleCs" | "locationKind" | "onlineUrl" | "venue" | "line1" | "postalCode" | "city">,
  agenda: Pick<Agenda, "company" | "items" | "publishedAt">,
  locale: Locale,
  sequence: number,
): EventAttributes[] {
  const t = (key: MessageKey, values?: MessageValues) => translate(locale, key, values);
  const host = new URL(publicBaseUrl()).hostname;
  const url = absoluteUrl("eventDetail", locale, undefined, { id: event.id });
  const title = locale === "cs" ? event.titleCs : event.titleDe;
  const venue = eventLocationText(event);
  const stamp = agenda.publishedAt ? Date.parse(agenda.publishedAt) : undefined;
  return agenda.items
    .filter((i) => i.meeting && i.startsAt && i.endsAt)
    .map((i) => {
      const m = i.meeting!;
      const contact = [m.partner.contactName, m.partner.contactEmail].filter(Boolean).join(", ");
      return {
        productId: "partnernet/b2b",
        uid: `b2b-${event.id}-r${i.round}-${agenda.company.id}@${host}`,
        sequence,
        start: Date.parse(i.startsAt!),
        startInputType: "utc",
        startOutputType: "utc",
        end: Date.parse(i.endsAt!),
        endInputType: "utc",
        endOutputType: "utc",
        title: t("b2bAgenda.ics.summary", { partner: m.partner.name }),
        location: [venue, t("b2bAgenda.ics.table", { table: m.tableName })].filter(Boolean).join(" – "),
        description: [
          title,
          t("b2bAgenda.ics.round", { round: i.round }),
          contact ? t("b2bAgenda.ics.contact", { contact }) : null,
          url,
        ]
          .filter(Boolean)
          .join("\n"),
        url,
        status: "CONFIRMED",
        ...(stamp ? { lastModified: stamp } : {}),
      } satisfies EventAttributes;
    });
}

export function buildAgendaIcs(
  event: Pick<EventRow, "id" | "titleDe" | "titleCs" | "locationKind" | "onlineUrl" | "venue" | "line1" | "postalCode" | "city">,
  agenda: Pick<Agenda, "company" | "items" | "publishedAt">,
  locale: Locale,
  sequence: number,
): string {
  const title = locale === "cs" ? event.titleCs : event.titleDe;
  const entries = agendaIcsEntries(event, agenda, locale, sequence);
  if (entries.length === 0) {
    // An agenda without meetings is still a valid (empty) calendar.
    return foldIcsOctets(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:partnernet/b2b", "CALSCALE:GREGORIAN", "END:VCALENDAR", ""].join("\r\n"));
  }
  const { error, value } = createEvents(entries, { productId: "partnernet/b2b", calName: `${title} – ${agenda.company.name}` });
  if (error || !value) throw error ?? new Error("ics: no value");
  return foldIcsOctets(value);
}
