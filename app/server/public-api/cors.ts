/** CORS of the public API (decision 064): any origin may read; no credentials (the API never reads cookies). */
export const CORS_HEADERS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
  "Access-Control-Allow-Headers": "If-None-Match, Accept, Accept-Language",
  "Access-Control-Expose-Headers": "ETag, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy, Retry-After",
  "Access-Control-Max-Age": "86400",
};
