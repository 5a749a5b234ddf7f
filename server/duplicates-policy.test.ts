import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "~/i18n/translate";
import { isBuilt } from "~/routing/catalogue";
import { href } from "~/routing/paths";
import { signIn, startServer, type TestServer, withServerSql } from "../tests/support/server";

/**
 * The duplicates page (decision 040) over HTTP, on the demo data and the production build: the
 * page and its actions (run detection, resolve) × anonymous, an Organisation user, a Multiplikator
 * and an admin. Only the admin sees and resolves pairs; a refused request changes nothing (the
 * pair stays listed for the admin). The domain tests (app/server/duplicates/duplicates.test.ts)
 * check detection and merging rule by rule.
 */
type Viewer = "anonymous" | "organisation" | "multiplikator" | "admin";
const VIEWERS: Viewer[] = ["anonymous", "organisation", "multiplikator", "admin"];
const EMAIL: Record<Exclude<Viewer, "anonymous">, string> = {
  organisation: "firma.de@partnernet.example",
  multiplikator: "multiplikator@partnernet.example",
  admin: "admin@partnernet.example",
};
const ENV = { RATE_LIMIT_PER_IP_PER_HOUR: "100000", LOGIN_CODE_RESEND_SECONDS: "0" };
const LEFT = "Policy Dublette Zeta GmbH";
const RIGHT = "Policy Dublette Zeta s.r.o.";

let server: TestServer;
const cookies: Partial<Record<Viewer, string>> = {};
let pair = "";
let mergePair = "";

const path = (locale: "de" | "cs" = "de") => encodeURI(href("adminDuplicates", locale));
const headersOf = (viewer: Viewer): Record<string, string> => ({ Origin: server.url, ...(cookies[viewer] ? { Cookie: cookies[viewer]! } : {}) });
const get = (viewer: Viewer, to: string) => fetch(server.url + to, { headers: headersOf(viewer), redirect: "manual" });
function post(viewer: Viewer, fields: Array<[string, string]>) {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  return fetch(server.url + path(), { method: "POST", headers: headersOf(viewer), body, redirect: "manual" });
}
const text = (key: Parameters<typeof translate>[1], values?: Parameters<typeof translate>[2]) => translate("de", key, values);
const html = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

beforeAll(async () => {
  server = await startServer(ENV);
  const { result, server: after } = await withServerSql(server, ENV, async (run) => {
    const made = await run<{ id: string; name: string }>(
      `INSERT INTO companies (name, description_de, description_cs, website, status, created_at)
       VALUES ($1, 'x', 'x', 'https://policy-dublette.example', 'VERIFIED', now() - interval '2 days'),
              ($2, 'x', 'x', 'https://www.policy-dublette.example/', 'VERIFIED', now() - interval '1 day'),
              ('Policy Zusammenführen A', 'x', 'x', 'https://policy-merge.example', 'VERIFIED', now() - interval '2 days'),
              ('Policy Zusammenführen B', 'x', 'x', 'https://policy-merge.example', 'VERIFIED', now() - interval '1 day')
       RETURNING id, name`,
      [LEFT, RIGHT],
    );
    const id = (name: string) => made.find((m) => m.name === name)!.id;
    const pairs: string[] = [];
    for (const [a, b] of [
      [id(LEFT), id(RIGHT)],
      [id("Policy Zusammenführen A"), id("Policy Zusammenführen B")],
    ] as const) {
      const [lo, hi] = a < b ? [a, b] : [b, a];
      await run(`INSERT INTO company_duplicate_pairs (company_a, company_b, score, reasons) VALUES ($1, $2, 60, ARRAY['SAME_WEBSITE_DOMAIN'])`, [lo, hi]);
      pairs.push(`${a}:${b}`);
    }
    return pairs;
  });
  server = after;
  [pair, mergePair] = result as [string, string];
  for (const viewer of VIEWERS) if (viewer !== "anonymous") cookies[viewer] = await signIn(server, EMAIL[viewer]);
}, 240_000);

afterAll(async () => {
  await server?.close();
});

