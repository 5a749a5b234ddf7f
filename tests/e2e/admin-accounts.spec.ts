import fs from "node:fs";
import ExcelJS from "exceljs";
import { expect, test } from "@playwright/test";
import type { MessageKey, MessageValues } from "../../app/i18n/translate";
import { expectAxeAtBothWidths, msg, newContext, pathOf, signUpAndSignIn, uniqueEmail } from "./support";

/**
 * The admin accounts page (decision 033) in German and Czech: the admin reads the work counts on
 * the admin home, finds a fresh account by search and filters, makes it an admin (its next page
 * load has the admin area), deactivates it (its next click signs it out), finds it among the
 * deactivated ones, activates it again, and downloads the selection as XLSX. The account is made
 * by this run's sign-up, so specs that share the demo accounts are not disturbed.
 */
for (const locale of ["de", "cs"] as const) {
  test(`admin finds, promotes, deactivates and reactivates an account, and downloads it (${locale})`, async ({ browser }) => {
    test.slow(); // a sign-up, two browsers and axe at two widths on two pages
    const t = (key: MessageKey, values?: MessageValues) => msg(locale, key, values);
    const email = uniqueEmail(`accounts.${locale}`);
    const name = locale === "de" ? "Dora Deaktiviert" : "Dana Deaktivovaná";
    const userContext = await newContext(browser);
    const user = await userContext.newPage();
    await signUpAndSignIn(user, locale, name, email);

    const adminContext = await newContext(browser, { role: "Admin" });
    const admin = await adminContext.newPage();
    await admin.goto(pathOf("admin", locale));
    const counts = admin.getByTestId("admin-home-counts");
    await expect(counts.getByTestId("count-company-approvals")).toHaveAttribute("href", pathOf("adminApprovals", locale));
    await expect(counts.getByTestId("count-challenges")).toHaveAttribute("href", pathOf("adminChallenges", locale));
    const challenges = Number(await counts.getByTestId("count-challenges").getAttribute("data-count"));
    await expect(counts.getByTestId("count-challenges")).toHaveText(t("adminHome.challenges", { count: challenges }));
    await expectAxeAtBothWidths(admin, `admin home ${locale}`);

    await admin.getByRole("link", { name: t("page.adminUsers.title"), exact: true }).click();
    await expect(admin.getByRole("heading", { level: 1, name: t("page.adminUsers.title") })).toBeVisible();
    await admin.getByTestId("account-filter-q").fill(email.toUpperCase());
    await admin.getByTestId("account-filter-role").selectOption("Organisation");
    await admin.getByTestId("account-filter-active").selectOption("ACTIVE");
    await admin.getByTestId("account-filter-company").selectOption("WITHOUT");
    await admin.getByTestId("account-filter-submit").click();
    const rows = admin.getByTestId("account-row");
    await expect(rows).toHaveCount(1);
    const row = rows.filter({ hasText: email });
    await expect(row).toContainText(name);
    await expect(admin.getByTestId("account-count")).toHaveText(t("accountAdmin.count", { count: 1 }));
    await expectAxeAtBothWidths(admin, `accounts ${locale}`);

    // Role change: the account has the admin area from its next page load on.
    await row.getByTestId("account-action-role").click();
    const dialog = admin.getByRole("dialog");
    await expect(dialog).toContainText(t("accountAdmin.roleText", { name, email }));
    await dialog.getByLabel(t("accountAdmin.roleField")).selectOption("Admin");
    await dialog.getByTestId("account-dialog-confirm").click();
    await expect(admin.getByTestId("account-done")).toHaveText(t("accountAdmin.done.role"));
    // The role filter still says Organisation: the promoted account has left the selection.
    await expect(rows).toHaveCount(0);
    await user.goto(pathOf("admin", locale));
    await expect(user.getByRole("heading", { level: 1, name: t("page.admin.title") })).toBeVisible();

    await admin.getByTestId("account-filter-role").selectOption("Admin");
    await admin.getByTestId("account-filter-submit").click();
    await expect(row.getByTestId("account-role")).toHaveText(t("role.Admin"));

    // Deactivation, confirmed in the dialog: the account's next click signs it out.
    await row.getByTestId("account-action-deactivate").click();
    await expect(dialog).toContainText(t("accountAdmin.deactivateText", { name, email }));
    await dialog.getByTestId("account-dialog-confirm").click();
    await expect(admin.getByTestId("account-done")).toHaveText(t("accountAdmin.done.deactivated"));
    await expect(rows).toHaveCount(0); // the "active" filter hides it now
    await user.getByRole("link", { name: t("page.adminUsers.title"), exact: true }).click();
    await expect(user).toHaveURL(/action=expired/);
    await expect(user.getByTestId("account-menu")).toHaveCount(0);

    await admin.getByTestId("account-filter-active").selectOption("INACTIVE");
    await admin.getByTestId("account-filter-submit").click();
    await expect(row.getByTestId("account-state")).toHaveText(t("accountAdmin.state.inactive"));
    await row.getByTestId("account-action-activate").click();
    await expect(dialog).toContainText(t("accountAdmin.activateText", { name, email }));
    await dialog.getByTestId("account-dialog-confirm").click();
    await expect(admin.getByTestId("account-done")).toHaveText(t("accountAdmin.done.activated"));

    // The selection (this account, any state) as XLSX.
    await admin.getByTestId("account-filter-active").selectOption("ALL");
    await admin.getByTestId("account-filter-submit").click();
    await expect(row.getByTestId("account-state")).toHaveText(t("accountAdmin.state.active"));
    const [download] = await Promise.all([admin.waitForEvent("download"), admin.getByTestId("account-download-xlsx").click()]);
    expect(download.suggestedFilename()).toBe(`${t("accountAdmin.fileName")}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(fs.readFileSync((await download.path())!) as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).getCell(2).value).toBe(t("accountAdmin.col.email"));
    expect(sheet.getRow(2).getCell(1).value).toBe(name);
    expect(sheet.getRow(2).getCell(2).value).toBe(email);
    expect(sheet.getRow(2).getCell(3).value).toBe(t("role.Admin"));
    expect(sheet.getRow(2).getCell(4).value).toBe(t("accountAdmin.yes"));

    await userContext.close();
    await adminContext.close();
  });
}
