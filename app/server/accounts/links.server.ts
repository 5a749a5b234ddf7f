import type { Locale } from "~/i18n/locales";
import { href } from "~/routing/paths";
import { config } from "~/server/config.server";

/** Absolute URL of a catalogue page, for links in e-mails. */
export function absoluteUrl(pageId: string, locale: Locale, query?: Record<string, string>, params?: Record<string, string>): string {
  const qs = query ? `?${new URLSearchParams(query).toString()}` : "";
  return `${config.publicUrl}${encodeURI(href(pageId, locale, params))}${qs}`;
}
