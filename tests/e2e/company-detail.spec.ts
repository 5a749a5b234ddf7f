import { type Browser, expect, test } from "@playwright/test";
import { LOCALES } from "../../app/i18n/locales";
import type { MessageKey, MessageValues } from "../../app/i18n/translate";
import { href } from "../../app/routing/paths";
import { expectNoSeriousAxeViolations, fillCompanyForm, type Locale, msg as translate, newContext, PNG, pathOf } from "./support";

/** Creates a verified profile through the real create page, signed in as the demo admin. */
async function createCompanyAsAdmin(browser: Browser, locale: Locale, name: string): Promise<string> {
  const context = await newContext(browser, { role: "Admin" });
  const page = await context.newPage();
  const t = (key: MessageKey) => translate(locale, key);
  await page.goto(pathOf("companyCreate", locale));
  const suffix = name.replace(/\W+/g, "").slice(-6);
  await fillCompanyForm(page, {
    name,
    website: "www.example.com",
    nace: { query: "62.01", option: /62\.01/ },
    tags: [1, 2, 3].map((n) => [`Test ${suffix} ${n}`, `Zkouška ${suffix} ${n}`]),
    descriptionDe: "Wir entwickeln Software für Unternehmen im Grenzraum.",
    descriptionCs: "Vyvíjíme software pro firmy v příhraničí.",
    headquarters: { country: "DE", state: "Sachsen", line1: "Prager Straße 1", postalCode: "01069", city: "Dresden" },
  });
  await page.getByTestId("company-submit").click();
  await expect(page).toHaveURL(/\/(firmen|firmy)\/[0-9a-f-]{36}\?created=1$/, { timeout: 20_000 });
  await expect(page.getByTestId("company-notice")).toHaveText(t("companyDetail.createdPublished"));
  const path = new URL(page.url()).pathname;
  await context.close();
  return path;
}

