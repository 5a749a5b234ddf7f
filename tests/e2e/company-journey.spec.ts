import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { LOCALE_TAGS, LOCALES } from "../../app/i18n/locales";
import type { MessageKey, MessageValues } from "../../app/i18n/translate";
import {
  DEMO,
  expectNoHorizontalOverflow,
  expectNoSeriousAxeViolations,
  fillCompanyForm,
  msg,
  newContext,
  pathOf,
  signUpAndSignIn,
  uniqueEmail,
  waitForMail,
} from "./support";

/**
 * Issue 3 end to end, in Chromium, in both languages: a new user creates a company (address with
 * the pin on the map, contact, 3 tags, NACE) on a phone; an admin approves it and it is public;
 * another user (also on a phone) links to it and is confirmed; that member creates an offer and
 * prolongs it in its last week (a test clock, see below); an anonymous visitor sees the profile
 * without contacts; a challenge is filed and resolved. axe checks every page of the feature on
 * the way, and the phone pages must not scroll sideways.
 *
 * "Later" is the `e2e_clock` cookie (decision 009): the e2e server runs with E2E_CLOCK=1, and only
 * requests of the browser context that carries the cookie see the shifted date, so the specs
 * running in parallel on the same server keep the real time.
 */

const PHONE = { width: 390, height: 844 };
const DAY_MS = 24 * 60 * 60 * 1000;
const CLOCK_COOKIE = "e2e_clock";

/** "Gültig bis 12.03.2027" as the page writes it (medium date, Europe/Berlin like useFormat). */
function formatDate(locale: (typeof LOCALES)[number], date: Date): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "medium", timeZone: "Europe/Berlin" }).format(date);
}

/** Sets the test clock of one browser context to `days` from now (0 clears it). */
async function setClock(context: BrowserContext, baseURL: string, days: number) {
  if (days === 0) await context.clearCookies({ name: CLOCK_COOKIE });
  else await context.addCookies([{ name: CLOCK_COOKIE, value: String(days), url: baseURL }]);
}

/** The dialog fits the screen's width, and its submit button can be reached on the screen. */
async function expectDialogFits(page: Page, name: string, submit: string) {
  const dialog = page.getByRole("dialog", { name });
  const box = await dialog.boundingBox();
  expect(box, `dialog ${name}`).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  const button = dialog.getByRole("button", { name: submit });
  await button.scrollIntoViewIfNeeded();
  await expect(button).toBeInViewport();
}

