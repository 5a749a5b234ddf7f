import { sha256 } from "~/server/crypto.server";
import { isAppError } from "~/server/errors";
import type { CalendarFeed } from "./feeds.server";

/**
 * A calendar feed as an HTTP response (decision 062). Calendar apps poll, often every few
 * minutes: an ETag (hash of the body) and Last-Modified (the newest change in it) let them ask
 * "changed?" and get a body-less 304. `private` + `Vary: Cookie` for the same reasons as the RSS
 * feeds (the locale cookie, the e2e clock cookie); the personal feed is never indexed nor cached
 * by anything shared.
 */
export function calendarResponse(request: Request, feed: CalendarFeed, options: { personal?: boolean } = {}): Response {
  const etag = `"${sha256(feed.ics).slice(0, 32)}"`;
  const headers: Record<string, string> = {
    "Content-Type": "text/calendar; charset=utf-8",
    "Cache-Control": "private, max-age=300",
    Vary: "Cookie",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  };
  if (feed.lastModified) headers["Last-Modified"] = feed.lastModified.toUTCString();
  if (options.personal) {
    headers["X-Robots-Tag"] = "noindex";
    headers["Referrer-Policy"] = "no-referrer";
  }
  const match = request.headers.get("If-None-Match");
  const since = request.headers.get("If-Modified-Since");
  const unchanged = match
    ? match.split(",").some((t) => t.trim() === etag || t.trim() === `W/${etag}`)
    : !!since && !!feed.lastModified && Math.floor(feed.lastModified.getTime() / 1000) <= Math.floor(Date.parse(since) / 1000);
  if (unchanged) return new Response(null, { status: 304, headers });
  return new Response(feed.ics, { headers });
}

export function notFoundResponse(): Response {
  return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/** Runs a feed builder; NOT_FOUND → a plain 404 (a revoked URL, an unknown organiser). */
export async function feedOr404(request: Request, build: () => Promise<CalendarFeed>, options: { personal?: boolean } = {}): Promise<Response> {
  try {
    return calendarResponse(request, await build(), options);
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") return notFoundResponse();
    throw error;
  }
}
