import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { loginWithCode } from "./support";

// The Czech demo user is a member of one demo company; only this spec uses that account.
test("account page: delete the own company profile with name confirmation (cs)", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginWithCode(page, "firma.cz@partnernet.example", "cs");
  await page.goto("/cs/muj-ucet");
  const row = page.getByTestId("my-company").first();
  await expect(row).toBeVisible();
  const name = (await row.getByRole("link").textContent())!.trim();
  expect((await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);

  await row.getByRole("button", { name: "Smazat firemní profil…" }).click();
  await page.getByLabel("Název firmy pro potvrzení").fill("Jiná firma");
  await page.getByTestId("confirm-delete-company").click();
  await expect(page.getByRole("dialog").getByTestId("form-error")).toContainText("neodpovídá");

  await page.getByLabel("Název firmy pro potvrzení").fill(name);
  await page.getByTestId("confirm-delete-company").click();
  await expect(page.getByTestId("company-deleted")).toBeVisible();
  await expect(page.getByTestId("my-company")).toHaveCount(0);
  await context.close();
});
