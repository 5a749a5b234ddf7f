import type { LoaderFunctionArgs } from "react-router";
import { getDb } from "~/server/db/client.server";
import { userContext } from "~/server/http/context";
import { readPrivateFile } from "~/server/private-files/read.server";
import { fileNotFound, storedFileResponse } from "~/server/storage/file-response";
import { getStorage } from "~/server/storage/storage.server";

/**
 * Serves a private file (`/private-files/badge-logos/<random>.png`) to those the policy allows
 * — the event's organisers, admins, an invoice's recipient for its logo — never cached. Everyone
 * else gets the same 404 as for a key that does not exist (decision 029).
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const file = await readPrivateFile(await getDb(), context.get(userContext), params["*"] ?? "", getStorage());
  return file ? storedFileResponse(file, "private", file.fileName) : fileNotFound();
}
