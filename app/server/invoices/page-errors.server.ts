import { data } from "react-router";
import { isAppError } from "~/server/errors";

/**
 * A loader's refusal as the page shows it: an unknown event or invoice is a 404, anyone who is not
 * an organiser gets the spec's "not authorised to view the participant list" (403 with its code,
 * translated by the error screen). Anything else goes on to the error boundary.
 */
export function pageError(error: unknown): never {
  if (isAppError(error) && error.code === "NOT_FOUND") throw data(null, { status: 404 });
  if (isAppError(error) && (error.code === "PARTICIPANT_LIST_FORBIDDEN" || error.code === "FORBIDDEN" || error.code === "UNAUTHENTICATED")) {
    throw data({ code: error.code }, { status: error.status });
  }
  throw error;
}

/** The same for a download: a plain-text answer with the status (no page around a file link). */
export function downloadError(error: unknown): Response {
  if (isAppError(error) && (error.code === "NOT_FOUND" || error.code === "PARTICIPANT_LIST_FORBIDDEN" || error.code === "FORBIDDEN" || error.code === "UNAUTHENTICATED")) {
    return new Response(error.code === "NOT_FOUND" ? "Not Found" : "Forbidden", { status: error.status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  throw error;
}
