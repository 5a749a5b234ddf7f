import { expect, test } from "@playwright/test";
import type { MessageKey, MessageValues } from "../../app/i18n/translate";
import { addNewTag, expectAxeAtBothWidths, msg, newContext, pathOf, PNG, pickNace, signUpAndSignIn, uniqueEmail } from "./support";

/**
 * Machine translation (decision 041) against the fake LibreTranslate server that playwright.config
 * starts beside the app (it "translates" by prefixing [cs] / [de]). An editor has a new tag and
 * the company description translated, changes the suggestion, and saves; nothing is stored
 * before saving. The admin opens the list of missing languages from the admin home.
 */
for (const locale of ["de", "cs"] as const) {
  test(`an editor translates a new tag and the company description, reviews and saves (${locale})`, async ({ browser }) => {
    test.slow(); // a profile to create, two translations, axe at two widths
    const t = (key: MessageKey, values?: MessageValues) => msg(locale, key, values);
    const suffix = `${locale}-${Date.now().toString(36)}`;
    // A fresh account with a fresh profile: no other spec's company changes, and the demo
    // Organisation's hourly limit of new profiles (which other specs use up) does not apply.
    const context = await newContext(browser);
    const page = await context.newPage();
    await signUpAndSignIn(page, locale, locale === "de" ? "Ute Übersetzerin" : "Tereza Překladatelka", uniqueEmail(`translation.${locale}`));
    await page.goto(pathOf("companyCreate", locale));
    // The map renders in the browser only: the page is hydrated.
    await expect(page.getByTestId("location-map")).toBeVisible();
    const form = page.getByTestId("company-form");
    await form.locator('input[name="name"]').fill(`E2E Übersetzung ${suffix}`);
    await form.locator('input[name="website"]').fill("uebersetzung.example");
    await page.getByTestId("logo-input").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
    await pickNace(page, "25.11", /^25\.11 – /);
    await addNewTag(page, `Fräsen ${suffix}`, `Frézování ${suffix}`);
    await addNewTag(page, `Drehen ${suffix}`, `Soustružení ${suffix}`);

    // The tag dialog: the Czech label from the German one, by machine.
    await page.getByTestId("new-tag-open").click();
    await expect(page.getByTestId("translate-new-tag-cs")).toBeEnabled();
    await page.getByTestId("new-tag-de").fill(`Schleifen ${suffix}`);
    await page.getByTestId("translate-new-tag-cs").click();
    await expect(page.getByTestId("new-tag-cs")).toHaveValue(`[cs] Schleifen ${suffix}`);
    await expect(page.getByTestId("translate-new-tag-cs-done")).toHaveText(t("translation.done"));
    await page.getByTestId("new-tag-cs").fill(`Broušení ${suffix}`);
    await page.getByTestId("new-tag-add").click();

    await form.locator('textarea[name="descriptionDe"]').fill("Lohnfertigung von Drehteilen.");
    await form.locator('textarea[name="descriptionCs"]').fill("Zakázková výroba soustružených dílů.");
    await page.getByTestId("field-state").selectOption("Sachsen");
    await form.locator('input[name="line1"]').fill("Ostra-Allee 1");
    await form.locator('input[name="postalCode"]').fill("01067");
    await form.locator('input[name="city"]').fill("Dresden");
    await page.getByTestId("company-submit").click();
    await page.waitForURL((url) => url.searchParams.get("created") === "1");
    const id = /([0-9a-f-]{36})$/.exec(new URL(page.url()).pathname)![1]!;

    // The edit page: a new German text, the Czech one asked from the machine.
    await page.goto(pathOf("companyEdit", locale, { id }));
    const button = page.getByTestId("translate-descriptionCs");
    // Enabled once the page is hydrated (the button needs JavaScript).
    await expect(button).toBeEnabled();
    const german = `Wir fertigen Präzisionsteile in Kleinserien ${suffix}.`;
    await form.locator('textarea[name="descriptionDe"]').fill(german);
    await form.locator('textarea[name="descriptionCs"]').fill("");
    await expect(button).toHaveText(t("translation.fromDe"));
    await expect(page.getByTestId("translate-descriptionDe")).toHaveText(t("translation.fromCs"));
    await button.click();
    const czech = form.locator('textarea[name="descriptionCs"]');
    await expect(czech).toHaveValue(`[cs] ${german}`);
    await expect(page.getByTestId("translate-descriptionCs-done")).toHaveText(t("translation.done"));
    await expectAxeAtBothWidths(page, `company edit with translation ${locale}`);

    // Nothing is stored yet: a reload shows the saved text.
    await page.reload();
    await expect(button).toBeEnabled();
    await expect(czech).toHaveValue("Zakázková výroba soustružených dílů.");
    await form.locator('textarea[name="descriptionDe"]').fill(german);
    await button.click();
    await expect(czech).toHaveValue(`[cs] ${german}`);
    // The user reviews the suggestion and changes it before saving.
    await czech.fill(`Vyrábíme přesné díly v malých sériích ${suffix}.`);
    await page.getByTestId("company-submit").click();
    await page.waitForURL((url) => url.pathname.endsWith(id) && url.searchParams.get("saved") === "1");
    await page.goto(pathOf("companyEdit", locale, { id }));
    await expect(czech).toHaveValue(`Vyrábíme přesné díly v malých sériích ${suffix}.`);
    await expect(form.locator('textarea[name="descriptionDe"]')).toHaveValue(german);
    await context.close();
  });

  test(`the admin list of missing languages (${locale})`, async ({ browser }) => {
    const t = (key: MessageKey, values?: MessageValues) => msg(locale, key, values);
    const context = await newContext(browser, { role: "Admin" });
    const page = await context.newPage();
    await page.goto(pathOf("admin", locale));
    await page.getByRole("link", { name: t("page.adminTranslations.title"), exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: t("page.adminTranslations.title") })).toBeVisible();
    await expect(page).toHaveURL(pathOf("adminTranslations", locale));
    // A service is configured here: the bulk action is offered (disabled when nothing has one language).
    await expect(page.getByRole("heading", { level: 2, name: t("page.adminTranslations.bulkTitle") })).toBeVisible();
    await expect(page.getByTestId("translations-translate-all")).toHaveText(t("page.adminTranslations.translateAll"));
    await expect(page.getByTestId("translations-no-service")).toHaveCount(0);
    await expect(page.getByTestId("translations-companies").or(page.getByTestId("translations-companies-empty"))).toBeVisible();
    await expect(page.getByTestId("translations-tags").or(page.getByTestId("translations-tags-empty"))).toBeVisible();
    await expectAxeAtBothWidths(page, `admin translations ${locale}`);
    await context.close();
  });

  test(`news: title and rich-text description translated into the form, nothing saved (${locale})`, async ({ browser }) => {
    const t = (key: MessageKey, values?: MessageValues) => msg(locale, key, values);
    const context = await newContext(browser, { role: "Admin" });
    const page = await context.newPage();
    await page.goto(pathOf("adminNewsCreate", locale));
    const form = page.getByTestId("news-form");
    await expect(form.getByTestId("translate-descriptionCs")).toBeEnabled();
    await form.locator('input[name="titleDe"]').fill("Neue Partnerschaft in Dresden");
    await page.getByRole("textbox", { name: t("newsForm.descriptionDe") }).fill("Zwei Firmen arbeiten zusammen.");
    await form.getByTestId("translate-titleCs").click();
    await expect(form.locator('input[name="titleCs"]')).toHaveValue("[cs] Neue Partnerschaft in Dresden");
    await form.getByTestId("translate-descriptionCs").click();
    // The editor starts anew with the suggestion (HTML, sanitised on the server), and posts it.
    await expect(page.getByRole("textbox", { name: t("newsForm.descriptionCs") })).toHaveText("[cs] Zwei Firmen arbeiten zusammen.");
    await expect(form.locator('input[type="hidden"][name="descriptionCs"]')).toHaveValue("<p>[cs] Zwei Firmen arbeiten zusammen.</p>");
    await context.close();
  });
}
