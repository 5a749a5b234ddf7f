import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { LOCALES } from "../../app/i18n/locales";
import type { MessageKey, MessageValues } from "../../app/i18n/translate";
import { DEMO_EVENTS, DEMO_PARTICIPANTS } from "../../app/server/demo/demo-events";
import { expectAxeAtBothWidths, loginWithCode, msg, newContext, pathOf } from "./support";

/**
 * Issue 19, invoices that outlive their owners, in Chromium, in both languages: the demo
 * organiser bills the registrant of that language with a number typed by hand (left empty first:
 * the field says a number is required) and sees why the VAT rate was proposed; the registrant
 * finds the invoice under their account and downloads it; an admin finds it in the invoice
 * archive by its number, downloads the PDF and cancels it with confirmation. axe at 1280 and 390 px.
 */
const EVENT = DEMO_EVENTS.find((e) => e.key === "unternehmertag")!;

async function pdfTextOf(page: Page, trigger: () => Promise<void>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent("download"), trigger()]);
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/[\u00a0\u202f]/g, " ");
}

for (const locale of LOCALES) {
  test(`invoice archive: issued by the organiser, found by the recipient under the account, downloaded and cancelled by an admin (${locale})`, async ({ browser }) => {
    test.slow();
    const t = (key: MessageKey, values?: MessageValues) => msg(locale, key, values);
    const participant = DEMO_PARTICIPANTS.find((p) => p.locale === locale)!;
    const number = `E2E-${locale}-${Date.now().toString(36)}`.toUpperCase();

    // The organiser bills the registration from the participant list.
    const organiser = await newContext(browser, { role: "Multiplikator", viewport: { width: 1280, height: 900 } });
    const page = await organiser.newPage();
    try {
      await page.goto(`${pathOf("adminEvents", locale)}?q=${encodeURIComponent(EVENT.titleDe.split(" ")[1]!)}`);
      const id = await page.getByTestId("event-row").filter({ hasText: locale === "cs" ? EVENT.titleCs : EVENT.titleDe }).first().getAttribute("data-event-id");
      await page.goto(pathOf("adminParticipants", locale, { id: id! }));
      await page.getByTestId("participant-row").filter({ hasText: participant.name }).getByTestId("participant-invoice").click();
      const form = page.getByTestId("invoice-form");
      await expect(form).toBeVisible();
      // The rate comes with its reason: the place of supply of admission is the venue.
      await expect(page.getByTestId("invoice-vat-reason")).toHaveAttribute("data-basis", "venue");
      await expect(page.getByTestId("invoice-vat-reason")).toContainText(t("invoiceForm.countryDE"));
      await form.locator('input[name="unitPrice"]').fill("49");
      await form.locator('select[name="currency"]').selectOption("EUR");
      // A number to be typed by hand, left empty: the field says so and takes the focus.
      await page.getByTestId("invoice-number-manual").check();
      await page.getByTestId("invoice-submit").click();
      const numberField = form.locator('input[name="number"]');
      await expect(numberField).toBeFocused();
      await expect(page.getByText(t("error.INVOICE_NUMBER_REQUIRED"))).toBeVisible();
      await numberField.fill(number);
      await expect(page.getByText(t("error.INVOICE_NUMBER_REQUIRED"))).toHaveCount(0);
      await page.getByTestId("invoice-submit").click();
      await page.getByTestId("invoice-issue-confirm").click();
      await expect(page.getByTestId("invoice-issued")).toHaveText(t("invoices.issued", { number }));
    } finally {
      await organiser.close();
    }

    // The registrant, a member of the recipient company, finds it under the account.
    const recipient = await newContext(browser, { viewport: { width: 1280, height: 900 } });
    const own = await recipient.newPage();
    try {
      await loginWithCode(own, participant.email, locale);
      await own.goto(pathOf("account", locale));
      await own.getByTestId("account-invoices-link").click();
      await expect(own.getByRole("heading", { level: 1, name: t("page.accountInvoices.title") })).toBeVisible();
      const row = own.locator(`[data-testid=invoice-row][data-invoice-number="${number}"]`);
      await expect(row).toBeVisible();
      const text = await pdfTextOf(own, () => row.getByTestId("invoice-download").click());
      expect(text).toContain(number);
      expect(text).toContain(participant.name);
      expect(text).toContain(participant.locale === "cs" ? "Datum splatnosti:" : "Fällig am");
      await expectAxeAtBothWidths(own, "account invoices");
    } finally {
      await recipient.close();
    }

    // An admin finds it in the archive, downloads it and cancels it.
    const admin = await newContext(browser, { role: "Admin", viewport: { width: 1280, height: 900 } });
    const archive = await admin.newPage();
    try {
      await archive.goto(pathOf("admin", locale));
      await archive.getByRole("link", { name: t("page.adminArchiveInvoices.title") }).click();
      await expect(archive.getByRole("heading", { level: 1, name: t("page.adminArchiveInvoices.title") })).toBeVisible();
      await archive.getByLabel(t("invoiceArchive.search")).fill(number);
      await archive.getByRole("button", { name: t("invoiceArchive.searchSubmit") }).click();
      await expect(archive).toHaveURL(/\?q=/);
      const row = archive.locator(`[data-testid=invoice-row][data-invoice-number="${number}"]`);
      await expect(row).toHaveCount(1);
      await expect(archive.getByTestId("invoice-row")).toHaveCount(1);
      const text = await pdfTextOf(archive, () => row.getByTestId("invoice-download").click());
      expect(text).toContain(number);
      await row.getByTestId("invoice-cancel").click();
      await expect(archive.getByRole("dialog", { name: t("invoices.cancelTitle") })).toBeVisible();
      await expectAxeAtBothWidths(archive, "archive with the cancel dialog");
      await archive.getByTestId("invoice-cancel-confirm").click();
      await expect(archive.getByTestId("invoice-cancelled")).toBeVisible();
      const cancelledBy = t("invoices.state.cancelledBy", { number: "NUMBER" }).replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace("NUMBER", "\\d{4}-\\d{4}");
      await expect(row.getByTestId("invoice-state")).toHaveText(new RegExp(`^${cancelledBy}$`));
      await expect(row.getByTestId("invoice-cancel")).toHaveCount(0);
      await expectAxeAtBothWidths(archive, "archive");
    } finally {
      await admin.close();
    }
  });
}
