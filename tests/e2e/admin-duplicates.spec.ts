import { expect, type Page, test } from "@playwright/test";
import { LOCALES } from "../../app/i18n/locales";
import type { MessageKey, MessageValues } from "../../app/i18n/translate";
import { encodeSingleByte } from "../support/single-byte";
import { expectAxeAtBothWidths, fillCompanyForm, type Locale, msg, newContext, pathOf, signUpAndSignIn, uniqueEmail } from "./support";

/**
 * Issue 21's journey through import and duplicates (decisions 038–040), in Chromium, in both
 * languages: a new user creates their firm's profile by hand (and is linked to it). Later the
 * agency imports the firm from a register file (Windows-1250 for Czech, Windows-1252 for German):
 * same website, same address in Pirna, the name with another legal form, and its register number.
 * The import ends READY and starts duplicate detection by itself; the admin finds the pair on the
 * duplicates page without asking for a run, compares both sides (differences highlighted), and
 * deletes the hand-made original after a confirmation that says what will move (the user's account
 * by name): the account is then linked to the imported profile. axe at 1280 and 390 px.
 */
async function createCompany(page: Page, locale: Locale, name: string, token: string): Promise<void> {
  await page.goto(pathOf("companyCreate", locale));
  await fillCompanyForm(page, {
    name,
    website: `www.dublette-${token}.example`,
    nace: { query: "25.62", option: /^25\.62 – / },
    tags: [1, 2, 3].map((n) => [`Dublette ${token} ${name.length} ${n}`, `Duplicita ${token} ${name.length} ${n}`]),
    descriptionDe: "Lohnfertigung von Dreh- und Frästeilen in Pirna.",
    descriptionCs: "Zakázková výroba soustružených a frézovaných dílů v Pirně.",
    headquarters: { country: "DE", state: "Sachsen", line1: "Schloßstraße 3", postalCode: "01796", city: "Pirna" },
  });
  await page.getByTestId("company-submit").click();
  await expect(page).toHaveURL(/\/(firmen|firmy)\/[0-9a-f-]{36}\?created=1$/, { timeout: 20_000 });
}

/** The admin imports the register's version of the firm through the import pages and waits for READY. */
async function adminImports(page: Page, locale: Locale, name: string, token: string): Promise<void> {
  const header = locale === "de" ? "Firmenname;Handelsregister;Straße;PLZ;Ort;Webseite" : "Název firmy;Obchodní rejstřík;Ulice;PSČ;Obec;Web";
  const register = `HRB ${parseInt(token.slice(2), 36) % 1_000_000} DD`;
  const text = [header, `${name};${register};Schloßstraße 3;01796;Pirna;https://dublette-${token}.example/kontakt`].join("\r\n");
  await page.goto(pathOf("adminImportCreate", locale));
  await page
    .getByTestId("import-file-input")
    .setInputFiles({ name: `register-${token}.csv`, mimeType: "text/csv", buffer: Buffer.from(encodeSingleByte(text, locale === "cs" ? "windows-1250" : "windows-1252")) });
  await page.getByTestId("import-language").selectOption(locale);
  await page.getByTestId("import-country").selectOption("DE");
  await page.getByTestId("import-upload").click();
  await expect(page.getByTestId("import-preview")).toBeVisible();
  await page.getByTestId("import-confirm-contacts").check();
  await page.getByTestId("import-start").click();
  await page.getByTestId("import-start-confirm").click();
  await expect(page).toHaveURL(/\?started=[0-9a-f-]{36}$/);
  const importId = new URL(page.url()).searchParams.get("started")!;
  await expect(page.locator(`[data-testid="import-row"][data-id="${importId}"]`)).toHaveAttribute("data-status", "READY", { timeout: 150_000 });
}

