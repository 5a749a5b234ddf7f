import QRCode from "qrcode";
import type { Locale } from "~/i18n/locales";
import { absoluteUrl } from "~/server/accounts/links.server";

/**
 * What a badge's QR code says: the absolute address of the check-in page for that registration
 * (decision 022). Opening it checks the participant in, but only for a signed-in organiser of the
 * event: the page is behind `requireParticipantAccess`, so the code grants nothing by itself.
 */
export function checkinUrl(locale: Locale, eventId: string, registrationId: string): string {
  return absoluteUrl("adminParticipantCheckin", locale, undefined, { id: eventId, registrationId });
}

export interface QrPath {
  /** Modules per side (the quiet zone is not included). */
  size: number;
  /** SVG path of the dark modules in module units, one rectangle per horizontal run (no seams). */
  d: string;
}

/**
 * The code as a vector path (crisp at any print resolution; the same path draws the PDF badge and
 * the browser preview). Error correction M: survives a crease or a scratch.
 */
export function qrPath(text: string): QrPath {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      let run = 1;
      while (col + run < modules.size && modules.get(row, col + run)) run++;
      parts.push(`M${col} ${row}h${run}v1h-${run}z`);
      col += run - 1;
    }
  }
  return { size: modules.size, d: parts.join("") };
}
