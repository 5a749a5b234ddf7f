import { createEvent, createEvents, type EventAttributes } from "ics";
import type { Locale } from "~/i18n/locales";
import { translate } from "~/i18n/translate";
import { eventTimeText } from "~/schemas/event-time-zone";
import { absoluteUrl } from "~/server/accounts/links.server";
import { publicBaseUrl } from "~/server/request-origin.server";

/**
 * The calendar file of an event (decision 018): one VEVENT, times in UTC (`…Z`, so every
 * calendar shows the right local time), title, location and description in the recipient's
 * language and the URL of the event page in that language. The UID is stable per event, so
 * importing the file again (or the one from a later mail) updates the entry instead of adding one.
 */
export interface IcsEvent {
  id: string;
  titleDe: string;
  titleCs: string;
  descriptionDe: string;
  descriptionCs: string;
  startsAt: Date;
  endsAt: Date;
  locationKind: "ADDRESS" | "ONLINE";
  onlineUrl: string | null;
  venue: string | null;
  country: "DE" | "CZ" | null;
  line1: string | null;
  postalCode: string | null;
  city: string | null;
  lat: number | null;
  lon: number | null;
  updatedAt: Date;
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&nbsp;": " " };

/** Plain text of the stored (sanitised) HTML description, paragraphs kept as line breaks. */
export function htmlToText(html: string): string {
  return html
    .replace(/<\/(p|li|h\d)>|<br\s*\/?>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (m) => ENTITIES[m] ?? m)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The venue as one line; with a locale, the country is named too (the region spans two; issue 19). */
export function eventLocationText(
  e: Pick<IcsEvent, "locationKind" | "onlineUrl" | "venue" | "line1" | "postalCode" | "city"> & { country?: "DE" | "CZ" | null },
  locale?: Locale,
): string {
  if (e.locationKind === "ONLINE") return e.onlineUrl ?? "";
  const town = [e.postalCode, e.city].filter(Boolean).join(" ");
  const country = locale && e.country ? translate(locale, `country.${e.country}`) : null;
  return [e.venue, e.line1, town, country].filter(Boolean).join(", ");
}

const utc = (d: Date) => d.getTime();

/** One event as the `ics` package's attributes (shared by the single file and the feeds, decision 062). */
export function eventIcsAttributes(e: IcsEvent, locale: Locale): EventAttributes {
  const url = absoluteUrl("eventDetail", locale, undefined, { id: e.id });
  const host = new URL(publicBaseUrl()).hostname;
  return {
    productId: "partnernet/events",
    uid: `event-${e.id}@${host}`,
    start: utc(e.startsAt),
    startInputType: "utc",
    startOutputType: "utc",
    end: utc(e.endsAt),
    endInputType: "utc",
    endOutputType: "utc",
    title: locale === "cs" ? e.titleCs : e.titleDe,
    // Calendars show the UTC times in the reader's zone; the text states the venue's, in words (decision 031).
    description: `${eventTimeText(locale, e.startsAt, e.endsAt)}\n\n${htmlToText(locale === "cs" ? e.descriptionCs : e.descriptionDe)}\n\n${url}`,
    location: eventLocationText(e, locale),
    ...(e.lat !== null && e.lon !== null && e.locationKind === "ADDRESS" ? { geo: { lat: e.lat, lon: e.lon } } : {}),
    url,
    status: "CONFIRMED",
    lastModified: utc(e.updatedAt),
  };
}

export function eventIcs(e: IcsEvent, locale: Locale): string {
  const { error, value } = createEvent(eventIcsAttributes(e, locale));
  if (error || !value) throw error ?? new Error("ics: no value");
  return foldIcsOctets(value);
}

/** A calendar of many entries (the feeds, decision 062); no entries is still a valid, empty calendar. */
export function calendarIcs(entries: EventAttributes[], productId: string, calName: string): string {
  if (entries.length === 0) {
    return foldIcsOctets(["BEGIN:VCALENDAR", "VERSION:2.0", `PRODID:${productId}`, "CALSCALE:GREGORIAN", `X-WR-CALNAME:${calName.replace(/[\\;,]/g, (c) => `\\${c}`)}`, "END:VCALENDAR", ""].join("\r\n"));
  }
  const { error, value } = createEvents(entries, { productId, calName });
  if (error || !value) throw error ?? new Error("ics: no value");
  return foldIcsOctets(value);
}

/**
 * RFC 5545 §3.1: content lines are folded at 75 *octets*. The `ics` package escapes text values
 * correctly (backslash, newline, comma, semicolon) but folds at 75 characters, so a Czech or
 * German line (ř, ů, ß are two octets in UTF-8) can run to 150 octets. This unfolds its output
 * and folds every line again at 75 octets, never inside a UTF-8 sequence (continuation lines
 * start with one space, which counts towards their 75).
 */
export function foldIcsOctets(ics: string): string {
  const lines = ics.replace(/\r\n[ \t]/g, "").split("\r\n");
  const encoder = new TextEncoder();
  return lines
    .map((line) => {
      if (encoder.encode(line).length <= 75) return line;
      const parts: string[] = [];
      let current = "";
      let octets = 0;
      let limit = 75;
      for (const ch of line) {
        const size = encoder.encode(ch).length;
        if (octets + size > limit) {
          parts.push(current);
          current = "";
          octets = 0;
          limit = 74;
        }
        current += ch;
        octets += size;
      }
      parts.push(current);
      return parts.join("\r\n ");
    })
    .join("\r\n");
}

/** A file name for the download: ASCII, from the title. */
export function icsFileName(title: string): string {
  const ascii = title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
  return `${ascii || "event"}.ics`;
}
