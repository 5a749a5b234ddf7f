import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/** The element the skip link and a new page's focus go to (AppLayout renders it around the page). */
export const MAIN_ID = "main";

/**
 * After a client-side navigation to another page (decision 046): the focus goes to the new page's
 * main heading (or the main region), and a polite live region says the new document title — what a
 * screen reader would have heard on a full page load. Not on the first, server-rendered load (the
 * browser announces that page itself), and not when only the search or hash of the same page
 * changes (a GET form such as the search filters keeps its focus: when the page re-creates the
 * form, the focus goes back to the same control). A page that puts the focus somewhere itself
 * while it renders (an error field, a tab) keeps it.
 */
export function RouteAnnouncer() {
  const { pathname, search, hash } = useLocation();
  const shown = useRef(pathname);
  const shownSearch = useRef(search);
  const stopWatching = useRef<(() => boolean) | null>(null);
  const lastFocused = useRef<Element | null>(null);
  const [message, setMessage] = useState("");

  useEffect(() => {
    const remember = (event: FocusEvent) => {
      if (event.target instanceof Element) lastFocused.current = event.target;
    };
    document.addEventListener("focusin", remember);
    return () => document.removeEventListener("focusin", remember);
  }, []);

  // Layout effects all run before any passive effect: watch for a page's own focus call from here.
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    let pageTookFocus = false;
    const onFocusIn = () => {
      pageTookFocus = true;
    };
    document.addEventListener("focusin", onFocusIn);
    stopWatching.current = () => {
      document.removeEventListener("focusin", onFocusIn);
      return pageTookFocus;
    };
  }, [pathname]);

  // Rendered after the page, so this runs after the page's own effects.
  useEffect(() => {
    if (shown.current === pathname) {
      // The same page with another query (a GET form, pagination): the focus stays where it was; if
      // the page re-created that control (the search form remounts per URL), on its new copy.
      if (shownSearch.current !== search) {
        shownSearch.current = search;
        const old = lastFocused.current;
        const active = document.activeElement;
        if (old && !old.isConnected && (!active || active === document.body)) sameControl(old)?.focus({ preventScroll: true });
      }
      return;
    }
    shown.current = pathname;
    shownSearch.current = search;
    const pageTookFocus = stopWatching.current?.() ?? false;
    stopWatching.current = null;
    if (!pageTookFocus && !hash) focusMainHeading();
    setMessage(document.title);
  }, [pathname, search, hash]);

  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </div>
  );
}

function focusMainHeading() {
  const main = document.getElementById(MAIN_ID);
  const target = main?.querySelector<HTMLElement>("h1") ?? main;
  if (!target) return;
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  // Scrolling stays with ScrollRestoration (top for a new page, the old place on back/forward).
  target.focus({ preventScroll: true });
}

/** The control on the page now that stands for `old` (same name, and value for a radio or checkbox; else same id). */
function sameControl(old: Element): HTMLElement | null {
  const main = document.getElementById(MAIN_ID);
  if (!main) return null;
  const tag = old.tagName.toLowerCase();
  const name = old.getAttribute("name");
  const selectors: string[] = [];
  if (name) {
    const checkable = ["radio", "checkbox"].includes(old.getAttribute("type") ?? "");
    selectors.push(`${tag}[name="${CSS.escape(name)}"]${checkable ? `[value="${CSS.escape(old.getAttribute("value") ?? "")}"]` : ""}`);
  }
  if (old.id) selectors.push(`${tag}#${CSS.escape(old.id)}`);
  const testId = old.getAttribute("data-testid");
  if (testId) selectors.push(`${tag}[data-testid="${CSS.escape(testId)}"]`);
  for (const selector of selectors) {
    const found = main.querySelector<HTMLElement>(selector);
    if (found) return found;
  }
  return null;
}
