import { useEffect } from "react";
import { useLocation } from "react-router";
import { outboundTarget, sendEvent } from "./analytics-client";

/**
 * Counts page views (each client-side navigation too) and clicks on links that leave the site,
 * once the page is hydrated: nothing runs during the server render or before the page works.
 */
export function AnalyticsTracker() {
  const { pathname } = useLocation();
  useEffect(() => {
    sendEvent("pageview");
  }, [pathname]);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.type === "auxclick" && event.button !== 1) return; // middle click only (a new tab)
      const target = outboundTarget(event);
      if (target) sendEvent("Outbound Link: Click", { url: target });
    };
    document.addEventListener("click", onClick, { capture: true });
    document.addEventListener("auxclick", onClick, { capture: true });
    return () => {
      document.removeEventListener("click", onClick, { capture: true });
      document.removeEventListener("auxclick", onClick, { capture: true });
    };
  }, []);
  return null;
}
