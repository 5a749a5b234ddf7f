import urls from "virtual:partnernet-catalogue-urls";
import type { Locale } from "./locales";

/**
 * A language's messages in two parts (decision 044, second round; vite-plugins/catalogues.ts):
 * `public` — what the public pages' code can show — and `rest` — what the account and admin pages
 * add. Static files with hashed names (/assets/…, cached for a year); the document preloads what
 * its page needs (root.tsx), the browser fetches it before hydrating and before a navigation renders.
 */
export type CatalogueArea = "public" | "rest";
export const CATALOGUE_URLS: Record<Locale, Record<CatalogueArea, string>> = urls;
