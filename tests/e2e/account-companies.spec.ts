import { expect, test } from "@playwright/test";
import { expectAxeAtBothWidths, loginWithCode, msg, newContext, pathOf } from "./support";

// The Czech demo user is a member of demo company 2, which organises the upcoming "Den odborníků
// Horní Lužice"; only this spec uses that account and event. The journey ends with the profile
// restored, so the demo data are as before.
test("company deletion: the member sees the impact and deletes (cs); profile and event are 404; an admin restores both from the company database (de)", async ({ browser }) => {
  // Two pages checked with axe at both widths and in both themes, and two sign-ins.
  test.setTimeout(300_000);
  const memberContext = await browser.newContext();
  const page = await memberContext.newPage();
  await loginWithCode(page, "firma.cz@partnernet.example", "cs");

  // The event's page, to check it disappears with its organiser.
  await page.goto(pathOf("eventList", "cs"));
  await page.getByRole("link", { name: "Den odborníků Horní Lužice" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Den odborníků Horní Lužice");
  const eventPath = new URL(page.url()).pathname;

  await page.goto(pathOf("account", "cs"));
  const row = page.getByTestId("my-company").first();
  await expect(row).toBeVisible();
  const name = (await row.getByRole("link").textContent())!.trim();
  const companyPath = (await row.getByRole("link").getAttribute("href"))!;

  await row.getByRole("button", { name: msg("cs", "account.companies.delete") }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("impact-upcoming")).toHaveText(msg("cs", "account.companies.impact.upcomingEvents", { count: 1 }));
  await expect(dialog.getByTestId("impact-news")).toHaveText(msg("cs", "account.companies.impact.news", { count: 0 }));
  await expect(dialog).toContainText(msg("cs", "account.companies.impact.restore", { days: 30 }));
  await expectAxeAtBothWidths(page, "delete dialog (cs)");

  await dialog.getByLabel(msg("cs", "account.companies.deleteConfirmLabel")).fill("Jiná firma");
  await page.getByTestId("confirm-delete-company").click();
  await expect(page.getByRole("dialog").getByTestId("form-error")).toContainText("neodpovídá");
  await page.getByRole("dialog").getByLabel(msg("cs", "account.companies.deleteConfirmLabel")).fill(name);
  await page.getByTestId("confirm-delete-company").click();
  await expect(page.getByTestId("company-deleted")).toBeVisible();
  await expect(page.getByTestId("my-company")).toHaveCount(0);
  expect((await page.goto(companyPath))?.status()).toBe(404);
  expect((await page.goto(eventPath))?.status()).toBe(404);

  // The admin finds it under "deleted" with its restore period, and restores it after confirming.
  const adminContext = await newContext(browser, { role: "Admin" });
  const admin = await adminContext.newPage();
  await admin.goto(pathOf("adminCompanies", "de"));
  await admin.getByTestId("company-filter-q").fill(name);
  await admin.getByTestId("company-filter-state").selectOption("DELETED");
  await admin.getByTestId("company-filter-submit").click();
  const deletedRow = admin.getByTestId("company-row").filter({ hasText: name });
  await expect(deletedRow).toHaveCount(1);
  await expect(deletedRow.getByTestId("company-deleted-info")).toContainText("wiederherstellbar bis");
  await expectAxeAtBothWidths(admin, "company database, deleted (de)");
  await deletedRow.getByTestId("company-restore").click();
  await expect(admin.getByRole("dialog")).toContainText(name);
  await admin.getByTestId("company-restore-confirm").click();
  await expect(admin.getByTestId("company-restored")).toBeVisible();
  await expect(admin.getByTestId("company-row").filter({ hasText: name })).toHaveCount(0);

  // Back for everyone, the event with it.
  expect((await page.goto(companyPath))?.status()).toBe(200);
  expect((await page.goto(eventPath))?.status()).toBe(200);
  await page.goto(pathOf("account", "cs"));
  await expect(page.getByTestId("my-company")).toHaveCount(1);
  await adminContext.close();
  await memberContext.close();
});
