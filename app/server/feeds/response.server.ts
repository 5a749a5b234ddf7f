/**
 * A feed as an HTTP response. Feed readers poll: five minutes in the reader's own cache spare the
 * database without delaying news noticeably. `private`, because every response to a page under
 * /de or /cs may carry the locale cookie (root middleware), which a shared cache must not hand on.
 * `Vary: Cookie`, because the content depends on the request's clock, which the end-to-end tests
 * shift with a cookie (decision 009): a browser must not answer "tomorrow" from what it fetched
 * "today". Signed-in requests get `private, no-store` from the root middleware anyway.
 */
export function feedResponse(xml: string): Response {
  return new Response(xml, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "private, max-age=300",
      Vary: "Cookie",
    },
  });
}
