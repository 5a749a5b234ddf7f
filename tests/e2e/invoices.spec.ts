import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { LOCALES, type Locale } from "../../app/i18n/locales";
import type { MessageKey, MessageValues } from "../../app/i18n/translate";
import { DEMO_EVENTS, DEMO_PARTICIPANTS } from "../../app/server/demo/demo-events";
import { expectNoAxeViolations, expectNoHorizontalOverflow, msg, newContext, pathOf, PNG } from "./support";

/**
 * Issue 11, invoices, in Chromium, in both languages: the demo organiser opens the invoices of the
 * demo "Unternehmertag" (it has registrations), then bills a registration from the participant list
 * (German participant in the German run, Czech one in the Czech run: the invoice comes in the
 * registrant's language), types
 * the price, sees the price error until it is fixed and the live total, confirms, downloads the
 * PDF (parsed: number and total), cancels the invoice with confirmation and finds the
 * cancellation in the list. axe on both pages at 1280 and 390 px. Other roles are refused.
 */
const PHONE = { width: 390, height: 844 };
const EVENT = DEMO_EVENTS.find((e) => e.key === "unternehmertag")!;

/** The demo event's id, read from the admin event list (the invoices hang off the participant list). */
async function eventId(page: Page, locale: Locale): Promise<string> {
  await page.goto(`${pathOf("adminEvents", locale)}?q=${encodeURIComponent(EVENT.titleDe.split(" ")[1]!)}`);
  const row = page.getByTestId("event-row").filter({ hasText: locale === "cs" ? EVENT.titleCs : EVENT.titleDe }).first();
  const id = await row.getAttribute("data-event-id");
  expect(id).toBeTruthy();
  return id!;
}

async function pdfTextOf(page: Page, trigger: () => Promise<void>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent("download"), trigger()]);
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/[\u00a0\u202f]/g, " ");
}

for (const locale of LOCALES) {
  test(`invoices: issue for a registration, download the PDF, cancel with confirmation (${locale})`, async ({ browser }) => {
    test.slow();
    const t = (key: MessageKey, values?: MessageValues) => msg(locale, key, values);
    const participant = DEMO_PARTICIPANTS.find((p) => p.locale === locale)!;
    const context = await newContext(browser, { role: "Multiplikator", viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      const id = await eventId(page, locale);
      await page.goto(pathOf("adminInvoices", locale, { id }));
      await expect(page.getByRole("heading", { level: 1, name: t("page.adminInvoices.title") })).toBeVisible();
      await expectNoAxeViolations(page, "invoices 1280");

      // The page offers the choice of what to bill; the participant list links each registration.
      await page.getByTestId("invoice-create-link").click();
      await expect(page.getByRole("heading", { level: 1, name: t("page.adminInvoiceCreate.title") })).toBeVisible();
      await expect(page.getByTestId("invoice-choose-registration").locator("option", { hasText: participant.name })).toHaveCount(1);
      await page.goto(pathOf("adminParticipants", locale, { id }));
      await page.getByTestId("participant-row").filter({ hasText: participant.name }).getByTestId("participant-invoice").click();
      await expect(page.getByRole("heading", { level: 1, name: t("page.adminInvoiceCreate.title") })).toBeVisible();

      // Prefilled: the registrant as person, the document in their language, one participant, 14 days.
      const form = page.getByTestId("invoice-form");
      await expect(form.locator('input[name="recipientPerson"]')).toHaveValue(participant.name);
      await expect(form.locator('select[name="locale"]')).toHaveValue(participant.locale);
      await expect(form.locator('input[name="participantCount"]')).toHaveValue("1");
      await expect(form.locator('input[name="paymentTermsDays"]')).toHaveValue("14");
      await expectNoAxeViolations(page, "invoice create 1280");

      // The demo event has no fee: the price is required, its error goes once fixed; the total follows.
      await form.locator('input[name="unitPrice"]').fill("");
      await page.getByTestId("invoice-submit").click();
      const price = form.locator('input[name="unitPrice"]');
      await expect(price).toHaveAttribute("aria-invalid", "true");
      await expect(price).toBeFocused();
      await expect(page.getByText(t("error.PRICE_INVALID"))).toBeVisible();
      await price.fill(locale === "de" ? "1.234,56" : "1 234,56");
      await expect(page.getByText(t("error.PRICE_INVALID"))).toHaveCount(0);
      await form.locator('select[name="currency"]').selectOption("EUR");
      await form.locator('input[name="vatRate"]').fill("19");
      // 1 234,56 + 19 % (234,5664 → 234,57) = 1 469,13
      const total = locale === "de" ? "1.469,13 €" : "1 469,13 €";
      await expect(page.getByTestId("invoice-total-value")).toHaveText(new RegExp(total.replace(/ /g, "\\s").replace(/\./g, "\\.")));
      await form.locator('input[name="recipientVatId"]').fill("CZ12345678");
      await page.getByTestId("invoice-submit").click();
      await expect(page.getByText(t("error.VAT_ID_INVALID"))).toBeVisible();
      await form.locator('input[name="recipientVatId"]').fill("CZ00177041");
      await expect(page.getByText(t("error.VAT_ID_INVALID"))).toHaveCount(0);

      await page.getByTestId("invoice-logo-input").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });

      // Issuing asks first: an issued invoice cannot be changed.
      await page.getByTestId("invoice-submit").click();
      await expect(page.getByRole("dialog", { name: t("invoiceForm.confirmTitle") })).toBeVisible();
      await page.getByTestId("invoice-issue-confirm").click();
      const notice = page.getByTestId("invoice-issued");
      await expect(notice).toBeVisible();
      // The other language's run may issue at the same time: the number is the one this issue reported.
      const number = new URL(page.url()).searchParams.get("issued")!;
      expect(number).toMatch(/^\d{4}-\d{4}$/);
      await expect(notice).toHaveText(t("invoices.issued", { number }));
      const row = page.locator(`[data-testid=invoice-row][data-invoice-number="${number}"]`);
      await expect(row.getByTestId("invoice-state")).toHaveText(t("invoices.state.open"));

      // The PDF, in the registrant's language.
      const text = await pdfTextOf(page, () => row.getByTestId("invoice-download").click());
      expect(text).toContain(number);
      expect(text).toContain(participant.name);
      expect(text).toContain(participant.locale === "cs" ? "1 469,13 €" : "1.469,13 €");
      expect(text).toContain(participant.locale === "cs" ? "Faktura – daňový doklad" : "Rechnung");

      // Cancel with confirmation: a cancellation with its own number; the invoice says so.
      await row.getByTestId("invoice-cancel").click();
      await expect(page.getByRole("dialog", { name: t("invoices.cancelTitle") })).toBeVisible();
      await page.getByTestId("invoice-cancel-confirm").click();
      await expect(page.getByTestId("invoice-cancelled")).toBeVisible();
      const cancellation = page.locator(`[data-testid=invoice-row][data-kind=CANCELLATION]`).filter({ hasText: t("invoices.state.cancels", { number }) });
      await expect(cancellation).toHaveCount(1);
      const cancellationNumber = (await cancellation.getAttribute("data-invoice-number"))!;
      await expect(page.getByTestId("invoice-cancelled")).toHaveText(t("invoices.cancelled", { number: cancellationNumber }));
      await expect(row.getByTestId("invoice-state")).toHaveText(t("invoices.state.cancelledBy", { number: cancellationNumber }));
      await expect(row.getByTestId("invoice-cancel")).toHaveCount(0);
      const storno = await pdfTextOf(page, () => cancellation.getByTestId("invoice-download").click());
      expect(storno).toContain(participant.locale === "cs" ? `Opravný daňový doklad k faktuře č. ${number}` : `Stornorechnung zu Rechnung Nr. ${number}`);
      expect(storno).toContain(participant.locale === "cs" ? "-1 469,13 €" : "-1.469,13 €");
      await expectNoAxeViolations(page, "invoices with rows 1280");
      // Back to the participant list, which links the invoices again.
      await page.getByTestId("invoices-back").click();
      await page.getByTestId("participants-invoices-link").click();
      await expect(page.getByRole("heading", { level: 1, name: t("page.adminInvoices.title") })).toBeVisible();

      // Phone width: both pages, no sideways scrolling.
      await page.setViewportSize(PHONE);
      await expectNoAxeViolations(page, "invoices 390");
      await expectNoHorizontalOverflow(page, "invoices 390");
      await page.goto(`${pathOf("adminInvoiceCreate", locale, { id })}?company=${await companyOf(page, locale, id, participant.name)}`);
      await expect(page.getByTestId("invoice-form")).toBeVisible();
      await expectNoAxeViolations(page, "invoice create 390");
      await expectNoHorizontalOverflow(page, "invoice create 390");
    } finally {
      await context.close();
    }
  });
}

