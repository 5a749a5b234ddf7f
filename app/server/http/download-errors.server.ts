import type { Locale } from "~/i18n/locales";
import { isMessageKey, translate } from "~/i18n/translate";
import { isAppError } from "~/server/errors";

/**
 * For downloads (PDF, CSV): a domain error becomes a short plain-text answer with its status and
 * its translated message — what the browser shows when a download link is opened that no longer
 * applies (access withdrawn, nothing selected), instead of a JSON body. Anything else is rethrown.
 */
export function throwDownloadError(locale: Locale) {
  return (error: unknown): never => {
    if (!isAppError(error)) throw error;
    const key = `error.${error.code}`;
    const message = isMessageKey(key) ? translate(locale, key, error.details) : translate(locale, "error.GENERIC");
    throw new Response(`${message}\n`, {
      status: error.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
    });
  };
}
