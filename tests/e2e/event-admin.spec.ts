import { expect, type Page, test } from "@playwright/test";
import { LOCALES } from "../../app/i18n/locales";
import type { MessageKey, MessageValues } from "../../app/i18n/translate";
import { expectNoAxeViolations, expectNoHorizontalOverflow, msg, newContext, pathOf, PNG } from "./support";

/**
 * Issue 10, admin event management, in Chromium, in both languages: the demo Multiplikator
 * creates an event with an image (the form builder is another page: the new event has the empty
 * form version 1), sees "end before start" at the end date until it is fixed, saves, finds the
 * event in the admin list, deactivates and reactivates it; the demo admin deletes and restores it.
 * axe on the list and the create page at 1280 and 390 px.
 */
const PHONE = { width: 390, height: 844 };

async function fillEvent(page: Page, locale: "de" | "cs", title: string) {
  const t = (key: MessageKey, values?: MessageValues) => msg(locale, key, values);
  const form = page.getByTestId("event-form");
  // The demo Multiplikator belongs to two companies: choose the organiser.
  const organizer = form.locator('select[name="organizerCompanyId"]');
  if (await organizer.count()) await organizer.selectOption({ index: 1 });
  await form.locator('input[name="titleDe"]').fill(`${title} DE`);
  await form.locator('input[name="titleCs"]').fill(`${title} CS`);
  // The rich-text editors (after hydration).
  await page.getByRole("textbox", { name: t("eventForm.descriptionDe") }).fill("Programm und Anmeldung");
  await page.getByRole("textbox", { name: t("eventForm.descriptionCs") }).fill("Program a registrace");
  await form.locator('select[name="state"]').selectOption({ index: 1 });
  await form.locator('input[name="line1"]').fill("Langer Weg 4");
  await form.locator('input[name="postalCode"]').fill("01239");
  await form.locator('input[name="city"]').fill("Dresden");
  const date = locale === "de" ? "24.12.2030" : "24. 12. 2030";
  await form.locator('input[name="startDate"]').fill(date);
  await form.locator('input[name="startTime"]').fill("09:00");
  // End before start: the error shows at the end date and goes once fixed.
  await form.locator('input[name="endDate"]').fill(locale === "de" ? "23.12.2030" : "23. 12. 2030");
  await form.locator('input[name="endTime"]').fill("17:00");
  await form.locator('input[name="maxParticipants"]').fill("20");
  await form.locator('input[name="images"]').setInputFiles({ name: "plakat.png", mimeType: "image/png", buffer: PNG });
}

