import { expect, test } from "@playwright/test";
import { newContext, pathOf } from "./support";

const OUT = "/tmp/uxwork/shots";
for (const locale of ["de", "cs"] as const) {
  for (const [vp, size] of [["desk", { width: 1280, height: 900 }], ["phone", { width: 390, height: 844 }]] as const) {
    test(`screens ${locale} ${vp}`, async ({ browser }) => {
      const context = await newContext(browser, { role: "Admin", viewport: size });
      const page = await context.newPage();
      await page.goto(pathOf("home", locale));
      await page.screenshot({ path: `${OUT}/${locale}-${vp}-home.png`, fullPage: true });
      await page.goto(`${pathOf("search", locale)}?q=usti&country=DE&country=CZ`);
      await expect(page.getByTestId("search-hits")).toBeVisible();
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${OUT}/${locale}-${vp}-search.png` });
      await page.getByTestId("search-hit-link").first().click();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${OUT}/${locale}-${vp}-company.png` });
      await page.goto(pathOf("adminChallenges", locale) + "?status=PENDING");
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${OUT}/${locale}-${vp}-challenges.png`, fullPage: true });
      await page.goto(pathOf("companyCreate", locale));
      await page.getByTestId("company-submit").click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${OUT}/${locale}-${vp}-create.png` });
      await context.close();
    });
  }
}
