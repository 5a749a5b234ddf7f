import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { href } from "~/routing/paths";
import { TEST_ENGINE } from "../tests/support/db";
import { type RawResponse, rawRequest, signIn, startServer, type TestServer, withServerSql } from "../tests/support/server";

/**
 * A content change reaches the anonymous page cache (decisions 045, 047), against the production
 * build: an admin activates a news item (a real POST of the admin news list), and the public news
 * list searched for its title shows it —
 * - on the instance that took the write at once (its cache is emptied), on both engines;
 * - on another instance on the same PostgreSQL database (which learns nothing of the write) within
 *   the TTL: until then only its stored page is served, every fresh render shows the item, and no
 *   answer showed the item before the change.
 */
const ADMIN = "admin@partnernet.example";
const ENV = { RATE_LIMIT_PER_IP_PER_HOUR: "100000" };
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cacheOf = (response: RawResponse) => response.headers["x-page-cache"];

/** An inactive news item of a verified company, due since yesterday; returns its id. */
async function inactiveNewsItem(server: TestServer, env: Record<string, string>, title: string): Promise<{ id: string; server: TestServer }> {
  const { result, server: after } = await withServerSql(server, env, (run) =>
    run<{ id: string }>(
      `INSERT INTO news (company_id, author_name, title_de, title_cs, description_de, description_cs, image_key, publish_at, active)
       SELECT id, 'Cache Test', $1, $1, '<p>Text</p>', '<p>Text</p>', 'news/cache-test.webp', now() - interval '1 day', false
       FROM companies WHERE status = 'VERIFIED' ORDER BY name LIMIT 1 RETURNING id`,
      [title],
    ),
  );
  expect(result).toHaveLength(1);
  return { id: result[0]!.id, server: after };
}

/** The public news list searched for `title` (one URL, so one cache entry); the search field repeats the title. */
const listFor = (title: string) => `${encodeURI(href("newsList", "de"))}?q=${encodeURIComponent(title)}`;

/** The list links the item (its id is nowhere else on the page). */
const listed = (response: RawResponse, id: string) => response.body.includes(encodeURI(href("newsDetail", "de", { id })));

async function activate(server: TestServer, cookie: string, id: string): Promise<void> {
  const response = await rawRequest(server, {
    method: "POST",
    path: encodeURI(href("adminNews", "de")),
    headers: { ...FORM, Origin: server.url, Cookie: cookie },
    body: new URLSearchParams({ intent: "activate", id }).toString(),
  });
  expect(response.status).toBe(200);
}

describe("a write through an instance empties its page cache at once", () => {
  const TTL_MS = 8_000; // long enough that a "miss" below can only come from the write
  const env = { ...ENV, PAGE_CACHE_TTL_MS: String(TTL_MS) };
  const title = `Cachetest Eigene Instanz ${Date.now()}`;
  let server: TestServer;
  let id = "";

  beforeAll(async () => {
    server = await startServer(env);
    ({ id, server } = await inactiveNewsItem(server, env, title));
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  it(`shows an activated news item on the next anonymous request (${TEST_ENGINE})`, async () => {
    const cookie = await signIn(server, ADMIN);
    const page = listFor(title);
    // Until stored (a render that overlaps the sign-in's last write is not stored, by design).
    const before: RawResponse[] = [];
    do before.push(await rawRequest(server, { path: page }));
    while (before.length < 4 && cacheOf(before.at(-1)!) !== "hit");
    expect(cacheOf(before.at(-1)!)).toBe("hit");
    for (const response of before) {
      expect(response.status).toBe(200);
      expect(listed(response, id)).toBe(false);
    }

    await activate(server, cookie, id);
    const after = await rawRequest(server, { path: page });
    expect(cacheOf(after)).toBe("miss");
    expect(listed(after, id)).toBe(true);
  }, 60_000);
});

describe.skipIf(TEST_ENGINE !== "postgres")("two app instances on one PostgreSQL database", () => {
  const TTL_MS = 3_000;
  /** Beyond the TTL: one render of the list on a busy machine. */
  const RENDER_SLACK_MS = 5_000;
  const env = { ...ENV, PAGE_CACHE_TTL_MS: String(TTL_MS) };
  const title = `Cachetest Zwei Instanzen ${Date.now()}`;
  let a: TestServer | undefined;
  let b: TestServer | undefined;
  let id = "";

  beforeAll(async () => {
    a = await startServer(env);
    ({ id } = await inactiveNewsItem(a, env, title));
    // The same database and data folder, another process and port.
    b = await startServer(env, a);
  }, 180_000);

  afterAll(async () => {
    await b?.close(true);
    await a?.close();
  });

  it("shows a change made through one instance on the other within the TTL, and never before it", async () => {
    const cookie = await signIn(a!, ADMIN);
    const page = listFor(title);
    // B stores the list as it is now.
    const before = [await rawRequest(b!, { path: page }), await rawRequest(b!, { path: page })];
    expect(before.map((r) => r.status)).toEqual([200, 200]);
    for (const response of before) expect(listed(response, id)).toBe(false);

    await activate(a!, cookie, id);
    const changed = Date.now();
    // A took the write: fresh at once.
    const onA = await rawRequest(a!, { path: page });
    expect(cacheOf(onA)).toBe("miss");
    expect(listed(onA, id)).toBe(true);

    // B: the stored page until it expires, then a render that shows the item.
    const stale: RawResponse[] = [];
    let fresh: RawResponse | null = null;
    while (!fresh && Date.now() - changed < TTL_MS + RENDER_SLACK_MS) {
      const response = await rawRequest(b!, { path: page });
      expect(response.status).toBe(200);
      if (listed(response, id)) fresh = response;
      else {
        stale.push(response);
        await sleep(100);
      }
    }
    expect(fresh, `not shown on the other instance ${TTL_MS + RENDER_SLACK_MS} ms after the change`).not.toBeNull();
    // Whatever B answered without the item came from its cache, stored before the change.
    expect(stale.map(cacheOf).filter((c) => c !== "hit")).toEqual([]);
    expect(Date.now() - changed).toBeLessThan(TTL_MS + RENDER_SLACK_MS);
  }, 60_000);
});
