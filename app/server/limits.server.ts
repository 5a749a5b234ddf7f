/**
 * Limits on writes, in one place (decision 011).
 *
 * Active (unexpired) ads per company. Every ad is a search row that company-level changes
 * (name, status, tags, NACE, headquarters) rewrite, so the cap also bounds what such a change costs.
 */
export const ACTIVE_ADS_PER_COMPANY = 50;
