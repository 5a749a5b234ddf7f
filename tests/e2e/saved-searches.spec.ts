import { expect, test } from "@playwright/test";
import { LOCALES } from "../../app/i18n/locales";
import type { MessageKey, MessageValues } from "../../app/i18n/translate";
import { expectAxeAtBothWidths, msg, newContext, pathOf, waitForHydration } from "./support";

/**
 * Issue 25, saved searches (decision 061), in both languages: a signed-in user saves the search
 * on the search page (name, weekly), finds it on the manage page under the account (axe at 1280
 * and 390 px, nothing wider than the phone), pauses it and deletes it after confirming.
 */
for (const locale of LOCALES) {
  test(`saved searches: save from the search page, manage under the account (${locale})`, async ({ browser }) => {
    const t = (key: MessageKey, values?: MessageValues) => msg(locale, key, values);
    const name = `E2E ${locale} ${Date.now().toString(36)}`;
    // Two demo accounts, so the languages can run side by side without sharing a list.
    const context = await newContext(browser, { role: locale === "de" ? "Organisation" : "Multiplikator", viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(`${pathOf("search", locale)}?q=Metall&type=COMPANY`);
      await waitForHydration(page);
      await page.getByTestId("save-search-open").click();
      await page.getByTestId("save-search-name").fill(name);
      await page.getByLabel(t("savedSearch.frequency.WEEKLY")).check();
      await page.getByTestId("save-search-submit").click();
      await expect(page.getByTestId("save-search-done")).toContainText(t("savedSearch.save.done"));

      await page.getByTestId("save-search-manage").click();
      await expect(page).toHaveURL(new RegExp(`${pathOf("savedSearches", locale)}$`));
      const card = page.getByTestId("saved-search").filter({ hasText: name });
      await expect(card).toBeVisible();
      await expect(card.getByTestId("saved-search-frequency")).toHaveValue("WEEKLY");
      await expect(card.getByTestId("saved-search-open")).toHaveAttribute("href", `${pathOf("search", locale)}?q=Metall&type=COMPANY&country=DE&country=CZ`);
      await expectAxeAtBothWidths(page, `saved searches (${locale})`);

      await card.getByTestId("saved-search-pause").click();
      await expect(card.getByTestId("saved-search-state")).toHaveText(t("savedSearches.paused"));
      await card.getByTestId("saved-search-delete").click();
      await page.getByTestId("saved-search-delete-confirm").click();
      await expect(page.getByTestId("saved-searches-ok")).toHaveText(t("savedSearches.deleted"));
      await expect(page.getByTestId("saved-search").filter({ hasText: name })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
}
