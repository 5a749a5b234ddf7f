import type { Request, Response } from "express";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/i18n/locales";
import { translate } from "~/i18n/translate";
import type { ErrorCode } from "~/server/errors";

/**
 * The answer of the Express layer when it refuses a request before React Router (413, 405, 503)
 * or an error escaped everything (500): a small translated page in the language of the path (both
 * languages elsewhere), or `{ ok: false, error: CODE }` for data requests. Never a stack trace.
 */
export function sendError(req: Request, res: Response, status: number, code: ErrorCode, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(status);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  const { type, body } = errorBody(req, status, code);
  res.setHeader("Cache-Control", "no-store");
  res.type(type).send(body);
}

/** The error page or JSON body for a request (see sendError). */
export function errorBody(req: Request, status: number, code: ErrorCode, values?: Record<string, string | number>): { type: string; body: string } {
  if (wantsData(req)) return { type: "json", body: JSON.stringify(values ? { ok: false, error: code, details: values } : { ok: false, error: code }) };
  const segment = req.path.split("/")[1] ?? "";
  const locales: Locale[] = isLocale(segment) ? [segment] : [DEFAULT_LOCALE, "cs"];
  const lang = locales[0] ?? DEFAULT_LOCALE;
  // The request's id (server/request-log.ts), so a user can quote it; a missing page needs none.
  const requestId = status !== 404 && typeof req.id === "string" ? req.id : null;
  const blocks = locales
    .map(
      (locale) =>
        `<section lang="${locale}"><h1>${escape(translate(locale, "error.title"))}</h1><p>${status}</p><p>${escape(translate(locale, `error.${code}`, values))}</p>${requestId ? `<p data-request-id="${escape(requestId)}">${escape(translate(locale, "error.requestId", { id: requestId }))}</p>` : ""}<p><a href="/${locale}">${escape(translate(locale, "error.backHome"))}</a></p></section>`,
    )
    .join("");
  return {
    type: "html",
    body: `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(translate(lang, "error.title"))} – PartnerNet</title></head><body><main>${blocks}</main></body></html>`,
  };
}

/** Fetcher and single-fetch requests (`….data`), and clients that ask for JSON only. */
function wantsData(req: Request): boolean {
  if (req.path.endsWith(".data") || req.path.startsWith("/api/")) return true;
  const accept = req.headers.accept ?? "";
  return accept.includes("application/json") && !accept.includes("text/html");
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