for (const locale of LOCALES) {
  test(`a hand-made profile and its imported register entry are found as a pair and merged; the account moves (${locale})`, async ({ browser }) => {
    test.slow();
    const t = (key: MessageKey, values?: MessageValues) => msg(locale, key, values);
    const token = `${locale}${Date.now().toString(36)}`;
    // Different words per language: the two runs' profiles (same town) must not pair with each other.
    const original = locale === "de" ? `Dublette ${token} Feinmechanik s.r.o.` : `Duplicita ${token} Přesné obrábění s.r.o.`;
    const imported = locale === "de" ? `Dublette ${token} Feinmechanik GmbH` : `Duplicita ${token} Přesné obrábění a.s.`;
    const person = locale === "de" ? "Doris Doppelt" : "Dana Dvojitá";
    const email = uniqueEmail(`duplicates.${locale}`);

    const userContext = await newContext(browser);
    const user = await userContext.newPage();
    await signUpAndSignIn(user, locale, person, email);
    await createCompany(user, locale, original, token);
    await userContext.close();

    const context = await newContext(browser, { role: "Admin", viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await adminImports(page, locale, imported, token);
      await page.goto(pathOf("admin", locale));
      await expect(page.getByTestId("count-duplicates")).toHaveAttribute("href", pathOf("adminDuplicates", locale));
      await page.getByTestId("count-duplicates").click();
      await expect(page.getByRole("heading", { level: 1, name: t("page.adminDuplicates.title") })).toBeVisible();

      // The import started the detection: the page refreshes itself until the pair is there.
      const card = page.getByTestId("duplicate-pair").filter({ hasText: original }).filter({ hasText: imported });
      await expect(card).toBeVisible({ timeout: 90_000 });
      await expect(page.getByTestId("duplicate-detection-state")).toHaveAttribute("data-running", "false", { timeout: 60_000 });
      await expect(card.getByTestId("duplicate-reason").filter({ hasText: t("duplicates.reason.SAME_WEBSITE_DOMAIN") })).toBeVisible();
      await expect(card.getByTestId("duplicate-reason").filter({ hasText: t("duplicates.reason.SIMILAR_NAME_NEARBY") })).toBeVisible();
      // Side by side: the older (hand-made) profile on the left; the names differ (highlighted), the websites' domains do not count as different.
      const left = card.getByTestId("duplicate-side-original");
      const right = card.getByTestId("duplicate-side-duplicate");
      await expect(left.locator('[data-field="name"]')).toContainText(original);
      await expect(right.locator('[data-field="name"]')).toContainText(imported);
      await expect(right.locator('[data-field="name"]')).toHaveAttribute("data-differs", "true");
      await expect(left.locator('[data-field="accounts"]')).toContainText(email);
      await expect(right.locator('[data-field="accounts"]')).toHaveAttribute("data-differs", "true");
      await expectAxeAtBothWidths(page, `duplicates ${locale}`);

      // Delete the original (the hand-made one): the confirmation says what moves, the account by name.
      await card.getByTestId("duplicate-delete-left").click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toContainText(t("duplicates.delete.text", { drop: original, keep: imported }));
      await expect(dialog.getByTestId("duplicate-moves")).toContainText(t("duplicates.move.accounts", { count: 1 }));
      await expect(dialog.getByTestId("duplicate-move-accounts")).toContainText(person);
      await expectAxeAtBothWidths(page, `duplicates confirm ${locale}`);
      await dialog.getByTestId("duplicate-confirm").click();
      await expect(page.getByTestId("duplicate-done")).toHaveText(t("duplicates.done.merged"));
      await expect(page.getByTestId("duplicate-pair").filter({ hasText: original })).toHaveCount(0);

      // The account now belongs to the imported profile.
      await page.goto(`${pathOf("adminUsers", locale)}?q=${encodeURIComponent(email)}`);
      const row = page.getByTestId("account-row").filter({ hasText: email });
      await expect(row).toContainText(imported);
      await expect(row).not.toContainText(original);
    } finally {
      await context.close();
    }
  });
}
