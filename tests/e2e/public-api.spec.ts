import { expect, test } from "@playwright/test";
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, type Locale, msg, pathOf } from "./support";

/**
 * The public API's reference page (issue 25, decision 064): reached from the footer in both
 * languages, rendered from the OpenAPI document, axe-clean, no sideways scrolling at 390 px; the document it
 * links to is the API's and the example call answers. Read-only.
 */
for (const locale of ["de", "cs"] as Locale[]) {
  test(`API reference, ${locale}`, async ({ page, request }) => {
    await page.goto(pathOf("home", locale));
    await page.getByRole("navigation", { name: msg(locale, "footer.navigation") }).getByRole("link", { name: msg(locale, "footer.api") }).click();
    await expect(page).toHaveURL((url) => url.pathname === pathOf("apiReference", locale));
    await expect(page.getByRole("heading", { level: 1, name: msg(locale, "page.apiReference.title") })).toBeVisible();
    await expect(page.getByText(msg(locale, "apiReference.intro"))).toBeVisible();
    await expect(page.getByTestId("api-operation")).toHaveCount(9);
    const companies = page.locator("section#listCompanies");
    await expect(companies.getByRole("heading", { name: "/api/v1/companies" })).toBeVisible();
    await expect(companies.getByRole("table")).toContainText("nace");
    await expect(companies.getByRole("table")).toContainText(msg(locale, "apiReference.type"));
    // Light axe here (a11y.spec.ts runs every public page in both themes); the phone width must not scroll sideways.
    await expectNoSeriousAxeViolations(page, `API reference ${locale}`);
    await page.setViewportSize({ width: 390, height: 900 });
    await expectNoHorizontalOverflow(page, `API reference ${locale} @390`);

    const documentUrl = await page.getByTestId("api-openapi-link").getAttribute("href");
    const document = await request.get(new URL(documentUrl!).pathname);
    expect(document.status()).toBe(200);
    expect(((await document.json()) as { openapi: string }).openapi).toBe("3.1.0");
    const example = (await companies.locator("pre, code").last().textContent())!.match(/'([^']+)'/)![1]!;
    const answer = await request.get(new URL(example).pathname + new URL(example).search);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["access-control-allow-origin"]).toBe("*");
  });
}
