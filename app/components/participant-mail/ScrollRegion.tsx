import type { ReactNode } from "react";

/**
 * A wide table that scrolls sideways on a phone: a named region that takes the keyboard focus,
 * so it can be scrolled without a mouse even when it holds nothing focusable (axe
 * scrollable-region-focusable). `contain: inline-size` keeps the table's width out of the page's
 * layout, and `position: relative` clips what is positioned inside (a visually hidden header), so
 * the page itself never gets wider than the phone.
 */
export function ScrollRegion({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div role="region" aria-labelledby={labelledBy} tabIndex={0} style={{ position: "relative", overflowX: "auto", width: "100%", contain: "inline-size" }}>
      {children}
    </div>
  );
}
