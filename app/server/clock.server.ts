import { AsyncLocalStorage } from "node:async_hooks";
import { config } from "~/server/config.server";
import { readCookie } from "~/server/http/cookies.server";

/**
 * The domain's idea of "now" (decision 009).
 *
 * Normally the real time. End-to-end tests need to see the server a few weeks later (an ad in
 * its last week can be prolonged) without waiting and without changing time for anybody else:
 * a server started with `E2E_CLOCK=1` lets a request carry the cookie `e2e_clock=<days>`, and
 * while that request runs, `now()` is real time plus that many days. The offset lives in the
 * request's async context (AsyncLocalStorage), never in process or database state, so parallel
 * specs on the same server each keep their own time, and every app server stays stateless.
 * Production refuses `E2E_CLOCK` at boot (config.server.ts); without the flag the cookie is ignored.
 *
 * Only rules that depend on calendar days use this clock (ad validity). Sessions, login codes
 * and rate limits keep the real time, so a shifted test browser stays signed in.
 */
export const E2E_CLOCK_COOKIE = "e2e_clock";
/** A shift of up to ten years either way; anything else in the cookie is ignored. */
const MAX_OFFSET_DAYS = 3650;
const DAY_MS = 24 * 60 * 60 * 1000;

const offsetStore = new AsyncLocalStorage<number>();

/** Real time, plus the current request's test offset if it has one. */
export function now(): Date {
  return new Date(Date.now() + (offsetStore.getStore() ?? 0));
}

/** The shift in days a request asks for, or 0 when the test clock is off or the cookie is malformed. */
export function requestedOffsetDays(request: Request, enabled: boolean = config.e2eClock): number {
  if (!enabled) return 0;
  const value = readCookie(request, E2E_CLOCK_COOKIE);
  if (!value || !/^-?\d{1,4}$/.test(value)) return 0;
  const days = Number.parseInt(value, 10);
  return Math.abs(days) <= MAX_OFFSET_DAYS ? days : 0;
}

/** Runs `fn` (a request's handling) so that `now()` inside it honours the request's test offset. */
export function runWithRequestClock<T>(request: Request, fn: () => T, enabled: boolean = config.e2eClock): T {
  const days = requestedOffsetDays(request, enabled);
  return days === 0 ? fn() : offsetStore.run(days * DAY_MS, fn);
}
