import fs from "node:fs";
import { type Browser, expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { LOCALES } from "../../app/i18n/locales";
import type { MessageKey, MessageValues } from "../../app/i18n/translate";
import { expectAxeAtBothWidths, expectNoHorizontalOverflow, fillCompanyForm, type Locale, msg, newContext, pathOf } from "./support";

/**
 * Issue 20, the company database, in Chromium, in both languages: an admin creates a profile in
 * Pirna (class 25.62), finds it in the company database by region (Sächsische Schweiz-
 * Osterzgebirge) and by the NACE division 25 (a division selects its classes), downloads the
 * selection as XLSX and reads it back, deletes it with the bulk action after a confirmation that
 * states how many profiles are affected, and restores it the same way. axe at 1280 and 390 px.
 */
async function createCompanyAsAdmin(browser: Browser, locale: Locale, name: string): Promise<void> {
  const context = await newContext(browser, { role: "Admin" });
  const page = await context.newPage();
  const suffix = name.replace(/\W+/g, "").slice(-6);
  await page.goto(pathOf("companyCreate", locale));
  await fillCompanyForm(page, {
    name,
    website: `www.db-${suffix.toLowerCase()}.example`,
    nace: { query: "25.62", option: /^25\.62 – / },
    tags: [1, 2, 3].map((n) => [`Datenbank ${suffix} ${n}`, `Databáze ${suffix} ${n}`]),
    descriptionDe: "Lohnfertigung von Dreh- und Frästeilen in Pirna.",
    descriptionCs: "Zakázková výroba soustružených a frézovaných dílů v Pirně.",
    headquarters: { country: "DE", state: "Sachsen", line1: "Schloßstraße 3", postalCode: "01796", city: "Pirna" },
  });
  await page.getByTestId("company-submit").click();
  await expect(page).toHaveURL(/\/(firmen|firmy)\/[0-9a-f-]{36}\?created=1$/, { timeout: 20_000 });
  await context.close();
}

for (const locale of LOCALES) {
  test(`company database: filter by region and NACE, download XLSX, bulk delete and restore (${locale})`, async ({ browser }) => {
    test.slow();
    const t = (key: MessageKey, values?: MessageValues) => msg(locale, key, values);
    const name = `E2E Datenbank ${locale.toUpperCase()} ${Date.now().toString(36)}`;
    await createCompanyAsAdmin(browser, locale, name);

    const context = await newContext(browser, { role: "Admin", viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(pathOf("adminCompanies", locale));
      await expect(page.getByRole("heading", { level: 1, name: t("page.adminCompanies.title") })).toBeVisible();
      // Filter: the name, the region of the headquarters, and NACE division 25 (the profile has 25.62).
      await page.getByTestId("company-filter-q").fill(name);
      await page.getByTestId("company-filter-region").selectOption("DED2F");
      const nace = page.getByTestId("search-nace");
      await nace.click();
      await nace.fill("25");
      await page.getByRole("option", { name: /^25 – / }).first().click();
      await page.keyboard.press("Escape");
      await page.getByTestId("company-filter-submit").click();
      await expect(page).toHaveURL(/region=DED2F/);
      await expect(page).toHaveURL(/nace=25(&|$)/);
      await expect(page.getByTestId("company-count")).toHaveText(t("companyAdmin.count", { count: 1 }));
      const row = page.getByTestId("company-row").filter({ hasText: name });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(t("company.origin.MANUAL"));

      // The selection as XLSX, read back.
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("company-download-xlsx").click()]);
      expect(download.suggestedFilename()).toBe(`${t("companyAdmin.download.fileName")}.xlsx`);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(fs.readFileSync(await download.path()) as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.rowCount).toBe(2);
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      const cell = (key: MessageKey) => sheet.getRow(2).getCell(header.indexOf(t(key)) + 1).value;
      expect(cell("companyAdmin.download.col.name")).toBe(name);
      expect(cell("companyAdmin.download.col.nace")).toBe("25.62");
      expect(cell("companyAdmin.download.col.city")).toBe("Pirna");
      expect(cell("companyAdmin.download.col.programmeRegion")).toBe("DED2F");
      await expectAxeAtBothWidths(page, `company database ${locale}`);
      await page.setViewportSize({ width: 390, height: 844 });
      await expectNoHorizontalOverflow(page, `company database ${locale} 390`);
      await page.setViewportSize({ width: 1280, height: 900 });

      // Bulk delete: tick the row, choose delete, the dialog says how many.
      await row.getByTestId("company-select").check();
      await expect(page.getByTestId("company-selected-count")).toHaveText(t("companyAdmin.bulk.selected", { count: 1 }));
      await page.getByTestId("company-bulk-action").selectOption("delete");
      await page.getByTestId("company-bulk-open").click();
      await expect(page.getByTestId("company-bulk-text")).toHaveText(t("companyAdmin.bulk.confirm.delete", { count: 1 }));
      await expectAxeAtBothWidths(page, `bulk delete dialog ${locale}`);
      await page.getByTestId("company-bulk-confirm").click();
      await expect(page.getByTestId("company-bulk-result")).toContainText(t("companyAdmin.bulk.done.delete", { count: 1 }));
      await expect(page.getByTestId("company-row").filter({ hasText: name })).toHaveCount(0);

      // Under "deleted" it shows until when it can be restored; the bulk restore brings it back.
      await page.getByTestId("company-filter-state").selectOption("DELETED");
      await page.getByTestId("company-filter-submit").click();
      const deleted = page.getByTestId("company-row").filter({ hasText: name });
      await expect(deleted.getByTestId("company-deleted-info")).toBeVisible();
      await deleted.getByTestId("company-select").check();
      await page.getByTestId("company-bulk-action").selectOption("restore");
      await page.getByTestId("company-bulk-open").click();
      await expect(page.getByTestId("company-bulk-text")).toHaveText(t("companyAdmin.bulk.confirm.restore", { count: 1 }));
      await page.getByTestId("company-bulk-confirm").click();
      await expect(page.getByTestId("company-bulk-result")).toContainText(t("companyAdmin.bulk.done.restore", { count: 1 }));
      await expect(page.getByTestId("company-row").filter({ hasText: name })).toHaveCount(0);
      await page.getByTestId("company-filter-state").selectOption("VERIFIED");
      await page.getByTestId("company-filter-submit").click();
      await expect(page.getByTestId("company-row").filter({ hasText: name })).toHaveCount(1);
    } finally {
      await context.close();
    }
  });
}
