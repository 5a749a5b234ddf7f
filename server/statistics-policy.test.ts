import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "~/i18n/translate";
import { isBuilt } from "~/routing/catalogue";
import { href } from "~/routing/paths";
import { signIn, sqlOnServer, startServer, type TestServer } from "../tests/support/server";

/**
 * Issue 20's statistics over HTTP, on the demo data and the production build: the analytics
 * beacon (counted for a public page, skipped with Do-Not-Track, for bots and admin pages, 413
 * above its body limit) leaves no IP address in any column of any table; the statistics page and
 * its CSV × an anonymous visitor, an Organisation user, a Multiplikator and an admin.
 */
type Viewer = "anonymous" | "organisation" | "multi" | "admin";
const VIEWERS: Viewer[] = ["anonymous", "organisation", "multi", "admin"];
const EMAIL: Record<Exclude<Viewer, "anonymous">, string> = {
  organisation: "firma.de@partnernet.example",
  multi: "multiplikator@partnernet.example",
  admin: "admin@partnernet.example",
};
const DASHBOARD = "https://analytics.example/partnernet";
const ENV = { RATE_LIMIT_PER_IP_PER_HOUR: "100000", ANALYTICS_DASHBOARD_URL: DASHBOARD };
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

let server: TestServer;
const cookies: Partial<Record<Viewer, string>> = {};

async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
  const result = await sqlOnServer<T>(server, ENV, query, params);
  server = result.server;
  return result.rows;
}
const get = (viewer: Viewer, path: string) => fetch(server.url + path, { headers: cookies[viewer] ? { Cookie: cookies[viewer]! } : {}, redirect: "manual" });
function beacon(payload: Record<string, unknown>, headers: Record<string, string> = {}, raw?: string) {
  const host = new URL(server.url).hostname;
  const body = raw ?? JSON.stringify({ n: "pageview", d: host, r: null, w: 1280, ...payload });
  return fetch(`${server.url}/api/event`, { method: "POST", body, headers: { "Content-Type": "text/plain", "User-Agent": CHROME, Origin: server.url, ...headers } });
}

type Column = { table_schema: string; table_name: string; column_name: string };
/** Every text, json and address column of every table (json_agg: one statement, one PGlite restart). */
const COLUMNS_SQL = `SELECT json_agg(json_build_object('table_schema', c.table_schema, 'table_name', c.table_name, 'column_name', c.column_name))
  FROM information_schema.columns c
  JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
  WHERE c.table_schema NOT IN ('pg_catalog', 'information_schema') AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'inet', 'cidr', 'ARRAY')`;

/** The columns among `columns` that hold `needle` in any row. */
async function columnsContaining(columns: Column[], needle: string): Promise<string[]> {
  expect(columns.length).toBeGreaterThan(50);
  const union = columns
    .map((c, i) => `SELECT ${i} AS i FROM "${c.table_schema}"."${c.table_name}" WHERE "${c.column_name}"::text LIKE '%' || $1 || '%'`)
    .join(" UNION ");
  const hits = await sql<{ i: number }>(union, [needle]);
  return hits.map((h) => `${columns[h.i]!.table_name}.${columns[h.i]!.column_name}`);
}

beforeAll(async () => {
  server = await startServer(ENV);
}, 240_000);

afterAll(async () => {
  await server?.close();
});