for (const locale of LOCALES) {
  test(`company journey: create, approve, link, offer and prolong, public view, challenge (${locale})`, async ({ browser, baseURL }) => {
    test.slow(); // two sign-ups, four browser contexts, eight pages with axe
    const t = (key: MessageKey, values?: MessageValues) => msg(locale, key, values);
    const stamp = `${locale}${Date.now().toString(36)}`;
    const name = `E2E Journey ${stamp} ${locale === "de" ? "GmbH" : "s.r.o."}`;
    const contactEmail = `obchod.${stamp}@example.com`;
    const offerTitle = locale === "de" ? `Lohnfertigung ${stamp}` : `Zakázková výroba ${stamp}`;
    const contexts: BrowserContext[] = [];
    const open = async (options: Parameters<typeof newContext>[1] = {}) => {
      const context = await newContext(browser, options);
      contexts.push(context);
      return { context, page: await context.newPage() };
    };

    try {
      // 1. A new user signs up on a phone and creates the company from the account page.
      const owner = await open({ viewport: PHONE });
      const ownerEmail = uniqueEmail(`journey.owner.${locale}`);
      await signUpAndSignIn(owner.page, locale, locale === "de" ? "Olga Eigner" : "Olga Vlastníková", ownerEmail);
      await expectNoSeriousAxeViolations(owner.page, "account page");
      await expectNoHorizontalOverflow(owner.page, "account page, phone");
      await owner.page
        .getByRole("link", { name: t("page.companyCreate.title") })
        .first()
        .click();
      await expect(owner.page).toHaveURL(pathOf("companyCreate", locale));
      await expect(owner.page.getByRole("heading", { level: 1, name: t("page.companyCreate.title") })).toBeVisible();
      await expect(owner.page.getByTestId("company-create-intro")).toHaveText(t("company.create.intro"));
      await expectNoSeriousAxeViolations(owner.page, "create page");
      await expectNoHorizontalOverflow(owner.page, "create page, phone");

      await fillCompanyForm(owner.page, {
        name,
        website: `www.journey-${stamp}.example`,
        nace: { query: "25.62", option: /^25\.62 – / },
        tags: [
          [`Drehteile ${stamp}`, `Soustružené díly ${stamp}`],
          [`Fräsen ${stamp}`, `Frézování ${stamp}`],
          [`Kleinserien ${stamp}`, `Malé série ${stamp}`],
        ],
        descriptionDe: "Lohnfertigung von Dreh- und Frästeilen in Pirna, auch in Kleinserien.",
        descriptionCs: "Zakázková výroba soustružených a frézovaných dílů v Pirně, i v malých sériích.",
        headquarters: { country: "DE", state: "Sachsen", line1: "Schloßstraße 3", postalCode: "01796", city: "Pirna" },
      });
      // The German and Czech descriptions stack on a phone instead of sitting side by side.
      const de = (await owner.page.getByTestId("field-descriptionDe").boundingBox())!;
      const cs = (await owner.page.getByTestId("field-descriptionCs").boundingBox())!;
      expect(cs.y).toBeGreaterThanOrEqual(de.y + de.height);
      // The address is geocoded by its postal code: the pin appears on the map.
      await expect(owner.page.getByTestId("map-status")).toHaveText(t("company.map.fromPostalCode"));
      await expect(owner.page.getByTestId("location-map").locator(".leaflet-marker-icon")).toBeVisible();
      await expectNoHorizontalOverflow(owner.page, "filled create page, phone");
      await owner.page.getByTestId("company-submit").click();

      // The profile waits for approval; only its member (and admins) see it, with the pin.
      await owner.page.waitForURL((url) => /^\/(de\/firmen|cs\/firmy)\/[0-9a-f-]{36}$/.test(url.pathname) && url.searchParams.get("created") === "1");
      const detailPath = new URL(owner.page.url()).pathname;
      await expect(owner.page.getByTestId("company-notice")).toHaveText(t("company.createdPendingApproval"));
      await expect(owner.page.getByTestId("company-status")).toHaveText(t("companyDetail.status.PENDING"));
      await expect(owner.page.getByTestId("company-nace")).toContainText("25.62");
      await expect(owner.page.getByTestId("company-tags").getByRole("listitem")).toHaveCount(3);
      await expect(owner.page.getByTestId("address")).toContainText("01796 Pirna");
      await owner.page.getByTestId("company-map").scrollIntoViewIfNeeded(); // Leaflet loads near the viewport (decision 044)
      await expect(owner.page.getByTestId("company-map").locator(".leaflet-marker-icon")).toBeVisible();
      await expectNoHorizontalOverflow(owner.page, "detail page, phone");

      // A contact person, added in the dialog on the phone.
      await owner.page.getByTestId("add-contact").click();
      await expectDialogFits(owner.page, t("contact.add"), t("action.save"));
      const contactDialog = owner.page.getByRole("dialog", { name: t("contact.add") });
      await contactDialog.locator('select[name="function"]').selectOption("SALES");
      await contactDialog.getByLabel(t("contact.name")).fill("Jana Dvořáková");
      await contactDialog.getByLabel(t("contact.email")).fill(contactEmail);
      await contactDialog.getByLabel(t("contact.phone")).fill("+49 3501 123456");
      await contactDialog.getByLabel(t("contact.consent")).check();
      await contactDialog.getByRole("button", { name: t("action.save") }).click();
      await expect(contactDialog).toBeHidden();
      await expect(owner.page.getByText(t("contact.created"))).toBeVisible();
      await expect(owner.page.getByTestId("contact")).toContainText(contactEmail);
      await expectNoSeriousAxeViolations(owner.page, "detail page, pending, member");
      await expectNoHorizontalOverflow(owner.page, "detail page with contact, phone");

      // The edit page on the phone as well.
      await owner.page.getByTestId("edit-company").click();
      await expect(owner.page.getByRole("heading", { level: 1, name: t("page.companyEdit.title") })).toBeVisible();
      await expect(owner.page.getByTestId("company-form").locator('input[name="name"]')).toHaveValue(name);
      await expectNoSeriousAxeViolations(owner.page, "edit page");
      await expectNoHorizontalOverflow(owner.page, "edit page, phone");
      await owner.page.getByRole("link", { name: t("action.cancel") }).click();
      await expect(owner.page).toHaveURL(detailPath);

      // 2. An admin approves the profile; the owner is told by e-mail in the owner's language.
      const admin = await open({ role: "Admin" });
      await admin.page.goto(pathOf("adminApprovals", locale));
      await expect(admin.page.getByRole("heading", { level: 1, name: t("page.adminApprovals.title") })).toBeVisible();
      await expectNoSeriousAxeViolations(admin.page, "approvals page");
      const companyRow = admin.page.getByTestId("approvals-companies").getByRole("row").filter({ hasText: name });
      const beforeApproval = new Date(Date.now() - 1000);
      await companyRow.getByRole("button", { name: t("approvals.approveCompany") }).click();
      await expect(admin.page.getByTestId("approval-done")).toHaveText(t("approvals.done.companyApproved"));
      await expect(companyRow).toHaveCount(0);
      await waitForMail(ownerEmail, beforeApproval, (m) => m.subject === t("mail.companyApproved.subject") && m.text.includes(name));

      // 3. The profile appears: published, without the pending badge.
      await owner.page.reload();
      await expect(owner.page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(owner.page.getByTestId("company-status")).toHaveCount(0);

      // 4. Another user finds the company on the link page, asks to be linked, and is confirmed.
      const colleague = await open({ viewport: PHONE });
      const colleagueEmail = uniqueEmail(`journey.colleague.${locale}`);
      await signUpAndSignIn(colleague.page, locale, locale === "de" ? "Karl Kollege" : "Karel Kolega", colleagueEmail);
      await colleague.page
        .getByRole("link", { name: t("page.companyLink.title") })
        .first()
        .click();
      await expect(colleague.page).toHaveURL(pathOf("companyLink", locale));
      await colleague.page.getByRole("searchbox", { name: t("links.searchLabel") }).fill(stamp);
      await colleague.page.getByRole("button", { name: t("links.searchSubmit") }).click();
      const result = colleague.page.getByTestId("link-results").getByRole("row").filter({ hasText: name });
      await expect(result).toContainText("Pirna");
      await expectNoSeriousAxeViolations(colleague.page, "link page");
      await expectNoHorizontalOverflow(colleague.page, "link page, phone");
      await result.getByRole("button", { name: t("links.request") }).click();
      await expect(colleague.page.getByTestId("link-requested")).toBeVisible();
      await expect(colleague.page.getByTestId("my-links")).toContainText(name);
      await expect(colleague.page.getByTestId("my-links")).toContainText(t("linkStatus.REQUESTED"));

      await admin.page.reload();
      const linkRow = admin.page.getByTestId("approvals-links").getByRole("row").filter({ hasText: colleagueEmail });
      await expect(linkRow).toContainText(name);
      const beforeLink = new Date(Date.now() - 1000);
      await linkRow.getByRole("button", { name: t("approvals.confirmLink") }).click();
      await expect(admin.page.getByTestId("approval-done")).toHaveText(t("approvals.done.linkConfirmed"));
      await waitForMail(colleagueEmail, beforeLink, (m) => m.subject === t("mail.linkConfirmed.subject") && m.text.includes(name));

      // Now a member: the profile offers editing to the colleague.
      await colleague.page.reload();
      await expect(colleague.page.getByTestId("my-links")).toContainText(t("linkStatus.CONFIRMED"));
      await colleague.page.getByTestId("my-links").getByRole("link", { name }).click();
      await expect(colleague.page).toHaveURL(detailPath);
      await expect(colleague.page.getByTestId("edit-company")).toBeVisible();

      // 5. The colleague creates a 30-day offer…
      const createdAt = Date.now();
      await colleague.page.getByTestId("add-service-OFFER").click();
      await expectDialogFits(colleague.page, t("service.createTitle"), t("service.submit"));
      const serviceDialog = colleague.page.getByRole("dialog", { name: t("service.createTitle") });
      await expect(serviceDialog.locator('select[name="validityDays"]')).toHaveValue("30");
      await serviceDialog.getByLabel(t("service.title")).fill(offerTitle);
      await serviceDialog
        .getByLabel(t("service.description"))
        .fill(locale === "de" ? "Drehen und Fräsen nach Zeichnung." : "Soustružení a frézování podle výkresu.");
      await serviceDialog.getByLabel(t("service.keywords")).fill(locale === "de" ? "Drehen, Fräsen" : "Soustružení, Frézování");
      await serviceDialog.getByLabel(t("service.termsUrl")).fill("https://www.example.com/agb");
      await serviceDialog.getByRole("button", { name: t("service.submit") }).click();
      await expect(serviceDialog).toBeHidden();
      await expect(colleague.page.getByText(t("service.created"))).toBeVisible();
      const offer = colleague.page.getByTestId("services-OFFER").getByTestId("service").filter({ hasText: offerTitle });
      await expect(offer).toContainText(t("service.validUntil", { date: formatDate(locale, new Date(createdAt + 30 * DAY_MS)) }));
      await expect(offer.getByTestId("service-state")).toHaveCount(0);
      await expect(offer.getByTestId("prolong-service")).toHaveCount(0);

      // …and 25 days later, in its last week, prolongs it by 30 days.
      await setClock(colleague.context, baseURL!, 25);
      await colleague.page.reload();
      await expect(offer.getByTestId("service-state")).toHaveText(t("service.state.expiring"));
      await expectNoSeriousAxeViolations(colleague.page, "detail page, expiring offer");
      await expectNoHorizontalOverflow(colleague.page, "detail page with offer, phone");
      await offer.getByTestId("prolong-service").click();
      await expect(colleague.page.getByText(t("service.prolonged"))).toBeVisible();
      await expect(offer).toContainText(t("service.validUntil", { date: formatDate(locale, new Date(createdAt + 60 * DAY_MS)) }));
      await expect(offer.getByTestId("service-state")).toHaveCount(0);
      await expect(offer.getByTestId("prolong-service")).toHaveCount(0);
      await setClock(colleague.context, baseURL!, 0);
      await colleague.page.reload();
      await expect(offer).toContainText(t("service.validUntil", { date: formatDate(locale, new Date(createdAt + 60 * DAY_MS)) }));

      // 6. An anonymous visitor sees the public profile, the offer and the map, but no contacts.
      const visitor = await open();
      const response = await visitor.page.goto(detailPath);
      expect(response?.status()).toBe(200);
      await expect(visitor.page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(visitor.page.getByTestId("services-OFFER").getByRole("heading", { name: offerTitle })).toBeVisible();
      await visitor.page.getByTestId("company-map").scrollIntoViewIfNeeded();
      await expect(visitor.page.getByTestId("company-map").locator(".leaflet-marker-icon")).toBeVisible();
      await expect(visitor.page.getByTestId("contacts-sign-in")).toContainText(t("companyDetail.contactsSignIn"));
      await expect(visitor.page.getByTestId("contact")).toHaveCount(0);
      await expect(visitor.page.getByText(contactEmail)).toHaveCount(0);
      await expect(visitor.page.getByTestId("edit-company")).toHaveCount(0);
      await expectNoSeriousAxeViolations(visitor.page, "detail page, anonymous");

      // 7. A signed-in user reports an error; the admin resolves it on the challenges page.
      const reporter = await open({ role: "Organisation" });
      await reporter.page.goto(detailPath);
      await reporter.page.getByTestId("report-error").click();
      const challengeDialog = reporter.page.getByRole("dialog", { name: t("challenge.title") });
      const report = `${locale === "de" ? "Telefonnummer veraltet" : "Zastaralé telefonní číslo"} (${stamp})`;
      await challengeDialog.getByRole("checkbox", { name: t("challengeReason.contact") }).check();
      await challengeDialog.getByLabel(t("challenge.description")).fill(report);
      await challengeDialog.getByRole("button", { name: t("challenge.submit") }).click();
      await expect(challengeDialog).toBeHidden();
      await expect(reporter.page.getByText(t("challenge.sent"))).toBeVisible();

      await admin.page.goto(pathOf("adminChallenges", locale));
      await expect(admin.page.getByRole("heading", { level: 1, name: t("page.adminChallenges.title") })).toBeVisible();
      const challengeRow = admin.page.getByTestId("challenge-row").filter({ hasText: report });
      await expect(challengeRow).toContainText(name);
      await expect(challengeRow).toContainText(t("challengeReason.contact"));
      await expectNoSeriousAxeViolations(admin.page, "challenges page");
      const beforeResolve = new Date(Date.now() - 1000);
      await challengeRow.getByRole("button", { name: t("adminChallenges.markUpdated") }).click();
      await admin.page.getByTestId("confirm-decision").click();
      await expect(admin.page.getByTestId("challenge-done")).toHaveText(t("adminChallenges.done.updated"));
      await expect(challengeRow).toHaveCount(0);
      // The author (the German demo organisation) hears about it in German.
      await waitForMail(DEMO.Organisation, beforeResolve, (m) => m.subject === msg("de", "mail.challengeHandled.subject") && m.text.includes(name));
      await admin.page.goto(`${pathOf("adminChallenges", locale)}?status=COMPANY_UPDATED`);
      await expect(challengeRow.getByTestId("status-badge")).toHaveText(t("challengeStatus.COMPANY_UPDATED"));
    } finally {
      for (const context of contexts) await context.close();
    }
  });
}
