import { useContext } from "react";
import { UNSAFE_FrameworkContext, useMatches } from "react-router";

/**
 * The page's stylesheets, in place of React Router's <Links /> (no route exports `links`; the CSS is
 * the build's, per route module). Given a `precedence`, React puts them at the top of <head>, ahead
 * of the ≈ 45 `modulepreload` links that <Scripts /> hoists there: with those first, the
 * stylesheets, which block the first paint, queued behind scripts for the browser's six
 * connections per host (decision 070). On a client-side navigation React
 * shows the next page once its stylesheets have arrived, and keeps them afterwards (they are
 * component styles in cascade layers and CSS-module classes, harmless on any page).
 *
 * `layerOrder` is the cascade-layer order of Mantine's component styles (decision 044): it must
 * come before any stylesheet, so it is a hoisted style of a precedence of its own, rendered first:
 * React writes the precedences in the order it meets them, and within one precedence the
 * stylesheets before the style elements.
 */
export function Stylesheets({ layerOrder, nonce }: { layerOrder: string; nonce: string | undefined }) {
  const framework = useContext(UNSAFE_FrameworkContext);
  const matches = useMatches();
  const hrefs = new Set<string>();
  for (const match of matches) for (const href of framework?.manifest.routes[match.id]?.css ?? []) hrefs.add(href);
  return (
    <>
      <style href="partnernet-layer-order" precedence="layer-order" nonce={nonce}>
        {layerOrder}
      </style>
      {[...hrefs].map((href) => (
        <link key={href} rel="stylesheet" href={href} precedence="default" nonce={nonce} />
      ))}
    </>
  );
}
