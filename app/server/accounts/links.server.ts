import type { Locale } from "~/i18n/locales";
import { href } from "~/routing/paths";
import { publicBaseUrl } from "~/server/request-origin.server";

/** Absolute URL of a catalogue page, for links in e-mails (publicBaseUrl: PUBLIC_URL or, unset, the request's origin). */
export function absoluteUrl(pageId: string, locale: Locale, query?: Record<string, string>, params?: Record<string, string>): string {
  const qs = query ? `?${new URLSearchParams(query).toString()}` : "";
  return `${publicBaseUrl()}${encodeURI(href(pageId, locale, params))}${qs}`;
}
