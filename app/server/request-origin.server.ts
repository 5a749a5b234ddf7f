import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareFunction } from "react-router";
import { config } from "~/server/config.server";

const origins = new AsyncLocalStorage<string>();

/**
 * Without PUBLIC_URL (development and tests only: production refuses to start without it), links
 * in mails use the origin the request came in on, so they work on whatever host and port the
 * developer opened (decision 014). With PUBLIC_URL set, that is always the base.
 */
export const requestOriginMiddleware: MiddlewareFunction<Response> = ({ request }, next) =>
  config.publicUrlConfigured || config.isProduction ? next() : origins.run(new URL(request.url).origin, next);

/** The base of absolute links: PUBLIC_URL, else the current request's origin, else localhost on PORT. */
export function publicBaseUrl(): string {
  return (config.publicUrlConfigured ? undefined : origins.getStore()) ?? config.publicUrl;
}

/** Runs `fn` as if a request had come in on `origin` (tests). */
export function runWithOrigin<T>(origin: string, fn: () => T): T {
  return origins.run(origin, fn);
}
