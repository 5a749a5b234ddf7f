import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "~/i18n/translate";
import { href } from "~/routing/paths";
import { makeUnsubscribeToken } from "~/server/saved-searches/unsubscribe-token.server";
import { rawRequest, signIn, startServer, type TestServer, withServerSql } from "../tests/support/server";

/**
 * Saved searches over HTTP (issue 25, decision 061; RFC 8058), on the production build: a
 * signed-in user saves two searches from the search page; an anonymous save is refused. The digest
 * mails' unsubscribe URL: a GET (what mail scanners prefetch) shows the button and changes nothing;
 * forged and expired tokens are refused on GET and POST and change nothing; the mail client's
 * `List-Unsubscribe=One-Click` POST — no session, no Origin — pauses the user's saved searches.
 * The states are read from the user's manage page.
 */
const SECRET = "dev-secret-change-me-in-production"; // the test server's (development default)
const EMAIL = "ucastnik.6@partnernet.example";
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
let server: TestServer;
let userId = "";
let cookie = "";

const unsubscribePath = (token: string) => encodeURI(href("savedSearchUnsubscribe", "cs", { id: token }));
const oneClick = (token: string) => rawRequest(server, { method: "POST", path: unsubscribePath(token), headers: FORM, body: "List-Unsubscribe=One-Click" });
const saveSearch = (query: string, body: string, headers: Record<string, string>) =>
  rawRequest(server, { method: "POST", path: `${encodeURI(href("search", "cs"))}?${query}`, headers: { ...FORM, Origin: server.url, ...headers }, body });

/** The state badges of the user's saved searches, as the manage page shows them. */
async function states(): Promise<string[]> {
  const page = await fetch(server.url + encodeURI(href("savedSearches", "cs")), { headers: { Cookie: cookie } });
  expect(page.status).toBe(200);
  return [...(await page.text()).matchAll(/data-testid="saved-search-state"[^>]*>(?:<[^>]+>)*([^<]+)/g)].map((m) => m[1]!);
}

beforeAll(async () => {
  server = await startServer();
  const { result, server: after } = await withServerSql(server, {}, (run) => run<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [EMAIL]));
  server = after;
  userId = result[0]!.id;
  cookie = await signIn(server, EMAIL);
}, 240_000);
afterAll(async () => {
  await server?.close();
});

describe("saved searches over HTTP", () => {
  it("saving needs a session; the unsubscribe GET and forged or expired tokens change nothing; the one-click POST pauses", async () => {
    expect((await saveSearch("q=cnc", "intent=saveSearch&name=Anonym&frequency=DAILY", {})).status).toBe(401);
    expect((await saveSearch("q=cnc", "intent=saveSearch&name=CNC&frequency=DAILY", { Cookie: cookie })).status).toBe(200);
    expect((await saveSearch("q=laser&type=OFFER", "intent=saveSearch&name=Laser&frequency=WEEKLY", { Cookie: cookie })).status).toBe(200);
    const active = translate("cs", "savedSearches.active");
    const paused = translate("cs", "savedSearches.paused");
    expect(await states()).toEqual([active, active]);

    const now = new Date();
    const token = makeUnsubscribeToken(userId, now, SECRET);
    const page = await fetch(server.url + unsubscribePath(token));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(translate("cs", "savedSearchUnsubscribe.button"));
    expect(html).toContain('name="robots" content="noindex"');

    const [id, exp, sig] = token.split(".");
    const forged = [`${id}.${Number(exp) + 86_400}.${sig}`, makeUnsubscribeToken(userId, now, "not-the-server-secret-at-all-000000"), "nonsense"];
    const expired = makeUnsubscribeToken(userId, new Date(now.getTime() - 100 * 86_400_000), SECRET);
    for (const bad of [...forged, expired]) {
      expect((await fetch(server.url + unsubscribePath(bad))).status).toBe(404);
      const refused = await oneClick(bad);
      expect(refused.status).toBe(400);
      expect(refused.body).toContain("UNSUBSCRIBE_LINK_INVALID");
    }
    expect(await states()).toEqual([active, active]);

    expect((await oneClick(token)).status).toBe(200);
    expect(await states()).toEqual([paused, paused]);
  }, 240_000);
});
