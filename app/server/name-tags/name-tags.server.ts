import type { Locale } from "~/i18n/locales";
import { translate } from "~/i18n/translate";
import { fitBadgeText, sheetCount } from "~/schemas/badge-layout";
import type { ParticipantSelection, SelectionAudience } from "~/schemas/participant-selection";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { AppError } from "~/server/errors";
import { listParticipants, type ParticipantRow } from "~/server/participants/list.server";
import { documentFileName } from "~/server/pdf/file-name";
import type { Actor } from "~/server/policy/policy";
import type { FileStorage } from "~/server/storage/storage.server";
import { type Badge, renderNameTagSheets } from "./badges-pdf.server";
import { type BadgeLogo, badgeLogos } from "./logos.server";
import { checkinUrl, qrPath } from "./qr.server";

/**
 * Whom the name tags are for (decision 022): ticked rows print exactly as ticked, whatever their
 * state; a state filter prints that state; otherwise only confirmed participants (registered or
 * already checked in) get a badge — the waiting list and cancellations are left out, and the page
 * says how many.
 */
export function printableRows(rows: ParticipantRow[], selection: ParticipantSelection): { rows: ParticipantRow[]; leftOut: number } {
  if (selection.ids.length > 0 || selection.filter.state) return { rows, leftOut: 0 };
  const printable = rows.filter((r) => r.status === "REGISTERED" || r.status === "ATTENDED");
  return { rows: printable, leftOut: rows.length - printable.length };
}

export interface NameTagSet {
  eventId: string;
  title: string;
  audience: SelectionAudience;
  rows: ParticipantRow[];
  leftOut: number;
  logos: BadgeLogo[];
}

/** The selection's printable participants and the event's logos; gated by the participant list's access rule. */
export async function nameTagSet(db: Db, actor: Actor, eventId: string, selection: ParticipantSelection, locale: Locale, now = clock.now()): Promise<NameTagSet> {
  const list = await listParticipants(db, actor, eventId, selection, now);
  const { rows, leftOut } = printableRows(list.rows, selection);
  return {
    eventId,
    title: locale === "cs" ? list.event.titleCs : list.event.titleDe,
    audience: list.audience,
    rows,
    leftOut,
    logos: await badgeLogos(db, eventId),
  };
}

/** One badge: texts fitted to the layout, the QR code of the check-in address. */
export function badgeFor(row: ParticipantRow, eventId: string, locale: Locale, hasLogos: boolean): Badge {
  const url = checkinUrl(locale, eventId, row.id);
  return {
    registrationId: row.id,
    url,
    qr: qrPath(url),
    text: fitBadgeText(
      {
        name: row.personName ?? "",
        company: row.companyName,
        function: row.function,
        country: row.country ? translate(locale, `country.${row.country}`) : null,
      },
      hasLogos,
    ),
  };
}

export interface NameTagsPdf {
  bytes: Buffer;
  fileName: string;
  badges: number;
  sheets: number;
}

/** The PDF sheets for the selection. NAME_TAGS_NONE when nobody in it gets a badge. */
export async function nameTagsPdf(db: Db, actor: Actor, eventId: string, selection: ParticipantSelection, locale: Locale, storage: FileStorage, now = clock.now()): Promise<NameTagsPdf> {
  const set = await nameTagSet(db, actor, eventId, selection, locale, now);
  if (set.rows.length === 0) throw new AppError("NAME_TAGS_NONE");
  // A logo whose file went missing is left out rather than failing the whole print.
  const logos = (await Promise.all(set.logos.map((logo) => storage.get(logo.storageKey)))).flatMap((file) => (file ? [file.data] : []));
  const badges = set.rows.map((row) => badgeFor(row, eventId, locale, logos.length > 0));
  const bytes = await renderNameTagSheets({ title: `${translate(locale, "nameTags.fileName")} – ${set.title}`, logos, badges });
  return { bytes, fileName: documentFileName(translate(locale, "nameTags.fileName"), set.title), badges: badges.length, sheets: sheetCount(badges.length) };
}
