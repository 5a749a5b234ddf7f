import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import Papa from "papaparse";
import { extractText, getDocumentProxy } from "unpdf";
import { LOCALES } from "../../app/i18n/locales";
import type { MessageKey, MessageValues } from "../../app/i18n/translate";
import { expectAxeAtBothWidths, msg, newContext, pathOf, waitForHydration } from "./support";

/**
 * Issue 20, the admin reports (decision 036), in Chromium, in both languages: an admin opens the
 * audit trail from the admin home, filters it by action and period (today: the sign-ins of this
 * run), and downloads the selection as CSV; then opens the funder report, chooses a period around
 * the demo events, and downloads it as PDF (its text read back, Czech diacritics included) and CSV.
 * axe at 1280 and 390 px on both pages.
 */
const berlinToday = () => new Intl.DateTimeFormat("de-DE", { timeZone: "Europe/Berlin", day: "numeric", month: "numeric", year: "numeric" }).format(new Date());

async function download(page: Page, trigger: () => Promise<void>): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent("download"), trigger()]);
  return fs.readFileSync(await file.path());
}

const csvRows = (bytes: Buffer) => Papa.parse<string[]>(bytes.toString("utf8").replace(/^\uFEFF/, ""), { delimiter: ";", skipEmptyLines: true }).data;

for (const locale of LOCALES) {
  test(`admin reports: the audit trail filtered and downloaded, the funder report for a period as PDF and CSV (${locale})`, async ({ browser }) => {
    test.slow();
    const t = (key: MessageKey, values?: MessageValues) => msg(locale, key, values);
    const admin = await newContext(browser, { role: "Admin", viewport: { width: 1280, height: 900 } });
    const page = await admin.newPage();
    try {
      // The audit trail, reached from the admin home.
      await page.goto(pathOf("admin", locale));
      await page.getByRole("link", { name: t("page.adminAuditTrail.title"), exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: t("page.adminAuditTrail.title") })).toBeVisible();
      await page.getByTestId("audit-filter-action").selectOption("LOGIN");
      await page.getByTestId("audit-filter-from").fill(berlinToday());
      await page.getByTestId("audit-filter-to").fill(berlinToday());
      await page.getByTestId("audit-filter-submit").click();
      await expect(page).toHaveURL(/action=LOGIN/);
      const rows = page.getByTestId("audit-row");
      await expect(rows.first()).toBeVisible();
      // Retried until the filtered list has replaced the unfiltered one (a count read once raced it).
      await expect(page.locator('[data-testid=audit-row]:not([data-action="LOGIN"])')).toHaveCount(0);
      await expect(rows.first()).toContainText(t("auditTrail.action.LOGIN"));
      await expectAxeAtBothWidths(page, "audit trail");

      const csv = csvRows(await download(page, () => page.getByTestId("audit-csv").click()));
      expect(csv[0]).toEqual([t("auditTrail.col.time"), t("auditTrail.col.action"), t("auditTrail.col.person"), t("auditTrail.col.email"), t("auditTrail.col.company"), t("auditTrail.col.details")]);
      expect(csv.length).toBeGreaterThan(1);
      expect(new Set(csv.slice(1).map((r) => r[1]))).toEqual(new Set([t("auditTrail.action.LOGIN")]));

      // The funder report for the years around the demo events.
      await page.goto(pathOf("admin", locale));
      await page.getByRole("link", { name: t("page.adminFunderReport.title"), exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: t("page.adminFunderReport.title") })).toBeVisible();
      // The date fields are React's: a date typed before the page is hydrated would be reset.
      await waitForHydration(page);
      const year = new Date().getFullYear();
      await page.getByTestId("report-from").fill(`1.1.${year - 1}`);
      await page.getByTestId("report-to").fill(`31.12.${year + 1}`);
      await page.getByTestId("report-apply").click();
      await expect(page).toHaveURL(/from=/);
      const periodText = page.getByTestId("report-period-text");
      await expect(periodText).toContainText(String(year - 1));
      await expect(periodText).toContainText(String(year + 1));
      const overview = page.getByTestId("report-overview");
      await expect(overview.getByRole("rowheader", { name: t("funderReport.metric.crossBorder") })).toBeVisible();
      // The demo events have registrations: the region table names the companies' regions.
      const region = page.getByTestId("report-byRegion").getByTestId("report-row").first().locator("td").first();
      await expect(region).toBeVisible();
      const regionName = (await region.textContent())!.trim();
      await expectAxeAtBothWidths(page, "funder report");

      const pdf = await download(page, () => page.getByTestId("report-pdf").click());
      expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
      const plain = text.replace(/[\u00a0\u202f]/g, " ");
      for (const phrase of [t("page.adminFunderReport.title"), t("funderReport.byRegion"), t("funderReport.metric.crossBorder"), regionName]) expect(plain).toContain(phrase);
      if (locale === "cs") expect(plain).toContain("Zúčastněné firmy podle země");

      const report = csvRows(await download(page, () => page.getByTestId("report-csv").click()));
      expect(report[0]).toEqual([t("funderReport.csv.period"), t("funderReport.csv.table"), t("funderReport.csv.row"), t("funderReport.csv.column"), t("funderReport.csv.value")]);
      expect(report.some((r) => r[1] === t("funderReport.overview") && r[2] === t("funderReport.metric.events") && Number(r[4]) > 0)).toBe(true);
    } finally {
      await admin.close();
    }
  });
}
