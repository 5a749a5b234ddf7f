import cs from "./messages/cs.json";
import de from "./messages/de.json";
import type { Locale } from "./locales";

/** A message as translate() finds it: on the server always the ICU source text. */
export type StoredMessage = string;

/** The server parses its messages; the browser's are precompiled (catalogue-store.browser.ts, decision 067). */
export const PRECOMPILED: boolean = false;

/**
 * Where translate() finds the messages (decision 044). This module is the server's (and every
 * script's and test's): both catalogues, imported statically. The browser build swaps it for
 * catalogue-store.browser.ts (vite.config.ts), which holds only the catalogues fetched so far —
 * a page loads its own language's messages, the other one on a language switch.
 */
export const CATALOGUES: Record<Locale, Record<keyof typeof de, string>> = { de, cs };

export function catalogueOf(locale: Locale): Readonly<Record<string, string>> | undefined {
  return CATALOGUES[locale];
}

export function isKnownKey(key: string): boolean {
  return Object.prototype.hasOwnProperty.call(de, key);
}

/** Both catalogues are always here, whole, on the server. */
export function loadCatalogue(locale: Locale, options: { rest?: boolean } = {}): Promise<void> {
  void locale;
  void options;
  return Promise.resolve();
}

/** The browser loads the rest of the messages for signed-in users; the server has them all. */
export function noteSignedIn(locale: Locale, value: boolean): void {
  void locale;
  void value;
}
