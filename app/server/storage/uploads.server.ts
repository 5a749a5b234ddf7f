import { AppError } from "~/server/errors";
import { fileTooLarge } from "./images.server";

/**
 * `request.formData()` buffers a body of any size. This reads at most `maxTotalBytes` (rejecting
 * a larger declared Content-Length before reading anything, and aborting the stream as soon as
 * the count passes the limit for chunked or lying clients), then parses the collected bytes.
 * `tooLarge` is the error thrown past the limit (default: FILE_TOO_LARGE naming the limit).
 */
export async function readFormWithLimit(request: Request, maxTotalBytes: number, tooLarge: () => AppError = () => fileTooLarge(maxTotalBytes)): Promise<FormData> {
  const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (declared > maxTotalBytes) throw tooLarge();
  const body = await readBody(request, maxTotalBytes, tooLarge);
  try {
    return await new Response(body, { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
  } catch {
    // Not multipart/urlencoded, or malformed: the client's fault, not a server error.
    throw new AppError("INVALID_INPUT");
  }
}

async function readBody(request: Request, maxTotalBytes: number, tooLarge: () => AppError): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    const reader = request.body.getReader();
    try {
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        total += next.value.byteLength;
        if (total > maxTotalBytes) {
          await reader.cancel().catch(() => undefined);
          throw tooLarge();
        }
        chunks.push(next.value);
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      // The stream failed (client went away, or the body limiter cut it off): nothing to parse.
      throw new AppError("INVALID_INPUT");
    }
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
