import { createContext, useContext } from "react";

/**
 * The id of the request whose document shows an error screen (server/request-log.ts), so a user
 * can quote it (decision 049). Provided by entry.server only when the document renders an error:
 * a page without one never carries an id (the anonymous page cache stores such pages, and a
 * stored page must not show another request's id).
 */
export const RequestIdContext = createContext<string | undefined>(undefined);

/** What the server rendered into this document's error screen, read from the page once in the browser. */
let documentRequestId: string | null | undefined;
/** The error the document was rendered with: the first one the browser's error screen shows. */
let documentError: { error: unknown } | null = null;

/**
 * The request id to show with `error`. On the server, the current request's. In the browser, the
 * server's id for the very error it rendered (so hydration matches); an error after a navigation
 * in the browser came from another request whose id the router does not hand on, so none.
 */
export function useErrorRequestId(error: unknown): string | undefined {
  const serverId = useContext(RequestIdContext);
  if (typeof document === "undefined") return serverId;
  documentRequestId ??= document.querySelector("[data-request-id]")?.getAttribute("data-request-id") ?? null;
  if (!documentRequestId) return undefined;
  // The first error screen rendered in the browser is the document's own (hydration).
  documentError ??= { error };
  return documentError.error === error ? documentRequestId : undefined;
}
