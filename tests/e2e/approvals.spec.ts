import { type Browser, expect, test } from "@playwright/test";
import type { MessageKey } from "../../app/i18n/translate";
import { expectNoSeriousAxeViolations, type Locale, msg, signUpAndSignIn, storageStateFor, uniqueEmail, waitForMail } from "./support";

/**
 * Company-account links, role requests, challenges and the two admin work pages (approvals,
 * challenges), through the UI in German and Czech. Every row is found by a value unique to
 * this run, so parallel specs on the same server do not interfere.
 */
const PATHS = {
  de: { link: "/de/firmen/verknuepfen", account: "/de/mein-account", approvals: "/de/admin/freigaben", challenges: "/de/admin/anfechtungen" },
  cs: { link: "/cs/firmy/propojit", account: "/cs/muj-ucet", approvals: "/cs/admin/schvaleni", challenges: "/cs/admin/napadeni" },
} as const;

/** A new account through the real sign-up, verification and code login; ends on the account page. */
async function newSignedInUser(browser: Browser, locale: Locale) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail(`approvals.${locale}`);
  await signUpAndSignIn(page, locale, locale === "de" ? "Lina Link" : "Lenka Propojená", email);
  return { context, page, email };
}

async function adminPage(browser: Browser) {
  const context = await browser.newContext({ storageState: storageStateFor("Admin") });
  return { context, page: await context.newPage() };
}

for (const locale of ["de", "cs"] as const) {
  test(`link request, admin confirmation, role request and approval (${locale})`, async ({ browser }) => {
    test.slow(); // sign-up, two accounts and four pages with axe
    const t = (key: MessageKey) => msg(locale, key);
    const paths = PATHS[locale];
    const { context, page, email } = await newSignedInUser(browser, locale);

    // Without a linked company the role cannot be requested yet.
    await expect(page.getByTestId("role-request-needs-company")).toBeVisible();
    await page.getByTestId("role-request-needs-company").getByRole("link", { name: t("roleRequest.linkCompany") }).click();
    await expect(page).toHaveURL(paths.link);
    await expect(page.getByTestId("my-links-empty")).toBeVisible();

    await page.getByRole("searchbox", { name: t("links.searchLabel") }).fill("logistik");
    await page.getByRole("button", { name: t("links.searchSubmit") }).click();
    const firstResult = page.getByTestId("link-results").getByRole("row").nth(1);
    const companyName = (await firstResult.getByRole("link").textContent())!;
    await expectNoSeriousAxeViolations(page, `link page ${locale}`);
    await firstResult.getByRole("button", { name: t("links.request") }).click();
    await expect(page.getByTestId("link-requested")).toBeVisible();
    await expect(page.getByTestId("my-links")).toContainText(companyName);
    await expect(page.getByTestId("my-links")).toContainText(t("linkStatus.REQUESTED"));
    await page.getByRole("searchbox", { name: t("links.searchLabel") }).fill("xyz-nichts-" + Date.now());
    await page.getByRole("button", { name: t("links.searchSubmit") }).click();
    await expect(page.getByTestId("link-no-results")).toBeVisible();

    // The admin confirms the link on the approvals page; the user is told by e-mail.
    const admin = await adminPage(browser);
    await admin.page.goto(paths.approvals);
    await expect(admin.page.getByRole("heading", { level: 1, name: t("page.adminApprovals.title") })).toBeVisible();
    await expectNoSeriousAxeViolations(admin.page, `approvals ${locale}`);
    const linkRow = admin.page.getByTestId("approvals-links").getByRole("row").filter({ hasText: email });
    await expect(linkRow).toContainText(companyName);
    const beforeDecision = new Date(Date.now() - 1000);
    await linkRow.getByRole("button", { name: t("approvals.confirmLink") }).click();
    await expect(admin.page.getByTestId("approval-done")).toHaveText(t("approvals.done.linkConfirmed"));
    await expect(linkRow).toHaveCount(0);
    await waitForMail(email, beforeDecision, (m) => m.subject === t("mail.linkConfirmed.subject"));

    // Now the role request is possible; the admin approves it.
    await page.goto(paths.account);
    await expectNoSeriousAxeViolations(page, `account ${locale}`);
    await page.getByRole("button", { name: t("roleRequest.submit") }).click();
    await expect(page.getByTestId("role-request-sent")).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("role-request-pending")).toBeVisible();

    await admin.page.reload();
    const roleRow = admin.page.getByTestId("approvals-roles").getByRole("row").filter({ hasText: email });
    await expect(roleRow).toContainText(companyName);
    const beforeRole = new Date(Date.now() - 1000);
    await roleRow.getByRole("button", { name: t("approvals.approveRole") }).click();
    await expect(admin.page.getByTestId("approval-done")).toHaveText(t("approvals.done.roleApproved"));
    await waitForMail(email, beforeRole, (m) => m.subject === t("mail.roleApproved.subject"));

    await page.reload();
    await expect(page.getByTestId("role-request")).toContainText(t("roleRequest.hasRole"));
    await page.goto(locale === "de" ? "/de/admin" : "/cs/admin");
    await expect(page.getByRole("heading", { level: 1, name: t("page.admin.title") })).toBeVisible();
    await admin.context.close();
    await context.close();
  });
}