/** The company id behind a participant's name, read from the choice on the create page. */
async function companyOf(page: Page, locale: Locale, id: string, person: string): Promise<string> {
  await page.goto(pathOf("adminInvoiceCreate", locale, { id }));
  const regLabel = await page.getByTestId("invoice-choose-registration").locator("option", { hasText: person }).textContent();
  const company = /\((.*)\)$/.exec(regLabel ?? "")?.[1] ?? "";
  const option = page.getByTestId("invoice-choose-company").locator("option", { hasText: company });
  return (await option.getAttribute("value"))!;
}

test("invoices: an admin may open the pages; an Organisation user and anonymous visitors may not", async ({ browser }) => {
  const admin = await newContext(browser, { role: "Admin" });
  const adminPage = await admin.newPage();
  const id = await eventId(adminPage, "de");
  await adminPage.goto(pathOf("adminInvoices", "cs", { id }));
  await expect(adminPage.getByRole("heading", { level: 1, name: msg("cs", "page.adminInvoices.title") })).toBeVisible();
  await adminPage.goto(pathOf("adminInvoiceCreate", "de", { id }));
  await expect(adminPage.getByTestId("invoice-choose-registration")).toBeVisible();
  await admin.close();
  const org = await newContext(browser, { role: "Organisation" });
  const page = await org.newPage();
  await page.goto(pathOf("adminInvoices", "de", { id }));
  await expect(page.getByRole("heading", { level: 1, name: msg("de", "page.adminInvoices.title") })).toHaveCount(0);
  const pdf = await page.request.get(pathOf("adminInvoicePdf", "de", { id, invoiceId: "00000000-0000-4000-8000-000000000000" }), { maxRedirects: 0 });
  expect(pdf.headers()["content-type"] ?? "").not.toContain("application/pdf");
  await org.close();
  const anonymous = await newContext(browser);
  const anon = await anonymous.newPage();
  await anon.goto(pathOf("adminInvoiceCreate", "cs", { id }));
  await expect(anon).toHaveURL(/prihlaseni/);
  await anonymous.close();
});
