import { expect, type Page, test } from "@playwright/test";

/**
 * Issue 13: the head React Router and the root layout write (canonical, hreflang, robots,
 * description, sharing image) stays one tag each after hydration and follows client-side
 * navigation, without hydration errors. The HTTP tests check the server-rendered head itself.
 */
const once = async (page: Page, selector: string) => expect(page.locator(`head ${selector}`)).toHaveCount(1);

test("the head follows client-side navigation, each tag once, without hydration errors", async ({ page, baseURL }) => {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("/cs");
  await page.waitForLoadState("networkidle");
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/cs`);
  await expect(page.locator('head script[type="application/ld+json"]')).toHaveCount(1);

  // A link in the page: React Router navigates without a document request.
  await page.getByTestId("home-events").getByRole("link", { name: "Všechny akce" }).click();
  await expect(page).toHaveURL(/\/cs\/udalosti\/seznam/);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/cs/udalosti/seznam`);
  await expect(page.locator('head link[rel="alternate"][hreflang="de"]')).toHaveAttribute("href", `${baseURL}/de/veranstaltungen/anzeigen`);
  for (const selector of ['link[rel="canonical"]', 'meta[name="description"]', 'meta[name="robots"]', 'meta[property="og:image"]', 'meta[property="og:url"]', 'meta[name="twitter:card"]', "title"]) {
    await once(page, selector);
  }
  await expect(page.locator('head link[rel="alternate"][hreflang]')).toHaveCount(3);
  await expect(page.locator('head script[type="application/ld+json"]')).toHaveCount(0);
  await expect(page.locator('head meta[name="description"]')).toHaveAttribute("content", /^Akce v česko-saském příhraničí/);
  expect(errors.filter((e) => /hydrat|did not match|#41[89]|#42[35]/i.test(e))).toEqual([]);
});

test("an error screen replacing a page is noindex and names no canonical", async ({ page }) => {
  await page.goto("/de/firmen/00000000-0000-4000-8000-000000000000");
  await expect(page.getByTestId("error-status")).toHaveText("404");
  await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.locator('head link[rel="canonical"]')).toHaveCount(0);
  await expect(page.locator('head link[rel="alternate"][hreflang]')).toHaveCount(0);
});
