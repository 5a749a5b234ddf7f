import { data } from "react-router";
import { isAppError } from "~/server/errors";

/**
 * For loaders and downloads: a domain error becomes the error screen with its status and its
 * translated message (NOT_FOUND the plain 404 page); anything else is rethrown as it is.
 */
export function throwPageError(error: unknown): never {
  if (isAppError(error)) {
    if (error.code === "NOT_FOUND") throw data(null, { status: 404 });
    throw data({ code: error.code }, { status: error.status });
  }
  throw error;
}
