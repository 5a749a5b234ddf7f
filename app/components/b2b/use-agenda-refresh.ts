import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/** How often an open agenda asks for changes on its event day (decision 059: no-show re-matches). */
export const LIVE_AGENDA_REFRESH_MS = 60_000;

/**
 * Keeps a participant's open B2B agenda current: on the event day the organiser may re-match
 * no-shows between rounds, and a phone left on the event page must show the new partner without a
 * reload. The page's data is asked for again whenever the tab comes back into view and, while the
 * agenda is `live` (its event day), every minute while it is visible.
 */
export function useAgendaRefresh(live: boolean): void {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === "visible" && latest.current.state === "idle") void latest.current.revalidate();
    };
    document.addEventListener("visibilitychange", refresh);
    const timer = live ? window.setInterval(refresh, LIVE_AGENDA_REFRESH_MS) : undefined;
    return () => {
      document.removeEventListener("visibilitychange", refresh);
      if (timer !== undefined) window.clearInterval(timer);
    };
  }, [live]);
}
