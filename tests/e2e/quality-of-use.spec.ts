import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { LOCALE_TAGS, LOCALES, otherLocale } from "../../app/i18n/locales";
import type { MessageKey, MessageValues } from "../../app/i18n/translate";
import { isBuilt, PAGES } from "../../app/routing/catalogue";
import { href } from "../../app/routing/paths";
import {
  addNewTag,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  fillCompanyForm,
  type Locale,
  msg,
  newContext,
  pathOf,
  readOutbox,
  uniqueEmail,
  waitForHydration,
  waitForLink,
} from "./support";

// Issue 9, "quality of use": one check per bug, in both languages; every page visited is checked
// with axe (any impact, best practices included) in the light and the dark theme.

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

const translator = (locale: Locale) => (key: MessageKey, values?: MessageValues) => msg(locale, key, values);

/** Marks the document: still there after a navigation means the router navigated in the page. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { __qou: number }).__qou = 1));
const expectSameDocument = async (page: Page) =>
  expect(await page.evaluate(() => (window as unknown as { __qou?: number }).__qou)).toBe(1);

/** Searches with the home page's box (client-side navigation to the results). */
async function homeSearch(page: Page, locale: Locale, term: string) {
  const t = translator(locale);
  await page.goto(pathOf("home", locale));
  await markDocument(page);
  const form = page.getByTestId("home-search");
  await form.locator('input[name="q"]').fill(term);
  await form.getByRole("button", { name: t("home.search.submit") }).click();
  await expect(page).toHaveURL((url) => decodeURI(url.pathname) === href("search", locale));
  await expect(page.getByTestId("search-hits")).toBeVisible();
}

/** The number a result tab shows, e.g. "Angebote (3)" → 3. */
async function tabCount(page: Page, kind: "COMPANY" | "OFFER" | "INQUIRY"): Promise<number> {
  const text = (await page.getByTestId(`search-type-count-${kind}`).textContent()) ?? "";
  return Number(text.replace(/\D/g, ""));
}

async function expectLeafletIn(map: Locator, locale: Locale) {
  const t = translator(locale);
  const other = translator(otherLocale(locale));
  await expect(map.locator(".leaflet-control-zoom-in")).toHaveAttribute("title", t("companyDetail.map.zoomIn"));
  await expect(map.locator(".leaflet-control-zoom-out")).toHaveAttribute("title", t("companyDetail.map.zoomOut"));
  await expect(map.locator(".leaflet-control-attribution")).toContainText(t("companyDetail.map.contributors"));
  await expect(map.locator(".leaflet-control-attribution")).not.toContainText(other("companyDetail.map.contributors"));
}

