import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "~/i18n/translate";
import { isBuilt } from "~/routing/catalogue";
import { href } from "~/routing/paths";
import { signIn, sqlOnServer, startServer, type TestServer } from "../tests/support/server";

/**
 * The import list and its rejected-rows reports over HTTP (decision 039), on the demo data and the
 * production build: the page and both reports × anonymous, an Organisation user, a Multiplikator
 * and an admin, in both languages; deleting an import (admin only, refused while it runs). The
 * report is in the reader's language with the file's own headers and its original cells; the
 * list counts the logos an import named (decision 042).
 */
type Viewer = "anonymous" | "organisation" | "multiplikator" | "admin";
const VIEWERS: Viewer[] = ["anonymous", "organisation", "multiplikator", "admin"];
const EMAIL: Record<Exclude<Viewer, "anonymous">, string> = {
  organisation: "firma.de@partnernet.example",
  multiplikator: "multiplikator@partnernet.example",
  admin: "admin@partnernet.example",
};
const ENV = { RATE_LIMIT_PER_IP_PER_HOUR: "100000", LOGIN_CODE_RESEND_SECONDS: "0" };

let server: TestServer;
const cookies: Partial<Record<Viewer, string>> = {};
const ids = { ready: "", running: "" };

const headersOf = (viewer: Viewer): Record<string, string> => ({ Origin: server.url, ...(cookies[viewer] ? { Cookie: cookies[viewer]! } : {}) });
const get = (viewer: Viewer, path: string) => fetch(server.url + path, { headers: headersOf(viewer), redirect: "manual" });
function post(viewer: Viewer, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return fetch(server.url + encodeURI(href("adminImports", "de")), { method: "POST", headers: headersOf(viewer), body, redirect: "manual" });
}
const reportPath = (id: string, locale: "de" | "cs", format: "Csv" | "Xlsx") => encodeURI(href(`adminImportsReport${format}`, locale, { id }));

beforeAll(async () => {
  server = await startServer(ENV);
  // One statement: on PGlite each one restarts the server.
  const result = await sqlOnServer<{ id: string; status: string }>(
    server,
    ENV,
    `WITH i AS (INSERT INTO company_imports (file_key, file_name, file_size, format, language, country, headers, status, rows_done, rows_total, created_count, failed_count, created_by, finished_at)
                VALUES ('imports/policytestreadyfile0001.csv', 'firmen-policy.csv', 100, 'CSV', 'de', 'DE', '["Firmenname","E-Mail"]'::jsonb, 'READY', 2, 2, 1, 1,
                        (SELECT id FROM users WHERE email = 'admin@partnernet.example'), now()),
                       ('imports/policytestrunningfile01.csv', 'laeuft-policy.csv', 100, 'CSV', 'de', 'DE', '[]'::jsonb, 'PROCESSING', 0, NULL, 0, 0,
                        (SELECT id FROM users WHERE email = 'admin@partnernet.example'), NULL)
                RETURNING id, status),
          r AS (INSERT INTO company_import_rejections (import_id, row_number, problems, cells)
                SELECT id, 3, '[{"code":"EMAIL_INVALID","severity":"error","column":1,"field":"email"}]'::jsonb, '["=HYPERLINK(\\"x\\")","kein-at"]'::jsonb
                  FROM i WHERE status = 'READY' RETURNING import_id),
          l AS (INSERT INTO company_logo_fetches (company_id, import_id, url, state, error_code, logo_key)
                SELECT c.id, i.id, 'https://logos.example/' || c.n || '.png', (ARRAY['DONE', 'FAILED', 'QUEUED'])[c.n],
                       (ARRAY[NULL, 'LOGO_NOT_IMAGE', NULL])[c.n], (ARRAY['logos/policytestlogofile0001.webp', NULL, NULL])[c.n]
                  FROM i, (SELECT id, row_number() OVER (ORDER BY id)::int AS n FROM companies ORDER BY id LIMIT 3) AS c
                 WHERE i.status = 'READY' RETURNING company_id)
     SELECT i.id, i.status FROM i, (SELECT count(*) FROM r) AS rejected, (SELECT count(*) FROM l) AS logos`,
  );
  server = result.server;
  for (const row of result.rows) ids[row.status === "READY" ? "ready" : "running"] = row.id;
  for (const viewer of VIEWERS) if (viewer !== "anonymous") cookies[viewer] = await signIn(server, EMAIL[viewer]);
}, 240_000);

