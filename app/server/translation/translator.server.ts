import type { TranslationServiceConfig } from "~/server/config.server";
import { sanitizeRichText } from "~/server/events/rich-text.server";

/** The two languages of the platform. */
export type TranslationLanguage = "de" | "cs";
/** Plain text (company descriptions, tags, titles) or the platform's sanitised HTML (event and news descriptions). */
export type TranslationFormat = "text" | "html";

/**
 * Why a translation did not come back, as a short code (stored on the job, shown translated as
 * `translation.reason.<CODE>`). `retryable` failures are tried again with a growing delay.
 */
export const TRANSLATOR_FAILURES = ["UNAVAILABLE", "TIMEOUT", "RATE_LIMITED", "QUOTA_EXCEEDED", "AUTH_FAILED", "REJECTED", "TOO_LARGE", "BAD_RESPONSE"] as const;
export type TranslatorFailure = (typeof TRANSLATOR_FAILURES)[number];

const RETRYABLE: ReadonlySet<TranslatorFailure> = new Set(["UNAVAILABLE", "TIMEOUT", "RATE_LIMITED", "BAD_RESPONSE"]);

export class TranslatorError extends Error {
  readonly code: TranslatorFailure;
  readonly retryable: boolean;
  constructor(code: TranslatorFailure, detail?: string) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = "TranslatorError";
    this.code = code;
    this.retryable = RETRYABLE.has(code);
  }
}

/** A machine-translation service behind the platform's small interface (decision 041). */
export interface Translator {
  readonly provider: "deepl" | "libretranslate";
  /** Translates each text; the answer has the same length and order. Throws TranslatorError. */
  translate(texts: readonly string[], from: TranslationLanguage, to: TranslationLanguage, format: TranslationFormat, options?: { signal?: AbortSignal }): Promise<string[]>;
}

/** At most this many texts, and characters in all, per request: both services refuse far larger bodies. */
export const TRANSLATOR_LIMITS = { texts: 50, totalChars: 60_000, responseBytes: 2 * 1024 * 1024 } as const;

export interface TranslatorOptions {
  timeoutMs: number;
}

export function createTranslator(service: TranslationServiceConfig, options: TranslatorOptions): Translator {
  return service.provider === "deepl" ? deeplTranslator(service.url, service.apiKey, options) : libreTranslator(service.url, service.apiKey, options);
}

function checkInput(texts: readonly string[], from: TranslationLanguage, to: TranslationLanguage): void {
  if (from === to) throw new TranslatorError("REJECTED", "same language");
  if (texts.length === 0) return;
  if (texts.length > TRANSLATOR_LIMITS.texts) throw new TranslatorError("TOO_LARGE", `${texts.length} texts`);
  const chars = texts.reduce((sum, text) => sum + text.length, 0);
  if (chars > TRANSLATOR_LIMITS.totalChars) throw new TranslatorError("TOO_LARGE", `${chars} characters`);
}

/** What comes back: HTML is sanitised again (a service must not smuggle markup in), text loses control characters. */
function clean(texts: string[], format: TranslationFormat): string[] {
  // eslint-disable-next-line no-control-regex
  return texts.map((text) => (format === "html" ? sanitizeRichText(text) : text.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "").trim()));
}

interface HttpAnswer {
  status: number;
  body: unknown;
}

/** POSTs JSON with a bounded time and a bounded answer; network trouble becomes UNAVAILABLE / TIMEOUT. */
async function postJson(url: string, headers: Record<string, string>, payload: unknown, timeoutMs: number, signal?: AbortSignal): Promise<HttpAnswer> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([timeout, signal]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", ...headers },
      body: JSON.stringify(payload),
      signal: combined,
      redirect: "error",
    });
  } catch (error) {
    if (timeout.aborted) throw new TranslatorError("TIMEOUT");
    throw new TranslatorError("UNAVAILABLE", error instanceof Error ? error.message : String(error));
  }
  let text: string;
  try {
    text = await readCapped(response, TRANSLATOR_LIMITS.responseBytes);
  } catch (error) {
    if (error instanceof TranslatorError) throw error;
    if (timeout.aborted) throw new TranslatorError("TIMEOUT");
    throw new TranslatorError("UNAVAILABLE", error instanceof Error ? error.message : String(error));
  }
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: response.status, body };
}

async function readCapped(response: Response, max: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new TranslatorError("BAD_RESPONSE", "answer too large");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** HTTP status → failure code, the same for both services where they agree. */
function failureOfStatus(status: number): TranslatorFailure {
  if (status === 401 || status === 403) return "AUTH_FAILED";
  if (status === 456) return "QUOTA_EXCEEDED"; // DeepL: character quota used up
  if (status === 429 || status === 529) return "RATE_LIMITED";
  if (status === 413 || status === 414) return "TOO_LARGE";
  if (status >= 500) return "UNAVAILABLE";
  return "REJECTED";
}

function stringArray(value: unknown, length: number): string[] | null {
  if (!Array.isArray(value) || value.length !== length) return null;
  return value.every((item) => typeof item === "string") ? (value as string[]) : null;
}

/**
 * DeepL API v2: `POST /v2/translate` with `Authorization: DeepL-Auth-Key <key>`, JSON
 * `{ text: [...], source_lang, target_lang, tag_handling }`, answering `{ translations: [{ text }] }`.
 */
function deeplTranslator(baseUrl: string, apiKey: string, { timeoutMs }: TranslatorOptions): Translator {
  return {
    provider: "deepl",
    async translate(texts, from, to, format, options) {
      checkInput(texts, from, to);
      if (texts.length === 0) return [];
      const payload = {
        text: texts,
        source_lang: from.toUpperCase(),
        target_lang: to.toUpperCase(),
        ...(format === "html" ? { tag_handling: "html" } : {}),
      };
      const answer = await postJson(`${baseUrl}/v2/translate`, { Authorization: `DeepL-Auth-Key ${apiKey}` }, payload, timeoutMs, options?.signal);
      if (answer.status !== 200) throw new TranslatorError(failureOfStatus(answer.status), `HTTP ${answer.status}`);
      const translations = (answer.body as { translations?: unknown } | null)?.translations;
      const result = Array.isArray(translations) ? stringArray(translations.map((t: unknown) => (t as { text?: unknown } | null)?.text), texts.length) : null;
      if (!result) throw new TranslatorError("BAD_RESPONSE");
      return clean(result, format);
    },
  };
}

/**
 * LibreTranslate: `POST <url>/translate` with JSON `{ q, source, target, format, api_key }`; `q`
 * as an array answers `{ translatedText: [...] }`.
 */
function libreTranslator(baseUrl: string, apiKey: string | null, { timeoutMs }: TranslatorOptions): Translator {
  return {
    provider: "libretranslate",
    async translate(texts, from, to, format, options) {
      checkInput(texts, from, to);
      if (texts.length === 0) return [];
      const payload = { q: [...texts], source: from, target: to, format, ...(apiKey ? { api_key: apiKey } : {}) };
      const answer = await postJson(`${baseUrl}/translate`, {}, payload, timeoutMs, options?.signal);
      if (answer.status !== 200) throw new TranslatorError(failureOfStatus(answer.status), `HTTP ${answer.status}`);
      const translated = (answer.body as { translatedText?: unknown } | null)?.translatedText;
      const result = typeof translated === "string" && texts.length === 1 ? [translated] : stringArray(translated, texts.length);
      if (!result) throw new TranslatorError("BAD_RESPONSE");
      return clean(result, format);
    },
  };
}
