import { sql } from "drizzle-orm";
import { z } from "zod";
import { toBerlin } from "~/schemas/berlin-time";
import { ANALYTICS_BODY_MAX_BYTES, deviceClassOf } from "~/schemas/statistics";
import { isCountedPath } from "~/routing/analytics-paths";
import type { Db } from "~/server/db/client.server";
import { type AnalyticsEvent, analyticsDaily } from "~/server/db/schema";

/**
 * First-party, privacy-friendly analytics (spec §7; decision 035). The client script posts a
 * Plausible-style plain-text JSON body; this counts it with one upsert into the day's aggregate
 * row. What is kept: day, event, public page path (no query), outbound target (no query),
 * referrer host, device width class. What is never kept nor passed in: the IP address, the user
 * agent (only tested against a bot pattern here), cookies, the account.
 */
export { ANALYTICS_BODY_MAX_BYTES };
export const PAGEVIEW = "pageview";
export const OUTBOUND_CLICK = "Outbound Link: Click";

const Payload = z.object({
  /** Event name. */
  n: z.string().max(64),
  /** The page's full URL. */
  u: z.string().max(2048),
  /** The site's domain as the browser sees it. */
  d: z.string().max(253),
  /** document.referrer. */
  r: z.string().max(2048).nullish(),
  /** window.innerWidth. */
  w: z.number().int().min(0).max(100_000).optional(),
  /** Hash-mode flag (unused: this app has no hash routes). */
  h: z.union([z.boolean(), z.number()]).optional(),
  /** Props; an outbound click carries the link as `url`. Plausible sends them as an object or a JSON string. */
  p: z.union([z.record(z.string().max(64), z.union([z.string().max(2048), z.number(), z.boolean(), z.null()])), z.string().max(2048)]).optional(),
});

/** Crawlers, link previews and scripted clients: not visitors. */
const BOT = /^node$|bot|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|monitor|curl|wget|python|httpclient|okhttp|go-http|java\/|libwww|node-fetch|undici|axios|headlesschrome\/.*lighthouse|pingdom|uptime/i;

export interface AnalyticsHit {
  /** The raw body as received (the route reads at most ANALYTICS_BODY_MAX_BYTES + 1 bytes). */
  body: string;
  /** The request's own origin (scheme, host, port) — the only site whose pages count. */
  siteOrigin: string;
  dnt: string | null;
  gpc: string | null;
  userAgent: string | null;
  origin: string | null;
}

export type HitOutcome = "counted" | "disabled" | "dnt" | "bot" | "too_large" | "invalid" | "foreign" | "not_public";

function parseUrl(value: string | null | undefined): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

function props(p: z.infer<typeof Payload>["p"]): Record<string, unknown> {
  if (typeof p !== "string") return p ?? {};
  try {
    const parsed: unknown = JSON.parse(p);
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function readablePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "") || "/";
  try {
    return decodeURI(trimmed);
  } catch {
    return trimmed;
  }
}

/** The calendar day in the region's time zone. */
function dayOf(now: Date): string {
  const { year, month, day } = toBerlin(now);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Decides whether a hit counts and, if so, adds it; never throws on the visitor's input. */
export async function recordHit(db: Db, hit: AnalyticsHit, options: { enabled: boolean }, now = new Date()): Promise<HitOutcome> {
  if (!options.enabled) return "disabled";
  if (hit.dnt?.trim() === "1" || hit.gpc?.trim() === "1") return "dnt";
  if (!hit.userAgent || BOT.test(hit.userAgent)) return "bot";
  if (Buffer.byteLength(hit.body, "utf8") > ANALYTICS_BODY_MAX_BYTES) return "too_large";
  let json: unknown;
  try {
    json = JSON.parse(hit.body);
  } catch {
    return "invalid";
  }
  const parsed = Payload.safeParse(json);
  if (!parsed.success) return "invalid";
  const payload = parsed.data;

  const site = new URL(hit.siteOrigin);
  const page = parseUrl(payload.u);
  if (!page || page.host !== site.host || payload.d.toLowerCase() !== site.hostname) return "foreign";
  if (hit.origin && hit.origin !== site.origin) return "foreign";

  let event: AnalyticsEvent;
  let target = "";
  if (payload.n === PAGEVIEW) event = "pageview";
  else if (payload.n === OUTBOUND_CLICK) {
    const link = parseUrl(String(props(payload.p)["url"] ?? ""));
    if (!link || link.host === site.host) return "invalid";
    event = "outbound";
    target = `${link.origin}${link.pathname}`.slice(0, 512);
  } else return "invalid";

  // Stored readable ("/cs/události/…"), as admins type it into the statistics page's filter.
  const path = readablePath(page.pathname);
  if (path.length > 512 || !isCountedPath(path)) return "not_public";
  const referrer = parseUrl(payload.r);
  const referrerHost = referrer && referrer.host !== site.host ? referrer.hostname.toLowerCase() : "";

  await db
    .insert(analyticsDaily)
    .values({ day: dayOf(now), event, path, target, referrerHost, deviceClass: deviceClassOf(payload.w), count: 1 })
    .onConflictDoUpdate({
      target: [analyticsDaily.day, analyticsDaily.event, analyticsDaily.path, analyticsDaily.target, analyticsDaily.referrerHost, analyticsDaily.deviceClass],
      set: { count: sql`${analyticsDaily.count} + 1` },
    });
  return "counted";
}
