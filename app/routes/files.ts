import type { LoaderFunctionArgs } from "react-router";
import { isPublicFileKey } from "~/server/storage/file-kinds";
import { fileNotFound, storedFileResponse } from "~/server/storage/file-response";
import { getStorage, isValidStorageKey } from "~/server/storage/storage.server";

/**
 * Serves a public upload by key (`/files/logos/<random>.webp`) to anyone, cached for a year.
 * Keys of private kinds (mail attachments, invoice and name-tag logos) are a 404 here, exactly
 * like a missing file: they are served by `/private-files/*` only (decision 029).
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const key = params["*"];
  const file = isValidStorageKey(key) && isPublicFileKey(key) ? await getStorage().get(key) : null;
  if (!file) return fileNotFound();
  return storedFileResponse(file, "public", new URL(request.url).searchParams.get("name"));
}
