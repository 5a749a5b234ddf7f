import { expect, test } from "@playwright/test";
import { LOCALES } from "../../app/i18n/locales";
import type { MessageKey, MessageValues } from "../../app/i18n/translate";
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, msg, newContext, pathOf } from "./support";

/**
 * Offers meet requests (issue 25, decision 060): the demo company of the Organisation user has
 * an offer whose industry other demo companies (German and Czech) look for. The owner reads the
 * account's sentence ("… tschechische Firmen suchen, was Sie anbieten"), follows it to the ad's
 * list, and a visitor reaches the same list from the ad on the company page. Axe at 1280 and
 * 390 px on the new page.
 */
for (const locale of LOCALES) {
  test(`offers meet requests (${locale})`, async ({ browser }) => {
    const t = (key: MessageKey, values?: MessageValues) => msg(locale, key, values);
    const owner = await newContext(browser, { role: "Organisation" });
    const page = await owner.newPage();
    await page.goto(pathOf("account", locale));
    const card = page.getByTestId("account-ad-matches");
    await expect(card.getByRole("heading", { level: 2 })).toHaveText(t("adMatches.account.title"));
    const sentence = card.getByTestId("account-ad-match").first().getByRole("link");
    // "3 tschechische Firmen suchen, was Sie anbieten" / "3 české firmy hledají, co nabízíte" (or "… bieten an, was Sie suchen").
    await expect(sentence).toHaveText(new RegExp(`^\\d+ .*(${locale === "de" ? "was Sie anbieten|was Sie suchen" : "co nabízíte|co hledáte"})`));
    await sentence.click();
    await expect(page).toHaveURL(new RegExp(locale === "de" ? "/de/firmen/[0-9a-f-]{36}/anzeigen/[0-9a-f-]{36}/passende-partner$" : "/cs/firmy/[0-9a-f-]{36}/inzeraty/[0-9a-f-]{36}/vhodni-partneri$"));
    await expect(page.getByTestId("ad-matches-title")).toBeVisible();
    await expect(page.getByTestId("ad-matches-summary")).toContainText(locale === "de" ? "Sie" : /nabízíte|hledáte/);
    const matches = page.getByTestId("ad-match");
    expect(await matches.count()).toBeGreaterThan(0);
    // Other companies only, each linking to its ad on its company page; no contact data.
    await expect(matches.first().getByRole("link")).toHaveAttribute("href", /#service-[0-9a-f-]{36}$/);
    await expect(page.locator("a[href^='mailto:'], a[href^='tel:']")).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, `ad matches ${locale}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalOverflow(page, `ad matches ${locale} 390`);
    await expectNoSeriousAxeViolations(page, `ad matches ${locale} 390`);
    const listPath = new URL(page.url()).pathname;
    const companyPath = (await page.getByTestId("ad-matches-back").getAttribute("href"))!.split("#")[0]!;
    await owner.close();

    // A visitor: from the ad on the company page to the same list, worded for "this ad".
    const visitor = await newContext(browser);
    const anon = await visitor.newPage();
    await anon.goto(companyPath);
    await anon.locator(`a[data-testid='service-matches'][href='${listPath}']`).click();
    await expect(anon).toHaveURL(new RegExp(`${listPath}$`));
    await expect(anon.getByTestId("ad-matches-summary")).toContainText(locale === "de" ? "diese Anzeige" : "tento inzerát");
    await expect(anon.getByTestId("ad-match").first()).toBeVisible();
    await visitor.close();
  });
}