describe("the duplicates page over HTTP (decision 040)", () => {
  it("is built and admin-only, in both languages; the admin home counts the open pairs", async () => {
    expect(isBuilt("adminDuplicates")).toBe(true);
    for (const viewer of VIEWERS) {
      for (const locale of ["de", "cs"] as const) {
        const response = await get(viewer, path(locale));
        const where = `${viewer} GET ${locale}`;
        if (viewer === "admin") {
          expect(response.status, where).toBe(200);
          const body = await response.text();
          expect(body).toContain(html(LEFT));
          expect(body).toContain(translate(locale, "duplicates.reason.SAME_WEBSITE_DOMAIN"));
        } else {
          expect(response.status, where).toBe(302);
          const location = decodeURI(response.headers.get("location") ?? "");
          if (viewer === "anonymous") expect(location, where).toMatch(/^\/(de\/anmelden|cs\/prihlaseni)\?redirectTo=/);
          else expect(location, where).toMatch(/^\/(de|cs)$/);
          await response.body?.cancel();
        }
      }
    }
    const home = await (await get("admin", encodeURI(href("admin", "de")))).text();
    expect(home).toContain('data-testid="count-duplicates"');
    expect(home).toContain(`href="${path()}"`);
    const multi = await (await get("multiplikator", encodeURI(href("admin", "de")))).text();
    expect(multi).not.toContain("count-duplicates");
  }, 120_000);

  it("refuses every action to everyone but the admin, and nothing changes", async () => {
    for (const viewer of ["anonymous", "organisation", "multiplikator"] as const) {
      const attempts: Array<Array<[string, string]>> = [
        [["intent", "detect"]],
        [
          ["intent", "resolve"],
          ["decision", "DELETE_DUPLICATE"],
          ["pairs", mergePair],
        ],
        [
          ["intent", "resolve"],
          ["decision", "KEEP_BOTH"],
          ["pairs", pair],
        ],
      ];
      for (const fields of attempts) {
        const response = await post(viewer, fields);
        expect([302, 401, 403], `${viewer} ${fields[0]![1]}`).toContain(response.status);
        await response.body?.cancel();
      }
    }
    const body = await (await get("admin", path())).text();
    expect(body).toContain(html(LEFT));
    expect(body).toContain("Policy Zusammenführen B");
  }, 120_000);

  it("the admin resolves with the notices and errors of the page; bad input is refused", async () => {
    for (const fields of [
      [
        ["intent", "resolve"],
        ["decision", "MERGE_ALL"],
        ["pairs", pair],
      ],
      [
        ["intent", "resolve"],
        ["decision", "KEEP_BOTH"],
        ["pairs", "keine-id:x"],
      ],
      [["intent", "resolve"]],
      [["intent", "fly"]],
    ] as Array<Array<[string, string]>>) {
      const refused = await post("admin", fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      await refused.body?.cancel();
    }

    const kept = await post("admin", [
      ["intent", "resolve"],
      ["decision", "KEEP_BOTH"],
      ["pairs", pair],
    ]);
    expect(kept.status).toBe(200);
    expect(await kept.text()).toContain(text("duplicates.done.keptBoth"));
    const again = await post("admin", [
      ["intent", "resolve"],
      ["decision", "DELETE_DUPLICATE"],
      ["pairs", pair],
    ]);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(text("error.DUPLICATE_PAIR_GONE"));

    const merged = await post("admin", [
      ["intent", "resolve"],
      ["decision", "DELETE_DUPLICATE"],
      ["pairs", mergePair],
    ]);
    expect(merged.status).toBe(200);
    expect(await merged.text()).toContain(text("duplicates.done.merged"));
    const gone = await post("admin", [
      ["intent", "resolve"],
      ["decision", "KEEP_BOTH"],
      ["pairs", mergePair],
    ]);
    expect(gone.status).toBe(409);
    expect(await gone.text()).toContain(text("error.DUPLICATE_COMPANY_GONE"));

    const detect = await post("admin", [["intent", "detect"]]);
    expect(detect.status).toBe(200);
    expect(await detect.text()).toContain(text("duplicates.done.detection"));
    const body = await (await get("admin", path())).text();
    expect(body).not.toContain("Policy Zusammenführen B");
  }, 120_000);
});
