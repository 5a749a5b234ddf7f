import { attachmentDisposition } from "~/server/storage/download-name";

/**
 * A generated download (CSV, PDF) under its file name. Never cached: the contents are personal
 * data for the organisers who asked for them.
 */
export function downloadResponse(body: Uint8Array | string, contentType: string, fileName: string): Response {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": attachmentDisposition(fileName),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
