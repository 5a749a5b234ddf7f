import { isCountedPath } from "~/routing/analytics-paths";

/**
 * The browser side of the first-party analytics (spec §7, decision 035), shaped like Plausible's
 * script: a plain-text JSON body sent with sendBeacon (no preflight, survives leaving the page).
 * Nothing is stored in the browser; a visitor who opts out gets the local-storage flag that
 * Plausible's own script also honours, so the switch works with either.
 */
export const IGNORE_KEY = "plausible_ignore";
export const EVENT_ENDPOINT = "/api/event";

export function isOptedOut(): boolean {
  try {
    return window.localStorage.getItem(IGNORE_KEY) === "true";
  } catch {
    // Storage blocked: the visitor cannot have opted out, but cannot opt out either; do not count.
    return true;
  }
}

export function setOptedOut(optOut: boolean): void {
  if (optOut) window.localStorage.setItem(IGNORE_KEY, "true");
  else window.localStorage.removeItem(IGNORE_KEY);
}

/** Do-Not-Track or Global Privacy Control set in the browser. */
export function browserSaysDoNotTrack(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack === "1" || nav.globalPrivacyControl === true;
}

function allowed(): boolean {
  return window.location.protocol !== "file:" && !browserSaysDoNotTrack() && !isOptedOut() && isCountedPath(window.location.pathname);
}

export function sendEvent(name: string, props?: Record<string, string>): void {
  if (!allowed()) return;
  const body = JSON.stringify({
    n: name,
    // No query string or fragment: they may carry search terms or tokens.
    u: window.location.origin + window.location.pathname,
    d: window.location.hostname,
    r: document.referrer || null,
    w: window.innerWidth,
    ...(props ? { p: props } : {}),
  });
  try {
    if (navigator.sendBeacon?.(EVENT_ENDPOINT, body)) return;
    void fetch(EVENT_ENDPOINT, { method: "POST", body, keepalive: true, credentials: "omit", headers: { "Content-Type": "text/plain" } }).catch(() => undefined);
  } catch {
    // Counting never disturbs the page.
  }
}

/** The http(s) link a click goes to when it leaves this site, else null. */
export function outboundTarget(event: MouseEvent): string | null {
  const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  try {
    const url = new URL(anchor.href, window.location.href);
    if ((url.protocol !== "http:" && url.protocol !== "https:") || url.host === window.location.host) return null;
    return url.origin + url.pathname;
  } catch {
    return null;
  }
}