for (const locale of LOCALES) {
  test.describe(`company page (${locale})`, () => {
    test.describe.configure({ mode: "serial" });
    const t = (key: MessageKey, values?: MessageValues) => translate(locale, key, values);
    const name = `E2E Detail ${locale.toUpperCase()} ${Date.now().toString(36)}`;
    const contactEmail = `vertrieb.${locale}.${Date.now().toString(36)}@example.com`;
    const offerTitle = locale === "de" ? "Softwareentwicklung nach Maß" : "Vývoj softwaru na míru";
    let path = "";

    test.beforeAll(async ({ browser }) => {
      path = await createCompanyAsAdmin(browser, locale, name);
    });

    test("anonymous visitors see the profile and map, but a sign-in prompt instead of contacts", async ({ browser }) => {
      const context = await newContext(browser);
      const page = await context.newPage();
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(new RegExp(`^${name}`));
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(page.getByTestId("company-logo")).toHaveAttribute("alt", name);
      await expect(page.getByTestId("company-status")).toHaveCount(0);
      const website = page.getByTestId("company-website");
      await expect(website).toHaveAttribute("href", "https://www.example.com");
      await expect(website).toHaveAttribute("target", "_blank");
      await expect(website).toHaveAttribute("rel", "noopener noreferrer");
      // The description in the page's language, the other one a tab away.
      await expect(page.getByTestId(`description-${locale}`)).toBeVisible();
      await page.getByRole("tab", { name: t(locale === "de" ? "companyDetail.lang.cs" : "companyDetail.lang.de") }).click();
      await expect(page.getByTestId(`description-${locale === "de" ? "cs" : "de"}`)).toBeVisible();
      await expect(page.getByTestId("company-nace")).toContainText("62.01");
      await expect(page.getByTestId("company-tags").getByRole("listitem")).toHaveCount(3);
      await expect(page.getByTestId("address")).toContainText("01069 Dresden");
      // Leaflet renders in the browser only, when the map comes near the viewport (decision 044), with a marker for the headquarters.
      await page.getByTestId("company-map").scrollIntoViewIfNeeded();
      await expect(page.getByTestId("company-map").locator(".leaflet-marker-icon")).toHaveCount(1);
      await expect(page.getByTestId("company-map")).toContainText(t("companyDetail.map.contributors"));

      const prompt = page.getByTestId("contacts-sign-in");
      await expect(prompt).toContainText(t("companyDetail.contactsSignIn"));
      await expect(prompt.getByRole("link", { name: t("companyDetail.signIn") })).toHaveAttribute(
        "href",
        `${href("login", locale)}?redirectTo=${encodeURIComponent(path)}`,
      );
      await expect(page.getByTestId("add-contact")).toHaveCount(0);
      await expect(page.getByTestId("edit-company")).toHaveCount(0);
      await page.getByTestId("report-error").click();
      await expect(page.getByTestId("challenge-sign-in")).toContainText(t("companyDetail.reportErrorSignIn"));
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("challenge-sign-in")).toBeHidden();
      await expectNoSeriousAxeViolations(page, `${locale} anonymous`);
      await context.close();

      // The high-contrast dark theme as well.
      const dark = await newContext(browser);
      await dark.addInitScript(() => window.localStorage.setItem("mantine-color-scheme-value", "dark"));
      const darkPage = await dark.newPage();
      await darkPage.goto(path);
      await expect(darkPage.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
      await darkPage.getByTestId("company-map").scrollIntoViewIfNeeded();
      await expect(darkPage.getByTestId("company-map").locator(".leaflet-marker-icon")).toHaveCount(1);
      await expectNoSeriousAxeViolations(darkPage, `${locale} anonymous, dark`);
      await dark.close();
    });

    test("the admin adds a contact (consent required) and a 30-day offer", async ({ browser }) => {
      const context = await newContext(browser, { role: "Admin" });
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.getByTestId("edit-company")).toHaveAttribute("href", href("companyEdit", locale, { id: path.split("/").pop()! }));
      await expect(page.getByTestId("moderation")).toBeVisible();

      await page.getByTestId("add-contact").click();
      const contactDialog = page.getByRole("dialog", { name: t("contact.add") });
      await contactDialog.locator('select[name="function"]').selectOption("SALES");
      await contactDialog.getByLabel(t("contact.name")).fill("Eva Nováková");
      await contactDialog.getByLabel(t("contact.email")).fill(contactEmail);
      await contactDialog.getByLabel(t("contact.phone")).fill("+49 351 1234567");
      await contactDialog.getByRole("button", { name: t("action.save") }).click();
      await expect(contactDialog.getByText(t("error.CONTACT_CONSENT_REQUIRED"))).toBeVisible();
      await contactDialog.getByLabel(t("contact.consent")).check();
      await contactDialog.getByRole("button", { name: t("action.save") }).click();
      await expect(contactDialog).toBeHidden();
      await expect(page.getByText(t("contact.created"))).toBeVisible();
      const contact = page.getByTestId("contact");
      await expect(contact).toContainText(t("contactFunction.SALES"));
      await expect(contact.getByRole("link", { name: contactEmail })).toHaveAttribute("href", `mailto:${contactEmail}`);
      await expect(contact.getByRole("link", { name: "+49 351 1234567" })).toHaveAttribute("href", "tel:+493511234567");

      await page.getByTestId("add-service-OFFER").click();
      const serviceDialog = page.getByRole("dialog", { name: t("service.createTitle") });
      await expect(serviceDialog.locator('select[name="type"]')).toHaveValue("OFFER");
      await expect(serviceDialog.locator('select[name="validityDays"]')).toHaveValue("30");
      await expect(serviceDialog.locator('select[name="validityDays"] option:checked')).toHaveText(t("service.validityDays", { days: 30 }));
      await serviceDialog.getByLabel(t("service.title")).fill(offerTitle);
      await serviceDialog.getByLabel(t("service.description")).fill("Individuelle Webanwendungen, zweisprachig.");
      await serviceDialog.getByLabel(t("service.keywords")).fill("Software, Web, Zweisprachig");
      await serviceDialog.getByLabel(t("service.termsUrl")).fill("not a url");
      await serviceDialog.getByRole("button", { name: t("service.submit") }).click();
      await expect(serviceDialog.getByText(t("error.URL_INVALID"))).toBeVisible();
      await serviceDialog.getByLabel(t("service.termsUrl")).fill("https://www.example.com/agb");
      await serviceDialog.locator('input[type="file"][name="image"]').setInputFiles({ name: "ad.png", mimeType: "image/png", buffer: PNG });
      await serviceDialog.getByRole("button", { name: t("service.submit") }).click();
      await expect(serviceDialog).toBeHidden();
      await expect(page.getByText(t("service.created"))).toBeVisible();

      const offer = page.getByTestId("services-OFFER").getByTestId("service");
      await expect(offer.getByRole("heading", { name: offerTitle })).toBeVisible();
      await expect(offer.getByRole("listitem")).toHaveText(["Software", "Web", "Zweisprachig"]);
      const until = new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "cs-CZ", { dateStyle: "medium", timeZone: "Europe/Berlin" }).format(new Date(Date.now() + 30 * 86_400_000));
      await expect(offer).toContainText(t("service.validUntil", { date: until }));
      await expect(offer.getByRole("link", { name: t("service.terms") })).toHaveAttribute("href", "https://www.example.com/agb");
      await expect(offer.locator("img")).toHaveAttribute("src", /^\/files\/services\//);
      await expect(offer.getByTestId("service-state")).toHaveCount(0);
      await expect(offer.getByTestId("prolong-service")).toHaveCount(0);
      await expect(page.getByTestId("services-INQUIRY")).toContainText(t("companyDetail.noInquiries"));

      await expectNoSeriousAxeViolations(page, `${locale} admin`);

      // A further location: on the map too; then deleted after a confirmation.
      await page.getByTestId("add-address").click();
      const addressDialog = page.getByRole("dialog", { name: t("address.add") });
      await expect(addressDialog.locator('select[name="kind"]')).toHaveValue("LOCATION");
      await addressDialog.locator('select[name="country"]').selectOption("CZ");
      await addressDialog.locator('select[name="state"]').selectOption("Ústecký kraj");
      await addressDialog.getByLabel(t("address.line1")).fill("Mírové náměstí 1");
      await addressDialog.getByLabel(t("address.postalCode")).fill("40001");
      await addressDialog.getByRole("button", { name: t("action.save") }).click();
      await expect(addressDialog.getByText(t("error.CITY_REQUIRED"))).toBeVisible();
      await addressDialog.getByLabel(t("address.city")).fill("Ústí nad Labem");
      await addressDialog.getByRole("button", { name: t("action.save") }).click();
      await expect(addressDialog).toBeHidden();
      await expect(page.getByText(t("address.created"))).toBeVisible();
      await expect(page.getByTestId("address")).toHaveCount(2);
      await expect(page.getByTestId("address").nth(1)).toContainText("400 01 Ústí nad Labem");
      await page.getByTestId("company-map").scrollIntoViewIfNeeded();
      await expect(page.getByTestId("company-map").locator(".leaflet-marker-icon")).toHaveCount(2);
      await page.getByTestId("address").nth(1).getByRole("button", { name: t("action.delete") }).click();
      const confirm = page.getByRole("dialog", { name: t("address.delete") });
      await expect(confirm).toContainText("Mírové náměstí 1, 400 01 Ústí nad Labem");
      await confirm.getByTestId("confirm-action").click();
      await expect(confirm).toBeHidden();
      await expect(page.getByText(t("address.deleted"))).toBeVisible();
      await expect(page.getByTestId("address")).toHaveCount(1);
      await context.close();
    });

    test("a signed-in organisation sees the contact and reports an error", async ({ browser }) => {
      const context = await newContext(browser, { role: "Organisation" });
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.getByTestId("contact").getByRole("link", { name: contactEmail })).toBeVisible();
      await expect(page.getByTestId("contacts-sign-in")).toHaveCount(0);
      await expect(page.getByTestId("services-OFFER").getByRole("heading", { name: offerTitle })).toBeVisible();
      await expect(page.getByTestId("add-contact")).toHaveCount(0);
      await expect(page.getByTestId("moderation")).toHaveCount(0);

      await page.getByTestId("report-error").click();
      const dialog = page.getByRole("dialog", { name: t("challenge.title") });
      await dialog.getByLabel(t("challenge.description")).fill(locale === "de" ? "Die Telefonnummer ist veraltet." : "Telefonní číslo je zastaralé.");
      await dialog.getByRole("button", { name: t("challenge.submit") }).click();
      await expect(dialog.getByText(t("error.CHALLENGE_REASON_REQUIRED"))).toBeVisible();
      await dialog.getByRole("checkbox", { name: t("challengeReason.contact") }).check();
      await dialog.getByRole("checkbox", { name: t("challengeReason.website") }).check();
      await dialog.getByRole("button", { name: t("challenge.submit") }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(t("challenge.sent"))).toBeVisible();
      await context.close();
    });

    test("an unknown or malformed id is a 404 error screen with a title", async ({ page }) => {
      for (const id of ["3", "00000000-0000-4000-8000-000000000000"]) {
        const response = await page.goto(encodeURI(href("companyDetail", locale, { id })));
        expect(response?.status()).toBe(404);
        await expect(page.getByTestId("error-status")).toHaveText("404");
        await expect(page).toHaveTitle(`${t("error.title")} – PartnerNet`);
      }
    });
  });
}
