import type { ActionFunctionArgs } from "react-router";
import { config } from "~/server/config.server";
import { getDb } from "~/server/db/client.server";
import { ANALYTICS_BODY_MAX_BYTES, recordHit } from "~/server/statistics/analytics.server";

/**
 * POST /api/event: the first-party analytics beacon (decision 035). Plain-text JSON body of at most
 * 4 KiB (Express refuses larger declared bodies with 413 before this runs; a chunked body is read
 * only up to the limit here). Answers 202 whether the hit counted or was skipped (Do-Not-Track,
 * bots, pages that are not public), so the answer tells a visitor's browser nothing.
 */
const HEADERS = { "Cache-Control": "no-store" };

async function readCapped(request: Request, max: number): Promise<string | null> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    // Past the limit the rest is read and dropped, not cancelled: cancelling the request stream
    // destroys the socket before the answer goes out (the body limiter bounds what is read).
    if (size <= max) chunks.push(value);
  }
  return size > max ? null : Buffer.concat(chunks).toString("utf8");
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { ...HEADERS, Allow: "POST" } });
  const body = await readCapped(request, ANALYTICS_BODY_MAX_BYTES).catch(() => null);
  if (body === null) return new Response(null, { status: 413, headers: HEADERS });
  const headers = request.headers;
  const outcome = await recordHit(
    await getDb(),
    {
      body,
      siteOrigin: new URL(request.url).origin,
      dnt: headers.get("dnt"),
      gpc: headers.get("sec-gpc"),
      userAgent: headers.get("user-agent"),
      origin: headers.get("origin"),
    },
    { enabled: config.analytics.mode === "firstParty" },
  );
  const status = outcome === "invalid" || outcome === "foreign" ? 400 : 202;
  return new Response(null, { status, headers: HEADERS });
}

/** GET is not an analytics call. */
export function loader() {
  return new Response(null, { status: 405, headers: { ...HEADERS, Allow: "POST" } });
}