afterAll(async () => {
  await server?.close();
});

describe("the import list over HTTP (decision 039)", () => {
  it("the page and both reports are built and admin-only, in both languages", async () => {
    for (const id of ["adminImports", "adminImportsReportCsv", "adminImportsReportXlsx"]) expect(isBuilt(id), id).toBe(true);
    for (const viewer of VIEWERS) {
      for (const locale of ["de", "cs"] as const) {
        for (const path of [encodeURI(href("adminImports", locale)), reportPath(ids.ready, locale, "Csv"), reportPath(ids.ready, locale, "Xlsx")]) {
          const response = await get(viewer, path);
          const where = `${viewer} GET ${path}`;
          if (viewer === "admin") expect(response.status, where).toBe(200);
          else {
            expect(response.status, where).toBe(302);
            const location = decodeURI(response.headers.get("location") ?? "");
            expect(location, where).toMatch(viewer === "anonymous" ? /^\/(de\/anmelden|cs\/prihlaseni)\?redirectTo=/ : /^\/(de|cs)$/);
          }
          await response.body?.cancel();
        }
      }
    }
  }, 120_000);

  it("lists the imports with their translated state and counters, the report only where rows were refused", async () => {
    for (const locale of ["de", "cs"] as const) {
      const html = await (await get("admin", encodeURI(href("adminImports", locale)))).text();
      expect(html).toContain("firmen-policy.csv");
      expect(html).toContain("laeuft-policy.csv");
      expect(html).toContain(translate(locale, "import.status.READY"));
      expect(html).toContain(translate(locale, "import.status.PROCESSING"));
      expect(html).toContain(`href="${reportPath(ids.ready, locale, "Csv")}"`);
      expect(html).not.toContain(reportPath(ids.running, locale, "Csv"));
      expect(html).toContain('data-testid="import-progress-bar"');
      // Logos the import named (decision 042): fetched, failed, waiting.
      expect(html).toContain(translate(locale, "importLogo.counts", { fetched: 1, failed: 1, queued: 1 }));
    }
  }, 60_000);

  it("the report names each refused row's reason in the reader's language, under the file's headers, formula-safe", async () => {
    for (const locale of ["de", "cs"] as const) {
      const csv = await get("admin", reportPath(ids.ready, locale, "Csv"));
      expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      const lines = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n").filter(Boolean);
      expect(lines[0]).toBe(`"${translate(locale, "import.report.row")}";"${translate(locale, "import.report.reasons")}";"Firmenname";"E-Mail"`);
      expect(lines[1]).toBe(`"3";"E-Mail: ${translate(locale, "import.problem.EMAIL_INVALID")}";"'=HYPERLINK(""x"")";"kein-at"`);
    }
    const xlsx = await get("admin", reportPath(ids.ready, "cs", "Xlsx"));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(2).getCell(2).value).toBe(`E-Mail: ${translate("cs", "import.problem.EMAIL_INVALID")}`);
    // The cell that looks like a formula is text.
    expect(sheet.getRow(2).getCell(3).value).toBe('=HYPERLINK("x")');
  }, 60_000);

  it("deleting: refused to non-admins and while running; the admin deletes a finished import", async () => {
    for (const viewer of ["anonymous", "organisation", "multiplikator"] as const) {
      const response = await post(viewer, { intent: "delete", id: ids.ready });
      expect([302, 403], viewer).toContain(response.status);
      await response.body?.cancel();
    }
    const running = await post("admin", { intent: "delete", id: ids.running });
    expect(running.status).toBe(409);
    expect(await running.text()).toContain(translate("de", "error.IMPORT_RUNNING"));
    const list = async () => (await get("admin", encodeURI(href("adminImports", "de")))).text();
    expect(await list()).toContain("firmen-policy.csv");

    const done = await post("admin", { intent: "delete", id: ids.ready });
    expect(done.status).toBe(200);
    const after = await list();
    expect(after).not.toContain("firmen-policy.csv");
    expect(after).toContain("laeuft-policy.csv");
    const gone = await get("admin", reportPath(ids.ready, "de", "Csv"));
    expect(gone.status).toBe(404);
    await gone.body?.cancel();
  }, 60_000);
});
