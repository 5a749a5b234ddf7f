import { expect, test } from "@playwright/test";
import { LOCALES, otherLocale } from "../../app/i18n/locales";
import { PAGES } from "../../app/routing/catalogue";
import { href } from "../../app/routing/paths";

const PUBLIC_PAGES = PAGES.filter((p) => p.access === "public" && !p.resource);

// The switch on every public page lands on the same page (id kept) in the other language.
for (const locale of LOCALES) {
  for (const def of PUBLIC_PAGES) {
    test(`language switch: ${def.id} (${locale})`, async ({ page }) => {
      await page.goto(encodeURI(href(def.id, locale, { id: "17", companyId: "17" })));
      await expect(page.locator("html")).toHaveAttribute("lang", locale === "de" ? "de-DE" : "cs-CZ");
      await page.getByTestId("language-switch").click();
      const target = otherLocale(locale);
      await expect(page).toHaveURL((url) => decodeURI(url.pathname) === href(def.id, target, { id: "17", companyId: "17" }));
      await expect(page.locator("html")).toHaveAttribute("lang", target === "de" ? "de-DE" : "cs-CZ");
    });
  }
}

test("the language choice is remembered for / in a cookie for 365 days", async ({ page, context }) => {
  await page.goto("/de/faq");
  await page.getByTestId("language-switch").click();
  await expect(page).toHaveURL(/\/cs\/faq$/);
  const cookie = (await context.cookies()).find((c) => c.name === "locale");
  expect(cookie?.value).toBe("cs");
  const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  await page.goto("/");
  await expect(page).toHaveURL(/\/cs$/);
});

test("/ follows Accept-Language without a cookie, German otherwise", async ({ browser }) => {
  const czech = await browser.newContext({ locale: "cs-CZ" });
  const page = await czech.newPage();
  await page.goto("/");
  await expect(page).toHaveURL(/\/cs$/);
  await czech.close();
  const english = await browser.newContext({ locale: "en-US" });
  const page2 = await english.newPage();
  await page2.goto("/");
  await expect(page2).toHaveURL(/\/de$/);
  await english.close();
});

test("the undiacritic Czech event path redirects to the canonical one", async ({ page }) => {
  await page.goto("/cs/udalosti/5");
  await expect(page).toHaveURL((url) => decodeURI(url.pathname) === "/cs/události/5");
});