describe("analytics beacon over HTTP (decision 035)", () => {
  it("counts a public page view, skips Do-Not-Track, bots and admin pages, refuses oversize bodies, and stores no IP address anywhere", async () => {
    const faq = `${server.url}${encodeURI(href("faq", "de"))}`;
    expect((await beacon({ u: `${faq}?q=x` })).status).toBe(202);
    expect((await beacon({ u: faq, r: "https://www.google.com/search?q=partnernet", w: 390 })).status).toBe(202);
    expect((await beacon({ u: faq }, { DNT: "1" })).status).toBe(202);
    expect((await beacon({ u: faq }, { "Sec-GPC": "1" })).status).toBe(202);
    expect((await beacon({ u: faq }, { "User-Agent": "Googlebot/2.1" })).status).toBe(202);
    expect((await beacon({ u: `${server.url}${href("adminStatistics", "de")}` })).status).toBe(202);
    expect((await beacon({}, {}, "x".repeat(5000))).status).toBe(413);
    expect((await beacon({}, {}, "{broken")).status).toBe(400);
    expect((await fetch(`${server.url}/api/event`)).status).toBe(405);
    // The page's CSP lets the beacon go to this site only.
    const page = await fetch(faq);
    expect(page.headers.get("content-security-policy")).toContain("connect-src 'self';");
    // The only cookie of a public page is the language preference (no analytics cookie).
    expect(page.headers.get("set-cookie") ?? "").toMatch(/^(locale=de;[^,]*)?$/);

    const [state] = await sql<{ rows: unknown; columns: Column[] }>(
      `SELECT (SELECT json_agg(json_build_object('path', path, 'referrer_host', referrer_host, 'device_class', device_class, 'count', count) ORDER BY device_class) FROM analytics_daily) AS rows, (${COLUMNS_SQL}) AS columns`,
    );
    expect(state!.rows).toEqual([
      { path: "/de/faq", referrer_host: "", device_class: "desktop", count: 1 },
      { path: "/de/faq", referrer_host: "www.google.com", device_class: "phone", count: 1 },
    ]);
    expect(await columnsContaining(state!.columns, "127.0.0.1")).toEqual([]);
  }, 240_000);
});

describe("statistics page and CSV over HTTP (issue 20)", () => {
  it("are built and for admins only: anonymous → login, Organisation and Multiplikator → home", async () => {
    for (const viewer of VIEWERS) if (viewer !== "anonymous") cookies[viewer] = await signIn(server, EMAIL[viewer]);
    expect(isBuilt("adminStatistics")).toBe(true);
    for (const locale of ["de", "cs"] as const) {
      for (const id of ["adminStatistics", "adminStatisticsCsv"]) {
        const path = encodeURI(href(id, locale));
        for (const viewer of VIEWERS) {
          const response = await get(viewer, `${path}?from=2022-01&to=2026-12`);
          const where = `${viewer} GET ${path}`;
          if (viewer === "admin") {
            expect(response.status, where).toBe(200);
            continue;
          }
          expect(response.status, where).toBe(302);
          const location = decodeURI(response.headers.get("location") ?? "");
          if (viewer === "anonymous") expect(location, where).toMatch(locale === "de" ? /^\/de\/anmelden\?redirectTo=/ : /^\/cs\/prihlaseni\?redirectTo=/);
          else expect(location, where).toBe(`/${locale}`);
          await response.body?.cancel();
        }
      }
    }
  }, 240_000);

  it("shows the admin the figures, the counted page and the analytics link; the CSV carries the same; a bad period is refused with the spec's message", async () => {
    const page = await (await get("admin", `${encodeURI(href("adminStatistics", "de"))}?from=2020-01&to=2024-12`)).text();
    expect(page).toContain('data-testid="statistics-months"');
    expect(page).toContain(DASHBOARD);
    const now = await (await get("admin", encodeURI(href("adminStatistics", "cs")))).text();
    expect(now).toContain('data-testid="statistics-top-pages"');
    expect(now).toContain("/de/faq");

    const csv = await get("admin", encodeURI(href("adminStatisticsCsv", "de")));
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/statistik-\d{4}-\d{2}-\d{4}-\d{2}\.csv/);
    const text = await csv.text();
    expect(text).toContain('"Kennzahl";"Monat";"Land";"Bezeichnung";"Anzahl"');
    expect(text).toContain('"Meistbesuchte Seiten";"";"";"/de/faq";"2"');

    const bad = await get("admin", `${encodeURI(href("adminStatisticsCsv", "cs"))}?from=2024-05&to=2024-01`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe(`${translate("cs", "error.STATISTICS_PERIOD_INVALID")}\n`);
    const badPage = await (await get("admin", `${encodeURI(href("adminStatistics", "de"))}?from=2024-05&to=2024-01`)).text();
    expect(badPage).toContain('data-error-code="STATISTICS_PERIOD_INVALID"');
  }, 240_000);
});
