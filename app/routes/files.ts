import type { LoaderFunctionArgs } from "react-router";
import { attachmentDisposition } from "~/server/storage/download-name";
import { getStorage, isValidStorageKey } from "~/server/storage/storage.server";

/** Types a browser may render inline; anything else is offered as a download. */
const INLINE_TYPES = new Set(["image/webp", "image/jpeg", "image/png"]);

/**
 * Serves a stored upload by key (`/files/logos/<random>.webp`). Keys are random per upload and
 * never rewritten, so a response can be cached forever; a replaced logo gets a new key.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const key = params["*"];
  const file = isValidStorageKey(key) ? await getStorage().get(key) : null;
  if (!file) {
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  const headers = new Headers({
    "Content-Type": file.contentType,
    "Content-Length": String(file.data.length),
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    // User-supplied content on our origin: never let it run script or load anything if opened directly.
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
  if (!INLINE_TYPES.has(file.contentType)) headers.set("Content-Disposition", attachmentDisposition(new URL(request.url).searchParams.get("name")));
  return new Response(new Uint8Array(file.data), { headers });
}
