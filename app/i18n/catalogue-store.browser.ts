import type { IntlMessageFormat } from "intl-messageformat";
import { type CatalogueArea, CATALOGUE_URLS } from "./catalogue-urls";
import type { Locale } from "./locales";

/** A message as the build sends it (vite-plugins/catalogues.ts): plain text as a string, the others as their AST. */
export type StoredMessage = string | Exclude<ConstructorParameters<typeof IntlMessageFormat>[0], string>;

/**
 * The browser's messages are precompiled (decision 067): a string is the finished text, an array
 * the message's AST; the ICU parser is not in the browser build.
 */
export const PRECOMPILED = true;

/**
 * The browser's side of catalogue-store.ts (vite.config.ts swaps it in for the client build): the
 * messages fetched so far, per language. A language comes in two parts (decision 044, second
 * round): `public` (what public pages show) and `rest` (account and admin pages, and everything a
 * signed-in user may be sent). entry.client.tsx loads what the document preloaded before hydrating;
 * the root's client middleware loads what the target page needs before a navigation renders.
 */
const messages: Partial<Record<Locale, Record<string, StoredMessage>>> = {};
const loaded = new Set<string>();
const pending = new Map<string, Promise<void>>();
let signedIn = false;

export function catalogueOf(locale: Locale): Readonly<Record<string, StoredMessage>> | undefined {
  return messages[locale];
}

export function isKnownKey(key: string): boolean {
  return Object.values(messages).some((catalogue) => Object.prototype.hasOwnProperty.call(catalogue, key));
}

function loadArea(locale: Locale, area: CatalogueArea): Promise<void> {
  const id = `${locale}.${area}`;
  if (loaded.has(id)) return Promise.resolve();
  let promise = pending.get(id);
  if (!promise) {
    // The same request as the document's <link rel="preload" as="fetch" crossorigin>, so it is reused.
    promise = fetch(CATALOGUE_URLS[locale][area], { credentials: "same-origin" })
      .then((response) => {
        if (!response.ok) throw new Error(`Messages ${id}: HTTP ${response.status}`);
        return response.json() as Promise<Record<string, StoredMessage>>;
      })
      .then((fetched) => {
        messages[locale] = { ...messages[locale], ...fetched };
        loaded.add(id);
      })
      .finally(() => pending.delete(id));
    pending.set(id, promise);
  }
  return promise;
}

/** Loads a language's public messages, and the rest too when `rest` is set or a user is signed in. */
export function loadCatalogue(locale: Locale, options: { rest?: boolean } = {}): Promise<void> {
  const parts = [loadArea(locale, "public")];
  if (options.rest || signedIn) parts.push(loadArea(locale, "rest"));
  return Promise.all(parts).then(() => undefined);
}

/**
 * The root renders with a signed-in user: from now on every language is loaded whole (what the
 * server sends a signed-in user may come from any area); the current one's rest starts loading now.
 */
export function noteSignedIn(locale: Locale, value: boolean): void {
  signedIn = value;
  if (value) void loadArea(locale, "rest").catch((error: unknown) => console.error(error));
}
