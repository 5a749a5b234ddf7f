/**
 * Saved searches' limits (issue 25, decision 061) without zod: the search page's client code
 * imports these, and zod (≈ 29 KB gzipped) must stay out of the public pages' scripts (issue 22).
 */
export const SAVED_SEARCH_NAME_MAX = 80;
/** A user keeps at most this many saved searches (server-enforced). */
export const SAVED_SEARCHES_PER_USER = 20;
export const SAVED_SEARCH_FREQUENCIES = ["DAILY", "WEEKLY"] as const;
