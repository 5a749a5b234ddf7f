import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { pinoHttp } from "pino-http";
import { type Logger, requestIdFrom, userHash } from "~/server/logger.server";

/**
 * One log line per request (decision 049), written when the response is finished or the client
 * went away: the request id, method, path (never the query string: it can carry e-mail addresses,
 * verification tokens, search terms and OIDC codes), status, duration and, for a signed-in user,
 * the user's hash. No headers, no cookies, no bodies.
 *
 * Every request gets an id (requestIdFrom), answered in `X-Request-Id` and shown on error pages so
 * a user can quote it; the lines a request's own code writes carry it as `reqId` when they log
 * through `req.log` (the error handler, entry.server's handleError).
 *
 * Static files (built assets, stored files, the public folder, Vite's modules in development) and
 * the health probes answered below 400 are logged at `debug`: a page pulls in dozens of them and a
 * balancer probes every few seconds, which at `info` would bury the page requests. Refusals and
 * failures of those are logged like any other request.
 */
const QUIET = /^\/(?:assets\/|files\/|healthz$|readyz$|@|node_modules\/|app\/|[^/]+\.[A-Za-z0-9]+$)/;

/** The path of a request without its query string. */
export function pathOf(url: string | undefined): string {
  const raw = url ?? "/";
  const query = raw.indexOf("?");
  return query === -1 ? raw : raw.slice(0, query);
}

/** The URL as it came in (Express rewrites `req.url` inside mounted routers, `originalUrl` keeps it). */
const urlOf = (req: IncomingMessage) => (req as Request).originalUrl ?? req.url;

/** Called by the app (load context) once it knows the request's user. */
export function noteUser(res: ServerResponse, userId: string): void {
  (res as ServerResponse & { locals?: Record<string, unknown> }).locals!.logUserId = userId;
}

function line(req: IncomingMessage, res: ServerResponse, durationMs: number): Record<string, unknown> {
  const userId = (res as ServerResponse & { locals?: Record<string, unknown> }).locals?.logUserId;
  return {
    method: req.method,
    path: pathOf(urlOf(req)),
    status: res.statusCode,
    durationMs,
    ...(typeof userId === "string" ? { user: userHash(userId) } : {}),
    // The client closed the connection before the answer was complete.
    ...(res.writableFinished ? {} : { aborted: true }),
  };
}

function levelOf(req: IncomingMessage, res: ServerResponse, error: Error | undefined) {
  const status = res.statusCode;
  // 503 is the overload answer (decision 043): a flood of refusals is a warning, not 1,000 errors.
  if (status === 503) return "warn";
  if (error || status >= 500) return "error";
  if (status < 400 && QUIET.test(pathOf(urlOf(req)))) return "debug";
  return "info";
}

export function createRequestLog(logger: Logger) {
  const middleware = pinoHttp({
    logger,
    genReqId(req, res) {
      const id = requestIdFrom(req.headers["x-request-id"]);
      res.setHeader("X-Request-Id", id);
      return id;
    },
    // The lines carry `reqId` only (quiet), never the request and response objects with their headers.
    quietReqLogger: true,
    quietResLogger: true,
    wrapSerializers: false,
    serializers: { req: (req: IncomingMessage) => ({ method: req.method, path: pathOf(urlOf(req)) }) },
    customLogLevel: levelOf,
    customSuccessObject: (req, res, value: { responseTime: number }) => line(req, res, value.responseTime),
    customErrorObject: (req, res, _error, value: { responseTime: number }) => line(req, res, value.responseTime),
    customSuccessMessage: () => "request",
    customErrorMessage: () => "request failed",
  });
  /**
   * server.js puts this in front of everything (static files included); the app has it too, for
   * when it is mounted alone. A request that already has its logger is not logged twice.
   */
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.log) return next();
    middleware(req, res, next);
  };
}
