import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, RouterContextProvider, ServerRouter } from "react-router";
import { isDatabaseUnavailable } from "./server/db/availability.server";
import { requestInfoContext } from "./server/http/context";
import { logger } from "./server/logger.server";
import { NonceContext } from "./nonce";
import { RequestIdContext } from "./request-id";

export const streamTimeout = 5_000;

/** Requests (by their load context) whose loaders failed because the database is out of reach. */
const databaseUnavailable = new WeakSet<object>();

/**
 * Logs errors from loaders, actions and rendering; remembers a database outage so the page is
 * answered 503 below (React Router has already sanitised the error to "Unexpected Server Error"
 * by the time the document renders).
 */
export function handleError(error: unknown, { request, context }: { request: Request; context: unknown }): void {
  // The request's logger: the line carries its id, which the error screen shows (decision 049).
  const log = (context instanceof RouterContextProvider ? context.get(requestInfoContext).log : undefined) ?? logger;
  if (isDatabaseUnavailable(error)) {
    if (typeof context === "object" && context) databaseUnavailable.add(context);
    log.error(`Database unavailable: ${(error as Error).message}`);
    return;
  }
  // Our own 503 below is re-thrown through here; it is an answer, not a failure.
  if (error instanceof Response) return;
  if (!request.signal.aborted) log.error({ err: error }, "Request error");
}

/**
 * React Router's default Node entry, plus the CSP nonce (decision 012): React's own inline
 * scripts, the router's streaming scripts and (through NonceContext) <Scripts>,
 * <ScrollRestoration> and Mantine's colour-scheme script carry it.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (databaseUnavailable.has(loadContext)) {
    // Thrown Responses make React Router render the error boundary again with this error, for the
    // server HTML and the hydration data alike: 503 and the translated SERVICE_UNAVAILABLE screen.
    databaseUnavailable.delete(loadContext);
    throw Response.json({ code: "SERVICE_UNAVAILABLE" }, { status: 503 });
  }
  if (responseStatusCode === 503) responseHeaders.set("Retry-After", "10");
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce, requestId, log = logger } = loadContext.get(requestInfoContext);
  // Only an error screen shows the request id (never a page the anonymous page cache may store).
  const errorRequestId = routerContext.staticHandlerContext.errors ? requestId : undefined;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RequestIdContext.Provider value={errorRequestId}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </RequestIdContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error({ err: error }, "Render error");
        },
      },
    );
  });
}
