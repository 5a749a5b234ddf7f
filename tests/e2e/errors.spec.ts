import { expect, test } from "@playwright/test";

test("unknown paths show the translated 404 page in both languages", async ({ page }) => {
  const de = await page.goto("/de/gibt-es-nicht");
  expect(de?.status()).toBe(404);
  await expect(page.getByTestId("error-message")).toHaveText("Seite nicht gefunden: /de/gibt-es-nicht");
  await expect(page.getByTestId("error-status")).toHaveText("404");

  const cs = await page.goto("/cs/neexistuje");
  expect(cs?.status()).toBe(404);
  await expect(page.getByTestId("error-message")).toHaveText("Stránka nenalezena: /cs/neexistuje");
  await expect(page.locator("html")).toHaveAttribute("lang", "cs-CZ");
});

test("unhandled errors show the error screen with status and a way home", async ({ page }) => {
  const response = await page.goto("/dev/error");
  expect(response?.status()).toBe(500);
  await expect(page.getByRole("heading", { name: "Fehler" })).toBeVisible();
  await expect(page.getByTestId("error-status")).toHaveText("500");
  await expect(page.getByTestId("error-message")).toContainText("Es ist ein Fehler aufgetreten");
  // The id of the failed request, as in its X-Request-Id and log line, kept after hydration (decision 049).
  await expect(page.getByTestId("error-request-id")).toHaveText(`Fehlerkennung für Rückfragen: ${response?.headers()["x-request-id"]}`);
  await page.getByRole("link", { name: "Zurück zur Startseite" }).click();
  await expect(page).toHaveURL(/\/de$/);
});

test("sitemap.xml lists the public pages of each language with alternates", async ({ request }) => {
  const res = await request.get("/cs/sitemap.xml");
  expect(res.headers()["content-type"]).toContain("application/xml");
  const xml = await res.text();
  expect(xml).toContain("/cs/o-nas</loc>");
  expect(xml).toMatch(/hreflang="de" href="http:\/\/localhost:\d+\/de\/ueber-uns"/);
  expect(xml).not.toContain("muj-ucet");
});

test("pages carry title, robots and social card meta", async ({ page }) => {
  await page.goto("/de/ueber-uns");
  await expect(page).toHaveTitle(/– PartnerNet$/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /og-image\.png$/);
});

test("a non-production banner says that no real data is processed", async ({ page }) => {
  await page.goto("/cs");
  await expect(page.getByTestId("env-banner")).toContainText("nezpracovávají se zde žádná skutečná data");
});