test("challenge on a company profile, closed on the admin page (cs), and a new profile approved", async ({ browser }) => {
  test.slow();
  const t = (key: MessageKey) => msg("cs", key);
  const reporter = await browser.newContext({ storageState: storageStateFor("Organisation") });
  const page = await reporter.newPage();
  const description = `Nová adresa od ${Date.now().toString(36)}: Hlavní 5, Liberec.`;
  await page.goto(`${PATHS.cs.link}?q=${encodeURIComponent("software")}`);
  await page.getByTestId("link-results").getByRole("row").nth(1).getByRole("link").click();
  await page.getByTestId("report-error").click();
  await page.getByRole("checkbox", { name: t("challengeReason.address") }).check();
  await page.getByLabel(t("challenge.description")).fill(description);
  await page.getByRole("button", { name: t("challenge.submit") }).click();
  await expect(page.getByText(t("challenge.sent"))).toBeVisible();
  await reporter.close();

  const admin = await adminPage(browser);
  await admin.page.goto(PATHS.cs.challenges);
  await expect(admin.page.getByRole("heading", { level: 1, name: t("page.adminChallenges.title") })).toBeVisible();
  await expectNoSeriousAxeViolations(admin.page, "challenges cs");
  const row = admin.page.getByTestId("challenge-row").filter({ hasText: description });
  await expect(row).toContainText(t("challengeReason.address"));
  await row.getByRole("button", { name: t("adminChallenges.markUpdated") }).click();
  // Closing a report cannot be undone: it asks first (decision 014).
  await admin.page.getByTestId("confirm-decision").click();
  await expect(admin.page.getByTestId("challenge-done")).toHaveText(t("adminChallenges.done.updated"));
  await expect(row).toHaveCount(0);

  await admin.page.getByRole("link", { name: t("challengeStatus.COMPANY_UPDATED") }).click();
  await expect(admin.page).toHaveURL(/status=COMPANY_UPDATED/);
  await expect(row.getByTestId("status-badge")).toHaveText(t("challengeStatus.COMPANY_UPDATED"));
  await expectNoSeriousAxeViolations(admin.page, "handled challenges cs");

  // A demo profile waiting for approval is published from the approvals page.
  await admin.page.goto(PATHS.cs.approvals);
  const companyRow = admin.page.getByTestId("approvals-companies").getByRole("row").filter({ hasText: "Pokorný Dřevostavby s.r.o." });
  await companyRow.getByRole("button", { name: t("approvals.approveCompany") }).click();
  await expect(admin.page.getByTestId("approval-done")).toHaveText(t("approvals.done.companyApproved"));
  await expect(companyRow).toHaveCount(0);
  await admin.context.close();
});

test("the challenges page in German: status filter and list title", async ({ browser }) => {
  const admin = await adminPage(browser);
  await admin.page.goto(`${PATHS.de.challenges}?status=NO_UPDATES`);
  const t = (key: MessageKey, values?: Record<string, string>) => msg("de", key, values);
  await expect(admin.page.getByRole("link", { name: t("challengeStatus.NO_UPDATES") })).toHaveAttribute("aria-current", "page");
  await expect(admin.page.getByRole("heading", { name: t("adminChallenges.listTitle", { filter: t("challengeStatus.NO_UPDATES") }) })).toBeVisible();
  await expectNoSeriousAxeViolations(admin.page, "challenges de");
  await admin.context.close();
});
