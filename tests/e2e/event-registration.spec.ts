import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectAxeAtBothWidths, loginWithCode, msg, newContext, pathOf, readOutbox, type Locale } from "./support";

/**
 * A participant's journey (decision 018): an Organisation user with a verified company finds a
 * demo event, registers with the organiser's form (the dependent field appears only when it
 * should; a required field that is hidden does not block), gets the confirmation with the
 * calendar file, sees the event under my events and cancels it; a full event puts the next user
 * on the waiting list. axe on every page at 1280 and 390 px.
 */

/** Opens a demo event by its title through the public list. */
async function openEvent(page: Page, locale: Locale, title: string) {
  await page.goto(`${pathOf("eventList", locale)}?q=${encodeURIComponent(title)}`);
  await page.getByTestId("event-card-link").filter({ hasText: title }).first().click();
  await expect(page.getByTestId("event-title")).toHaveText(title);
}

interface AttachedMail {
  to: string;
  subject: string;
  createdAt: string;
  attachments?: Array<{ filename: string; contentType: string; content: string }>;
}

async function confirmationMail(to: string, subject: string, since: Date): Promise<AttachedMail> {
  let found: AttachedMail | undefined;
  await expect
    .poll(() => {
      found = (readOutbox() as AttachedMail[]).find((m) => m.to === to && m.subject === subject && new Date(m.createdAt) >= since);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

async function journey(browser: Browser, locale: Locale, who: { role?: "Organisation"; email: string }, title: string) {
  const t = (key: Parameters<typeof msg>[1], values?: Parameters<typeof msg>[2]) => msg(locale, key, values);
  const context = await newContext(browser, who.role ? { role: who.role } : {});
  const page = await context.newPage();
  if (!who.role) await loginWithCode(page, who.email, locale);

  await openEvent(page, locale, title);
  await expect(page.getByTestId("event-state")).toHaveAttribute("data-state", "OPEN");
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as { "@type": string; name: string };
  expect(jsonLd).toMatchObject({ "@type": "Event", name: title });
  await expectAxeAtBothWidths(page, `${locale} event detail`);

  // The calendar download.
  const ics = await page.request.get(await page.getByTestId("event-ics").getAttribute("href") ?? "");
  expect(ics.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(await ics.text()).toContain("BEGIN:VEVENT");

  await page.getByTestId("event-register").click();
  await expect(page.getByTestId("register-form")).toBeVisible();
  const menu = page.locator('[data-field-id="menu"]');
  const dinner = page.getByRole("checkbox", { name: locale === "de" ? "Ich nehme am Abendessen teil" : "Zúčastním se večeře" });
  await expect(menu).toHaveCount(0);
  await dinner.check();
  await expect(page.locator('[data-field-id="menu"]')).toBeVisible();
  // Submitting with the shown, required menu empty: refused at the field, focus on the first invalid one.
  await page.getByTestId("register-submit").click();
  await expect(page.getByTestId("register-answer-errors")).toBeVisible();
  await expect(page.locator('[data-field-id="function"]')).toBeFocused();
  await expectAxeAtBothWidths(page, `${locale} registration form with errors`);
  // Unchecking hides the required menu again: it no longer blocks.
  await page.locator('[data-field-id="function"]').fill(locale === "de" ? "Geschäftsführerin" : "Jednatelka");
  await page.getByRole("checkbox", { name: locale === "de" ? "Ich nehme am Abendessen teil" : "Zúčastním se večeře" }).uncheck();
  await expect(page.locator('[data-field-id="menu"]')).toHaveCount(0);
  const since = new Date(Date.now() - 1000);
  await page.getByTestId("register-submit").click();
  await expect(page.getByTestId("event-notice")).toHaveText(t("eventDetail.notice.registered"));
  await expect(page.getByTestId("event-own-registration")).toHaveAttribute("data-status", "REGISTERED");

  const mail = await confirmationMail(who.email, t("mail.eventRegistration.registered.subject"), since);
  expect(mail.attachments?.[0]?.content).toContain(`SUMMARY:${title}`);
  expect(mail.attachments?.[0]?.filename).toMatch(/\.ics$/);

  // My events lists it; cancelling asks first.
  await page.goto(pathOf("myEvents", locale));
  const item = page.getByTestId("my-event").filter({ hasText: title });
  await expect(item).toHaveAttribute("data-status", "REGISTERED");
  await expectAxeAtBothWidths(page, `${locale} my events`);
  await item.getByTestId("my-event-cancel").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.getByTestId("confirm-action").click();
  await expect(page.getByTestId("my-event").filter({ hasText: title })).toHaveAttribute("data-status", "CANCELLED");
  await confirmationMail(who.email, t("mail.eventRegistration.cancelled.subject"), since);
  return { context, page };
}

test("German: an organisation registers with the dependent form, gets the .ics mail, cancels under my events", async ({ browser }) => {
  const { context } = await journey(browser, "de", { role: "Organisation", email: "firma.de@partnernet.example" }, "Grenzüberschreitender Unternehmertag Dresden");
  await context.close();
});

test("Czech: the same journey, and a full event puts the user on the waiting list", async ({ browser }) => {
  // Same signed-in browser: a second code login within a minute would be refused as too early.
  const { context, page } = await journey(browser, "cs", { email: "ucastnik.6@partnernet.example" }, "Přeshraniční den podnikatelů Drážďany");
  await openEvent(page, "cs", "Networkingový večer Krušné hory");
  await expect(page.getByTestId("event-state")).toHaveAttribute("data-state", "FULL");
  await page.getByTestId("event-register").click();
  await expect(page.getByTestId("register-full")).toBeVisible();
  await page.locator('[data-field-id="function"]').fill("Obchodník");
  const since = new Date(Date.now() - 1000);
  await page.getByTestId("register-submit").click();
  await expect(page.getByTestId("event-notice")).toHaveText(msg("cs", "eventDetail.notice.waiting"));
  await expect(page.getByTestId("event-own-registration")).toHaveAttribute("data-status", "WAITING");
  await confirmationMail("ucastnik.6@partnernet.example", msg("cs", "mail.eventRegistration.waiting.subject"), since);
  await context.close();
});
