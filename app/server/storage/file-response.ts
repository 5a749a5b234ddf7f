import { attachmentDisposition } from "./download-name";

/** Types a browser may render inline; anything else is offered as a download. */
const INLINE_TYPES = new Set(["image/webp", "image/jpeg", "image/png"]);

/**
 * Public files have random keys that are never rewritten, so they are cached forever (a replaced
 * logo gets a new key); private ones are never stored by any cache (decision 029).
 */
const CACHE_CONTROL = { public: "public, max-age=31536000, immutable", private: "private, no-store" } as const;

/** The answer for a stored file; each security header once (decision 012: the route's value replaces the default). */
export function storedFileResponse(file: { data: Buffer; contentType: string }, visibility: keyof typeof CACHE_CONTROL, downloadName: string | null): Response {
  const headers = new Headers({
    "Content-Type": file.contentType,
    "Content-Length": String(file.data.length),
    "Cache-Control": CACHE_CONTROL[visibility],
    "X-Content-Type-Options": "nosniff",
    // User-supplied content on our origin: never let it run script or load anything if opened directly.
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
  if (!INLINE_TYPES.has(file.contentType)) headers.set("Content-Disposition", attachmentDisposition(downloadName));
  return new Response(new Uint8Array(file.data), { headers });
}

export function fileNotFound(): Response {
  return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