for (const locale of LOCALES) {
  const t = translator(locale);
  const target = otherLocale(locale);
  const u = translator(target);

  test.describe(`quality of use (${locale})`, () => {
    test("bug 1: after a client-side visit, the language switch changes every text of a company page", async ({ browser }) => {
      const context = await newContext(browser, { viewport: DESKTOP });
      const page = await context.newPage();
      await homeSearch(page, locale, "Dresden");
      await page.getByTestId("search-hit-link").first().click();
      await expect(page).toHaveURL(/\/(firmen|firmy)\/[0-9a-f-]{36}/);
      const map = page.getByTestId("company-map");
      // Leaflet loads when the map comes near the viewport (decision 044).
      await map.scrollIntoViewIfNeeded();
      await expect(map.locator(".leaflet-marker-icon").first()).toBeVisible();
      await expectLeafletIn(map, locale);
      await expect(page.getByRole("tab", { name: t(`companyDetail.lang.${locale}`) })).toHaveAttribute("aria-selected", "true");

      await page.getByTestId("language-switch").click();
      await expect(page.locator("html")).toHaveAttribute("lang", LOCALE_TAGS[target]);
      await expectSameDocument(page);
      await map.scrollIntoViewIfNeeded();
      await expect(map.locator(".leaflet-marker-icon").first()).toBeVisible();
      await expectLeafletIn(map, target);
      await expect(map.locator(".leaflet-marker-icon").first()).toHaveAttribute("alt", new RegExp(`^${u("address.kind.HEADQUARTERS")}: `));
      await expect(page.getByRole("tab", { name: u(`companyDetail.lang.${target}`) })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByTestId(`description-${target}`)).toBeVisible();
      await expectNoAxeViolations(page, `company page after switch to ${target}`);
      await context.close();
    });

    test("bug 1: after a client-side visit, the language switch changes the search page and its map", async ({ browser }) => {
      const context = await newContext(browser, { viewport: DESKTOP });
      const page = await context.newPage();
      await homeSearch(page, locale, "Dresden");
      const map = page.getByTestId("search-map");
      await expect(map.locator(".leaflet-control-zoom-in")).toBeVisible();
      await expectLeafletIn(map, locale);
      await expectNoAxeViolations(page, `search page ${locale}`);

      await page.getByTestId("language-switch").click();
      await expect(page).toHaveURL((url) => decodeURI(url.pathname) === href("search", target));
      await expectSameDocument(page);
      await expectLeafletIn(map, target);
      await expect(map).toHaveAttribute("aria-label", u("search.map"));
      await expect(page.getByTestId("search-type-COMPANY")).toContainText(u("search.type.COMPANY"));
      await expectNoAxeViolations(page, `search page after switch to ${target}`);
      await context.close();
    });

    test("friction 5 and 9: the home search finds offers in a tab with its count; ads show their own keywords", async ({ browser }) => {
      const context = await newContext(browser, { viewport: DESKTOP });
      const page = await context.newPage();
      await homeSearch(page, locale, "usti");
      const offers = await tabCount(page, "OFFER");
      expect(offers).toBeGreaterThan(0);
      expect(await tabCount(page, "INQUIRY")).toBeGreaterThan(0);
      await expectNoAxeViolations(page, `home search results ${locale}`);
      await page.getByRole("radio", { name: t("search.type.OFFER") }).check();
      await expect(page).toHaveURL(/type=OFFER/);
      await expect(page.getByTestId("search-hit")).toHaveCount(Math.min(offers, 30));
      await expect(page.getByTestId("search-hit-place").filter({ hasText: "Ústí nad Labem" }).first()).toBeVisible();
      expect(await tabCount(page, "OFFER")).toBe(offers);
      // Reloading the URL keeps the tab.
      await page.reload();
      await expect(page.getByRole("radio", { name: t("search.type.OFFER") })).toBeChecked();
      await context.close();
    });

    test("friction 6: on a phone the results come first, filters and map on request", async ({ browser }) => {
      const context = await newContext(browser, { viewport: PHONE });
      const page = await context.newPage();
      await homeSearch(page, locale, "cnc");
      const first = await page.getByTestId("search-hit").first().boundingBox();
      expect(first!.y, "first result within the first screen").toBeLessThan(PHONE.height);
      await expect(page.getByTestId("search-filters")).toBeHidden();
      await expect(page.getByTestId("search-map")).toBeHidden();
      await expectNoHorizontalOverflow(page, "phone search results");
      await expectNoAxeViolations(page, `phone search ${locale}`);

      // The toggles work once the page is hydrated (the home search navigated in the page: it is).
      await page.getByTestId("search-filters-toggle").click();
      await expect(page.getByTestId("search-countries")).toBeVisible();
      await expect(page.getByTestId("search-filters-toggle")).toHaveAttribute("aria-expanded", "true");
      await page.getByTestId("search-map-toggle").click();
      await expect(page.getByTestId("search-map").locator(".leaflet-control-zoom-in")).toBeVisible();
      await expectNoHorizontalOverflow(page, "phone search with filters and map");
      await expectNoAxeViolations(page, `phone search with filters and map ${locale}`);
      await context.close();
    });

    test("friction 8: the login page mentions no password", async ({ browser }) => {
      const context = await newContext(browser, { viewport: DESKTOP });
      const page = await context.newPage();
      await page.goto(pathOf("login", locale));
      await expect(page.getByText(t("login.trouble"))).toBeVisible();
      await expect(page.getByText(locale === "de" ? /Passwort vergessen/i : /Zapomenuté heslo/i)).toHaveCount(0);
      await expectNoAxeViolations(page, `login ${locale}`);
      await context.close();
    });

    test("bug 2, bug 7, friction 8: sign-up errors clear as fields become valid; the phone header keeps a long name on one line", async ({ browser }) => {
      test.slow();
      const context = await newContext(browser, { viewport: PHONE });
      const page = await context.newPage();
      const email = uniqueEmail(`qou-${locale}`);
      const name = locale === "de" ? "Maximiliane Musterfrau-Schwarzenberger" : "Bohuslava Nováková-Přemyslovská";
      await page.goto(pathOf("signup", locale));
      await page.getByRole("button", { name: t("signup.submit") }).click();
      const banner = page.getByTestId("form-error");
      await expect(banner).toHaveText(t("error.INVALID_INPUT"));
      await expect(page.getByText(t("error.NAME_REQUIRED"))).toBeVisible();
      await expect(page.getByText(t("error.CONSENT_REQUIRED"))).toHaveCount(2);
      await expect(page.getByLabel(t("field.fullName"))).toBeFocused();
      await expectNoAxeViolations(page, `sign-up with errors ${locale}`);

      await page.getByLabel(t("field.fullName")).fill(name);
      await expect(page.getByText(t("error.NAME_REQUIRED"))).toHaveCount(0);
      await expect(banner).toBeVisible();
      await page.getByLabel(t("field.email")).fill(email);
      await expect(page.getByText(t("error.EMAIL_INVALID"))).toHaveCount(0);
      await page.getByRole("checkbox").nth(0).check();
      await expect(page.getByText(t("error.CONSENT_REQUIRED"))).toHaveCount(1);
      await page.getByRole("checkbox").nth(1).check();
      await expect(page.getByText(t("error.CONSENT_REQUIRED"))).toHaveCount(0);
      await expect(banner).toHaveCount(0);
      await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);

      const since = new Date(Date.now() - 1000);
      await page.getByRole("button", { name: t("signup.submit") }).click();
      await expect(page.getByTestId("signup-success")).toContainText(email);
      await page.goto(await waitForLink(email, since));
      // Friction 8: the verification link signs in; no second mail with a code.
      const beforeVerify = new Date();
      await page.getByRole("button", { name: t("verify.confirm") }).click();
      await expect(page.getByTestId("verified-welcome")).toHaveText(t("verify.success"));
      await expect(page.getByTestId("account-email")).toHaveText(email);
      await page.waitForTimeout(500);
      expect(readOutbox().filter((m) => m.to === email && new Date(m.createdAt) >= beforeVerify)).toEqual([]);

      // The header: one line, inside the bar; the language switch whole.
      const menu = page.getByTestId("account-menu");
      const box = (await menu.boundingBox())!;
      expect(box.height, "account button on one line").toBeLessThanOrEqual(40);
      expect(box.y + box.height, "account button inside the 64 px bar").toBeLessThanOrEqual(64);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      await expect(menu).toHaveAttribute("title", name);
      const lang = page.getByTestId("language-switch");
      const langBox = (await lang.boundingBox())!;
      expect(langBox.x + langBox.width).toBeLessThanOrEqual(box.x);
      expect(await lang.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await expectNoHorizontalOverflow(page, "phone account page");
      await expectNoAxeViolations(page, `phone account page ${locale}`);
      await context.close();
    });

    test("bug 2, bug 3, friction 10, friction 11: company create form validates live; the owner cannot report errors on their profile", async ({ browser }) => {
      test.slow();
      const context = await newContext(browser, { role: "Organisation", viewport: DESKTOP });
      const page = await context.newPage();
      await page.goto(pathOf("companyCreate", locale));
      const form = page.getByTestId("company-form");
      await page.getByTestId("company-submit").click();
      const banner = form.getByTestId("form-error");
      await expect(banner).toHaveText(t("error.INVALID_INPUT"));
      const name = form.locator('input[name="name"]');
      await expect(name).toBeFocused();
      await expect(name).toHaveAttribute("aria-invalid", "true");
      await expect(form.getByText(t("error.LOGO_REQUIRED"))).toBeVisible();

      // Friction 10: an input in error keeps a grey placeholder, unlike its (red) value.
      const nace = page.getByTestId("nace-picker");
      await expect(nace).toHaveAttribute("aria-invalid", "true");
      const colours = await nace.evaluate((el) => ({ text: getComputedStyle(el).color, placeholder: getComputedStyle(el, "::placeholder").color }));
      expect(colours.placeholder).not.toBe(colours.text);
      await expectNoAxeViolations(page, `company form with errors ${locale}`);

      await name.fill("Zwischenstand");
      await expect(name).not.toHaveAttribute("aria-invalid");
      await expect(banner).toBeVisible();
      // Friction 10: a bare domain is a valid website (https:// is added).
      const website = form.locator('input[name="website"]');
      await website.fill("beispiel.de");
      await expect(website).not.toHaveAttribute("aria-invalid");

      const stamp = Date.now().toString(36);
      const companyName = `Qualität ${locale.toUpperCase()} ${stamp}`;
      await fillCompanyForm(page, {
        name: companyName,
        website: "www.qualitaet-test.de",
        nace: { query: "62.01", option: /62\.01/ },
        tags: [1, 2].map((n) => [`Qualität ${stamp} ${n}`, `Kvalita ${stamp} ${n}`]),
        descriptionDe: "Wir prüfen, ob Formulare sofort antworten.",
        descriptionCs: "Kontrolujeme, zda formuláře odpovídají hned.",
        headquarters: { country: "DE", state: "Sachsen", line1: "Hauptstraße 9", postalCode: "01067", city: "Dresden" },
      });
      // Two tags: the tag rule is still broken, so one message and the banner remain.
      await expect(form.locator('[aria-invalid="true"]')).toHaveCount(1);
      await expect(form.getByText(t("error.TAGS_MIN"))).toBeVisible();
      await expect(banner).toBeVisible();

      // Bug 3: dialog headers are no landmarks, the × of the picked logo has a name.
      await page.getByTestId("new-tag-open").click();
      await expect(page.getByTestId("new-tag-de")).toBeFocused();
      await expectNoAxeViolations(page, `new tag dialog ${locale}`);
      await page.keyboard.press("Escape");
      await addNewTag(page, `Qualität ${stamp} 3`, `Kvalita ${stamp} 3`);
      await expect(form.getByText(t("error.TAGS_MIN"))).toHaveCount(0);
      await expect(form.locator('[aria-invalid="true"]')).toHaveCount(0);
      await expect(banner).toHaveCount(0);
      await expect(page.getByRole("button", { name: t("action.clearFile") })).toBeVisible();
      await expectNoAxeViolations(page, `company form filled ${locale}`);

      await page.getByTestId("company-submit").click();
      await expect(page).toHaveURL(/\/(firmen|firmy)\/[0-9a-f-]{36}\?created=1$/, { timeout: 20_000 });
      await expect(page.getByRole("heading", { level: 1, name: companyName })).toBeVisible();
      await expect(page.getByTestId("company-website")).toHaveAttribute("href", "https://www.qualitaet-test.de");
      // Friction 11: no "report an error" on one's own profile.
      await expect(page.getByTestId("edit-company")).toBeVisible();
      await expect(page.getByTestId("report-error")).toHaveCount(0);
      // Friction 7: long names break at syllables in the page's language.
      await expect(page.getByRole("heading", { level: 1 })).toHaveCSS("hyphens", "auto");
      await expectNoAxeViolations(page, `own new company page ${locale}`);
      await context.close();
    });

    test("bug 2 and friction 9: the offer dialog validates live; the offer is found with its own keywords", async ({ browser }) => {
      test.slow();
      const context = await newContext(browser, { role: "Organisation", viewport: DESKTOP });
      const page = await context.newPage();
      await page.goto(pathOf("account", locale));
      await page.getByTestId("my-company").first().getByRole("link").click();
      await expect(page.getByTestId("edit-company")).toBeVisible();
      await expect(page.getByTestId("report-error")).toHaveCount(0);

      await page.getByRole("button", { name: t("service.addOffer") }).click();
      const dialog = page.getByRole("dialog", { name: t("service.createTitle") });
      await dialog.getByRole("button", { name: t("service.submit") }).click();
      const banner = dialog.getByTestId("form-error");
      await expect(banner).toHaveText(t("error.INVALID_INPUT"));
      await expect(dialog.getByText(t("error.TITLE_REQUIRED"))).toBeVisible();
      await expect(dialog.getByLabel(t("service.title"))).toBeFocused();
      await expectNoAxeViolations(page, `offer dialog with errors ${locale}`);

      const stamp = Date.now().toString(36);
      const title = `${locale === "de" ? "Prüfstand" : "Zkušebna"} ${stamp}`;
      const keywords = [`Stichwort${stamp}a`, `Stichwort${stamp}b`];
      await dialog.getByLabel(t("service.title")).fill(title);
      await expect(dialog.getByText(t("error.TITLE_REQUIRED"))).toHaveCount(0);
      await expect(banner).toBeVisible();
      await dialog.getByLabel(t("service.description")).fill(locale === "de" ? "Messplatz für Dauerläufe." : "Měřicí pracoviště pro dlouhodobé zkoušky.");
      await dialog.getByLabel(t("service.keywords")).fill(keywords.join(", "));
      await dialog.getByLabel(t("service.termsUrl")).fill("example.com/agb");
      await expect(dialog.locator('[aria-invalid="true"]')).toHaveCount(0);
      await expect(banner).toHaveCount(0);
      await dialog.getByRole("button", { name: t("service.submit") }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(t("service.created"))).toBeVisible();

      await page.goto(`${pathOf("search", locale)}?q=${stamp}&type=OFFER&country=DE&country=CZ`);
      const hit = page.getByTestId("search-hit").filter({ hasText: title });
      await expect(hit).toHaveCount(1);
      await expect(hit.getByRole("list", { name: t("search.tags") }).getByRole("listitem")).toHaveText(keywords);
      await expectNoAxeViolations(page, `offer search ${locale}`);
      await context.close();
    });

    test("bug 2, bug 4, friction 11: the error report validates live; the admin's decisions fit the table and ask first", async ({ browser }) => {
      test.slow();
      const reporter = await newContext(browser, { role: "Organisation", viewport: DESKTOP });
      const page = await reporter.newPage();
      await page.goto(`${pathOf("search", locale)}?q=gmbh&type=COMPANY&country=DE&country=CZ`);
      // A profile the demo organisation does not belong to (its own offers no error report).
      const results = page.url();
      for (let i = 0; ; i++) {
        await expect(page.getByTestId("search-hit-link").first()).toBeVisible();
        expect(i, "a hit whose profile the demo organisation does not belong to").toBeLessThan(await page.getByTestId("search-hit-link").count());
        await page.getByTestId("search-hit-link").nth(i).click();
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        if ((await page.getByTestId("edit-company").count()) === 0) break;
        await page.goto(results);
      }
      await expect(page.getByTestId("report-error")).toBeVisible();
      await page.getByTestId("report-error").click();
      const dialog = page.getByRole("dialog", { name: t("challenge.title") });
      await dialog.getByRole("button", { name: t("challenge.submit") }).click();
      const banner = dialog.getByTestId("form-error");
      await expect(banner).toHaveText(t("error.INVALID_INPUT"));
      await expect(dialog.getByText(t("error.CHALLENGE_REASON_REQUIRED"))).toBeVisible();
      await expect(dialog.getByText(t("error.CHALLENGE_DESCRIPTION_REQUIRED"))).toBeVisible();
      await expect(dialog.getByRole("checkbox").first()).toBeFocused();
      await expectNoAxeViolations(page, `error report with errors ${locale}`);
      await dialog.getByRole("checkbox", { name: t("challengeReason.address") }).check();
      await expect(dialog.getByText(t("error.CHALLENGE_REASON_REQUIRED"))).toHaveCount(0);
      await expect(banner).toBeVisible();
      const report = `${locale === "de" ? "Adresse veraltet" : "Zastaralá adresa"} ${Date.now().toString(36)}`;
      await dialog.getByLabel(t("challenge.description")).fill(report);
      await expect(dialog.getByText(t("error.CHALLENGE_DESCRIPTION_REQUIRED"))).toHaveCount(0);
      await expect(banner).toHaveCount(0);
      await dialog.getByRole("button", { name: t("challenge.submit") }).click();
      await expect(page.getByText(t("challenge.sent"))).toBeVisible();
      await reporter.close();

      const admin = await newContext(browser, { role: "Admin", viewport: DESKTOP });
      const adminPage = await admin.newPage();
      await adminPage.goto(pathOf("adminChallenges", locale));
      const row = adminPage.getByTestId("challenge-row").filter({ hasText: report });
      await expect(row).toHaveCount(1);
      // Bug 4: every decision button is whole inside the table, which does not scroll sideways.
      const frame = (await adminPage.getByTestId("challenges").boundingBox())!;
      for (const label of [t("adminChallenges.markUpdated"), t("adminChallenges.markNoUpdates")]) {
        const button = (await row.getByRole("button", { name: label }).boundingBox())!;
        expect(button.x + button.width, `${label} inside the table`).toBeLessThanOrEqual(frame.x + frame.width);
      }
      const fits = await row.evaluate((tr) => {
        let el: HTMLElement | null = tr.closest("table")!.parentElement;
        while (el && !["auto", "scroll"].includes(getComputedStyle(el).overflowX)) el = el.parentElement;
        return !el || el.scrollWidth <= el.clientWidth + 1;
      });
      expect(fits, "the table needs no sideways scrolling at 1280 px").toBe(true);
      await expectNoAxeViolations(adminPage, `challenges ${locale}`);

      // Friction 11: closing a report asks first; "cancel" changes nothing.
      await row.getByRole("button", { name: t("adminChallenges.markNoUpdates") }).click();
      const confirm = adminPage.getByRole("dialog", { name: t("adminChallenges.confirm.title") });
      await expect(confirm).toBeVisible();
      await expectNoAxeViolations(adminPage, `challenge confirmation ${locale}`);
      await confirm.getByRole("button", { name: t("action.cancel") }).click();
      await expect(confirm).toBeHidden();
      await expect(row).toHaveCount(1);
      await row.getByRole("button", { name: t("adminChallenges.markNoUpdates") }).click();
      await confirm.getByTestId("confirm-decision").click();
      await expect(adminPage.getByTestId("challenge-done")).toHaveText(t("adminChallenges.done.noUpdates"));
      await expect(row).toHaveCount(0);

      // Rejecting on the approvals page asks first too (cancelled here: the profile stays pending).
      await adminPage.goto(pathOf("adminApprovals", locale));
      // The button opens React's dialog: a click before the page is hydrated does nothing.
      await waitForHydration(adminPage);
      const companyRow = adminPage.getByTestId("approvals-companies").getByRole("row").nth(1);
      const pendingName = (await companyRow.getByRole("link").first().textContent()) ?? "";
      await companyRow.getByRole("button", { name: t("approvals.reject") }).click();
      const ask = adminPage.getByRole("dialog", { name: t("approvals.confirmReject.title") });
      await expect(ask).toContainText(pendingName);
      await ask.getByRole("button", { name: t("action.cancel") }).click();
      await expect(ask).toBeHidden();
      await expect(adminPage.getByTestId("approvals-companies")).toContainText(pendingName);
      await admin.close();
    });

    test("friction 13: pages not built yet are hidden: not linked, not in the sitemap, 404 for any id", async ({ browser, request }) => {
      const hidden = PAGES.filter((p) => !isBuilt(p.id));
      for (const def of hidden.filter((p) => p.access === "public")) {
        for (const id of ["1", "gibt-es-nicht"]) {
          const response = await request.get(encodeURI(href(def.id, locale, { id })), { maxRedirects: 0 });
          expect(response.status(), `${def.id} ${id}`).toBe(404);
        }
      }
      const sitemap = await (await request.get(`/${locale}/sitemap.xml`)).text();
      for (const def of hidden) expect(sitemap, def.id).not.toContain(encodeURI(href(def.id, locale, { id: "" }).replace(/\/$/, "")));

      const context = await newContext(browser, { role: "Admin", viewport: DESKTOP });
      const page = await context.newPage();
      for (const path of [pathOf("home", locale), pathOf("admin", locale)]) {
        await page.goto(path);
        for (const def of hidden.filter((p) => !p.de.includes(":"))) {
          await expect(page.locator(`a[href="${encodeURI(href(def.id, locale))}"]`), `${path} links ${def.id}`).toHaveCount(0);
        }
      }
      await page.goto(pathOf("home", locale));
      // Sections and menu entries appear with their pages (the event list and my events are built).
      await expect(page.getByRole("heading", { name: t("home.events.title") })).toHaveCount(isBuilt("eventList") ? 1 : 0);
      await expect(page.getByRole("heading", { name: t("home.news.title"), exact: true })).toHaveCount(isBuilt("newsList") ? 1 : 0);
      await waitForHydration(page);
      await page.getByTestId("account-menu").click();
      await expect(page.getByRole("menuitem", { name: t("nav.myEvents") })).toHaveCount(isBuilt("myEvents") ? 1 : 0);
      await page.keyboard.press("Escape");
      await expectNoAxeViolations(page, `home ${locale}`);
      await context.close();
    });
  });
}

test("the search tabs count the same filters in both languages (no hidden German on the Czech page)", async ({ browser }: { browser: Browser }) => {
  const context = await newContext(browser, { viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(`${pathOf("search", "cs")}?q=usti&type=OFFER&country=DE&country=CZ`);
  const cs = await tabCount(page, "OFFER");
  await page.goto(`${pathOf("search", "de")}?q=usti&type=OFFER&country=DE&country=CZ`);
  expect(await tabCount(page, "OFFER")).toBe(cs);
  await context.close();
});
