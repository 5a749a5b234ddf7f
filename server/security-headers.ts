import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

export interface SecurityHeaderOptions {
  /** Content-Security-Policy with a per-request script nonce (off for the Vite dev server and its HMR scripts). */
  csp: boolean;
  /** Strict-Transport-Security (production, where the site is served over HTTPS). */
  hsts: boolean;
  /** The origin of an external Plausible-compatible analytics script, when configured (decision 035). */
  analyticsOrigin?: string | null;
}

/** OpenStreetMap tiles of the maps (app/components/map/osm.ts). */
const TILE_HOSTS = "https://tile.openstreetmap.org https://*.tile.openstreetmap.org";

/**
 * The Content-Security-Policy (decision 012). Scripts: our own files and inline scripts carrying
 * this response's nonce (React Router's hydration and streaming scripts, Mantine's colour-scheme
 * script; app/entry.server.tsx and app/root.tsx pass it on). Styles: Mantine and Leaflet set
 * inline styles, so 'unsafe-inline' there. Images: our files, data/blob URLs and the map tiles.
 */
export function contentSecurityPolicy(nonce: string, analyticsOrigin?: string | null): string {
  // The first-party analytics beacon goes to this site (connect-src 'self'); an external
  // Plausible-compatible script is loaded from its host and reports back to it (decision 035).
  const analytics = analyticsOrigin ? ` ${analyticsOrigin}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${analytics}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${TILE_HOSTS}`,
    "font-src 'self' data:",
    `connect-src 'self'${analytics}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The headers this middleware sets on every response. */
const DEFAULT_HEADERS = ["X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options", "Permissions-Policy", "Cross-Origin-Opener-Policy", "Content-Security-Policy", "Strict-Transport-Security"];
const DEFAULT_HEADER_NAMES = new Set(DEFAULT_HEADERS.map((name) => name.toLowerCase()));

/**
 * React Router's Express adapter copies a response's headers with `res.append`, which adds a
 * second line to a header already set here: `/files/*` sent `nosniff` twice and two CSPs (the
 * page policy and its own sandbox). For the headers set here, a value from the app replaces the
 * default instead, so each is sent once and the route's choice wins (decision 029).
 */
function replaceDefaultsOnAppend(res: Response): void {
  const append = res.append.bind(res);
  res.append = (field: string, value?: string | string[]) => {
    if (DEFAULT_HEADER_NAMES.has(field.toLowerCase()) && value !== undefined) {
      res.setHeader(field, value);
      return res;
    }
    return append(field, value);
  };
}

/**
 * Headers for every response, static files included (server.js installs this before
 * express.static; the app installs it too for the dev server and tests: a second pass is a no-op).
 * The nonce is in `res.locals.cspNonce` for the React Router load context.
 */
export function createSecurityHeaders(options: SecurityHeaderOptions) {
  return function securityHeaders(_req: Request, res: Response, next: NextFunction): void {
    if (typeof res.locals.cspNonce === "string") return next();
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (options.csp) res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, options.analyticsOrigin));
    if (options.hsts) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    replaceDefaultsOnAppend(res);
    next();
  };
}