for (const locale of LOCALES) {
  test(`event management: create with image, end-before-start error, list, deactivate, delete and restore (${locale})`, async ({ browser }) => {
    test.slow();
    const t = (key: MessageKey, values?: MessageValues) => msg(locale, key, values);
    const title = `E2E Veranstaltung ${locale} ${Date.now().toString(36)}`;
    const multi = await newContext(browser, { role: "Multiplikator", viewport: { width: 1280, height: 900 } });
    const page = await multi.newPage();
    try {
      // The admin home links the event list.
      await page.goto(pathOf("admin", locale));
      await page.getByRole("link", { name: t("page.adminEvents.title") }).click();
      await expect(page.getByRole("heading", { level: 1, name: t("page.adminEvents.title") })).toBeVisible();
      await page.getByTestId("event-create-link").click();
      await expect(page.getByRole("heading", { level: 1, name: t("page.adminEventCreate.title") })).toBeVisible();
      await expect(page.getByRole("textbox", { name: t("eventForm.descriptionDe") })).toBeVisible();
      await expectNoAxeViolations(page, "event create 1280");

      await fillEvent(page, locale, title);
      await page.getByTestId("event-submit").click();
      const endDate = page.locator('input[name="endDate"]');
      await expect(endDate).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText(t("error.END_BEFORE_START"))).toBeVisible();
      await endDate.fill(locale === "de" ? "24.12.2030" : "24. 12. 2030");
      await expect(page.getByText(t("error.END_BEFORE_START"))).toHaveCount(0);
      await page.getByTestId("event-submit").click();

      // Saved: the edit page with the success notice, times read back in Berlin time.
      // Saving re-encodes the uploaded pictures (sharp): slower than a click on a busy machine.
      await expect(page.getByTestId("event-saved")).toHaveText(t("eventAdmin.created"), { timeout: 30_000 });
      await expect(page.locator('input[name="startTime"]')).toHaveValue("09:00");
      await expect(page.getByTestId("kept-images")).toContainText("plakat.png");

      // Editing: a second image is added and the title changed; the first image stays.
      await page.locator('input[name="titleDe"]').fill(`${title} DE neu`);
      await page.locator('input[name="images"]').setInputFiles({ name: "zweites.png", mimeType: "image/png", buffer: PNG });
      await page.getByTestId("event-submit").click();
      await expect(page.getByTestId("event-saved")).toHaveText(t("eventAdmin.saved"), { timeout: 30_000 });
      await expect(page.getByTestId("kept-images")).toContainText("zweites.png");
      await expect(page.getByTestId("kept-images")).toContainText("plakat.png");
      await expect(page.locator('input[name="titleDe"]')).toHaveValue(`${title} DE neu`);

      // In the list, deactivate and activate again.
      await page.goto(`${pathOf("adminEvents", locale)}?q=${encodeURIComponent(title)}`);
      const row = page.getByTestId("event-row").filter({ hasText: title });
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId("event-state")).toHaveText(t("eventAdmin.state.published"));
      await expect(row).toContainText(t("eventAdmin.registeredOf", { count: "0", max: "20" }));
      await expectNoAxeViolations(page, "event list 1280");
      await row.getByTestId("event-deactivate").click();
      await expect(page.getByTestId("event-action-done")).toHaveText(t("eventAdmin.done.deactivate"));
      await expect(row.getByTestId("event-state")).toHaveText(t("eventAdmin.state.inactive"));
      await row.getByTestId("event-activate").click();
      await expect(row.getByTestId("event-state")).toHaveText(t("eventAdmin.state.published"));

      // The phone width: still usable, the notice shown, axe clean.
      await page.setViewportSize(PHONE);
      await expect(page.getByTestId("admin-mobile-notice")).toBeVisible();
      await expectNoAxeViolations(page, "event list 390");
      await expectNoHorizontalOverflow(page, "event list 390");
      await page.goto(pathOf("adminEventCreate", locale));
      await expect(page.getByRole("textbox", { name: t("eventForm.descriptionDe") })).toBeVisible();
      await expectNoAxeViolations(page, "event create 390");
      await expectNoHorizontalOverflow(page, "event create 390");

      // An admin deletes (with confirmation) and restores it.
      const admin = await newContext(browser, { role: "Admin", viewport: { width: 1280, height: 900 } });
      const adminPage = await admin.newPage();
      await adminPage.goto(`${pathOf("adminEvents", locale)}?q=${encodeURIComponent(title)}&time=all`);
      const adminRow = adminPage.getByTestId("event-row").filter({ hasText: title });
      await adminRow.getByTestId("event-delete").click();
      const dialog = adminPage.getByRole("dialog", { name: t("eventAdmin.deleteTitle") });
      await expect(dialog).toBeVisible();
      await dialog.getByTestId("event-delete-confirm").click();
      await expect(adminPage.getByTestId("event-action-done")).toHaveText(t("eventAdmin.done.delete"));
      await expect(adminRow.getByTestId("event-state")).toHaveText(t("eventAdmin.state.deleted"));
      // The Multiplikator no longer sees it.
      await page.goto(`${pathOf("adminEvents", locale)}?q=${encodeURIComponent(title)}&time=all`);
      await expect(page.getByTestId("event-row").filter({ hasText: title })).toHaveCount(0);
      await adminRow.getByTestId("event-restore").click();
      await expect(adminPage.getByTestId("event-action-done")).toHaveText(t("eventAdmin.done.restore"));
      await expect(adminRow.getByTestId("event-state")).toHaveText(t("eventAdmin.state.published"));
      await admin.close();
    } finally {
      await multi.close();
    }
  });
}
