import { expect, test } from "@playwright/test";
import sharp from "sharp";
import type { MessageKey } from "../../app/i18n/translate";
import { addNewTag, expectNoSeriousAxeViolations, msg, pickNace, storageStateFor } from "./support";

const PATHS = {
  de: { create: "/de/firmen/anlegen", detail: /^\/de\/firmen\/([0-9a-f-]{36})$/, edit: (id: string) => `/de/firmen/${id}/bearbeiten` },
  cs: { create: "/cs/firmy/vytvorit", detail: /^\/cs\/firmy\/([0-9a-f-]{36})$/, edit: (id: string) => `/cs/firmy/${id}/upravit` },
} as const;

// The Organisation demo user (firma.de) becomes a member of every profile it creates: fine here.
test.use({ storageState: storageStateFor("Organisation") });

for (const locale of ["de", "cs"] as const) {
  test(`create a company profile, then edit it (${locale})`, async ({ page }) => {
    const t = (key: MessageKey) => msg(locale, key);
    const suffix = `${locale}-${Date.now().toString(36)}`;
    const name = `E2E Metallbau ${suffix}`;

    await page.goto(PATHS[locale].create);
    await expect(page.getByRole("heading", { level: 1, name: t("page.companyCreate.title") })).toBeVisible();
    await expect(page.getByTestId("company-create-intro")).toHaveText(t("company.create.intro"));
    await expect(page.getByTestId("location-map")).toBeVisible();
    await expectNoSeriousAxeViolations(page, `create ${locale}`);

    await page.getByLabel(t("company.field.name")).fill(name);
    await page.getByLabel(t("company.field.website")).fill("www.e2e-metallbau.example");
    const logo = await sharp({ create: { width: 120, height: 60, channels: 3, background: "#1c7ed6" } }).png().toBuffer();
    await page.getByTestId("logo-input").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
    await expect(page.getByTestId("logo-preview")).toBeVisible();

    await pickNace(page, "25.11", /^25\.11 – /);
    await addNewTag(page, `Schweißen ${suffix}`, `Svařování ${suffix}`);
    await addNewTag(page, `Stahlbau ${suffix}`, `Ocelové konstrukce ${suffix}`);

    await page.getByLabel(t("company.field.descriptionDe")).fill("Stahl- und Metallbau aus Dresden.");
    await page.getByLabel(t("company.field.descriptionCs")).fill("Ocelové a kovové konstrukce z Drážďan.");
    await page.getByTestId("field-state").selectOption("Sachsen");
    await page.getByLabel(t("address.line1")).fill("Ostra-Allee 1");
    await page.getByLabel(t("address.postalCode")).fill("01067");
    await page.getByLabel(t("address.city")).fill("Dresden");
    // The postal code places the pin on the map.
    await expect(page.locator(".leaflet-marker-icon")).toBeVisible();
    await expect(page.getByTestId("map-status")).toHaveText(t("company.map.fromPostalCode"));

    // Two tags are not enough: the form says so and does not submit.
    await page.getByTestId("company-submit").click();
    await expect(page.getByText(t("error.TAGS_MIN"))).toBeVisible();
    await expect(page).toHaveURL(PATHS[locale].create);

    await addNewTag(page, `Blechbearbeitung ${suffix}`, `Zpracování plechu ${suffix}`);
    // The message goes as soon as the rule is met, not at the next submit (decision 014).
    await expect(page.getByText(t("error.TAGS_MIN"))).toHaveCount(0);
    await expect(page.getByTestId("form-error")).toHaveCount(0);
    await page.getByTestId("company-submit").click();
    await page.waitForURL((url) => PATHS[locale].detail.test(url.pathname) && url.searchParams.get("created") === "1");
    const id = PATHS[locale].detail.exec(new URL(page.url()).pathname)![1]!;

    await page.goto(PATHS[locale].edit(id));
    await expect(page.getByRole("heading", { level: 1, name: t("page.companyEdit.title") })).toBeVisible();
    await expect(page.getByLabel(t("company.field.name"))).toHaveValue(name);
    await expect(page.getByTestId("logo-preview")).toBeVisible();
    await expectNoSeriousAxeViolations(page, `edit ${locale}`);

    await page.getByLabel(t("company.field.name")).fill(`${name} GmbH`);
    await page.getByTestId("company-submit").click();
    await page.waitForURL((url) => url.pathname.endsWith(id) && url.searchParams.get("saved") === "1");
    await page.goto(PATHS[locale].edit(id));
    await expect(page.getByLabel(t("company.field.name"))).toHaveValue(`${name} GmbH`);
  });
}

test("the server rejects 2 tags with the translated error and keeps the input (no JavaScript)", async ({ page }) => {
  const form = new FormData();
  const fields: Array<[string, string]> = [
    ["name", "Ohne Skript GmbH"],
    ["website", "ohne-skript.example"],
    ["descriptionDe", "Beschreibung"],
    ["descriptionCs", "Popis"],
    ["nace", "25.11"],
    ["newTags", "Eins|Jedna"],
    ["newTags", "Zwei|Dvě"],
    ["country", "DE"],
    ["state", "Sachsen"],
    ["line1", "Ostra-Allee 1"],
    ["postalCode", "01067"],
    ["city", "Dresden"],
  ];
  for (const [key, value] of fields) form.append(key, value);
  const response = await page.request.post(PATHS.cs.create, { multipart: form, maxRedirects: 0 });
  expect(response.status()).toBe(400);
  const html = await response.text();
  expect(html).toContain(msg("cs", "error.TAGS_MIN"));
  expect(html).toContain("Ohne Skript GmbH");
});

test("editing a company that does not exist shows the not-found screen", async ({ page }) => {
  const response = await page.goto("/de/firmen/00000000-0000-4000-8000-000000000000/bearbeiten");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-screen")).toBeVisible();
});
