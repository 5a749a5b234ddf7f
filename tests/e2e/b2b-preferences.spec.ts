import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { LOCALES, type Locale } from "../../app/i18n/locales";
import type { MessageKey, MessageValues } from "../../app/i18n/translate";
import { href } from "../../app/routing/paths";
import { E2E_BASE_URL } from "../../playwright.config";
import { expectAxeAtBothWidths, loginWithCode, msg, newContext, pathOf, storageStateFor } from "./support";

/**
 * Issue 12, companies rank the partners they want to meet, in Chromium, in both languages. The
 * demo B2B exchange's registration closed two days before the seeding day (seed-b2b.server.ts),
 * so B2B matching is open now. A demo participant opens the ranking page from the event page,
 * adds partners (searching), reorders by keyboard (focus stays on the moved company) and by drag,
 * marks one "do not meet", saves, reloads and sees the order; with the test clock after the
 * preference deadline the page is read-only with the reason. The demo organiser enters another
 * company's ranking on its behalf. axe on both pages at 1280 and 390 px.
 */
const EVENT_DE = "B2B-Kooperationsbörse Maschinenbau";
/** Each language with its own demo participant and its own company for the organiser, so the two runs can go in parallel. */
const RUN: Record<Locale, { email: string; company: string; onBehalfOf: string }> = {
  de: { email: "teilnehmer.1@partnernet.example", company: "Richter Holzbau GmbH", onBehalfOf: "Sedláček Cestovní ruch s.r.o." },
  cs: { email: "ucastnik.2@partnernet.example", company: "Dvořák Lahůdky s.r.o.", onBehalfOf: "Novák Plasty s.r.o." },
};
const A = "Kučera Stavebnictví s.r.o.";
const B = "Kučera Kovovýroba s.r.o.";
const C = "Krause Logistik GmbH";
const NOT_MEET = "Horák Sklárna s.r.o.";

async function eventId(page: Page): Promise<string> {
  await page.goto(`${pathOf("eventList", "de")}?q=${encodeURIComponent(EVENT_DE)}`);
  const link = page.getByTestId("event-card-link").first();
  await expect(link).toBeVisible();
  const target = decodeURI((await link.getAttribute("href")) ?? "");
  return target.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/)![0];
}

const wishes = async (page: Page) => (await page.getByTestId("prefs-wishes").getByTestId("prefs-wish-name").allInnerTexts()).map((s) => s.trim());
const candidate = (page: Page, name: string): Locator => page.getByTestId("prefs-candidate").filter({ has: page.getByText(name, { exact: true }) });

async function add(page: Page, t: (key: MessageKey, values?: MessageValues) => string, name: string) {
  await page.getByTestId("prefs-search").fill(name);
  await page.getByRole("button", { name: t("b2bPrefs.addLabel", { name }) }).click();
  await expect(candidate(page, name).getByTestId("prefs-candidate-rank")).toBeVisible();
}

async function organiserOnBehalf(browser: Browser, locale: Locale, id: string, companyId: string, partners: string[]) {
  const t = (key: MessageKey, values?: MessageValues) => msg(locale, key, values);
  const context = await newContext(browser, { role: "Multiplikator", viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    await page.goto(pathOf("adminB2bPreferences", locale, { id, companyId }));
    await expect(page.getByRole("heading", { level: 1, name: t("page.adminB2bPreferences.title") })).toBeVisible();
    await expect(page.getByTestId("prefs-company-name")).toHaveText(RUN[locale].onBehalfOf);
    await expect(page.getByTestId("prefs-back")).toHaveAttribute("href", href("adminB2b", locale, { id }));
    await expect(page.getByTestId("prefs-submitted")).toHaveText(t("b2bPrefs.notSubmitted"));
    for (const name of partners) await add(page, t, name);
    // The second moves up by keyboard.
    await page.getByRole("button", { name: t("b2bPrefs.moveUp", { name: partners[1]! }) }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => wishes(page)).toEqual([partners[1], partners[0]]);
    await page.getByTestId("prefs-save").click();
    await expect(page.getByTestId("prefs-saved")).toHaveText(t("b2bPrefs.saved"));
    await expect(page.getByTestId("prefs-submitted")).toContainText(t("b2bPrefs.byOrganiser"));
    await page.reload();
    await expect.poll(() => wishes(page)).toEqual([partners[1], partners[0]]);
    await page.getByTestId("prefs-search").fill("");
    await expectAxeAtBothWidths(page, `organiser's ranking page ${locale}`);
  } finally {
    await context.close();
  }
}

for (const locale of LOCALES) {
  test(`a participant ranks partners after registration closed; the organiser enters a ranking on behalf (${locale})`, async ({ browser }) => {
    test.slow();
    const t = (key: MessageKey, values?: MessageValues) => msg(locale, key, values);
    const run = RUN[locale];
    const context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await loginWithCode(page, run.email, locale);
      const id = await eventId(page);

      // From the event page: B2B matching is open, and the company takes part.
      await page.goto(pathOf("eventDetail", locale, { id }));
      await expect(page.getByTestId("event-state")).toHaveAttribute("data-state", "B2B_MATCHING");
      await page.getByTestId("event-b2b-preferences").click();
      await expect(page.getByRole("heading", { level: 1, name: t("page.eventB2bPreferences.title") })).toBeVisible();
      await expect(page.getByTestId("prefs-company-name")).toHaveText(t("b2bPrefs.forCompany", { company: run.company }));
      await expect(page.getByTestId("prefs-window")).toHaveAttribute("data-open", "true");
      await expect(page.getByTestId("prefs-candidate")).toHaveCount(23);
      await expect(page.getByTestId("prefs-counter")).toHaveText(t("b2bPrefs.counter", { count: 0, max: 10 }));
      await expectAxeAtBothWidths(page, `ranking page ${locale}`);

      // Search by name, then add three partners.
      await page.getByTestId("prefs-search").fill("kucera");
      await expect(page.getByTestId("prefs-candidate")).toHaveCount(2);
      await expect(page.getByTestId("prefs-search-count")).toHaveText(t("b2bPrefs.searchCount", { shown: 2, total: 23 }));
      for (const name of [A, B, C]) await add(page, t, name);
      await expect(page.getByTestId("prefs-counter")).toHaveText(t("b2bPrefs.counter", { count: 3, max: 10 }));
      await expect.poll(() => wishes(page)).toEqual([A, B, C]);

      // Keyboard: C moves up twice; the focus stays on it, each step is announced.
      const upC = page.getByRole("button", { name: t("b2bPrefs.moveUp", { name: C }) });
      await upC.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => wishes(page)).toEqual([A, C, B]);
      await expect(upC).toBeFocused();
      await expect(page.getByTestId("prefs-announcement")).toHaveText(t("b2bPrefs.announce.moved", { name: C, position: 2, count: 3 }));
      await page.keyboard.press("Enter");
      await expect.poll(() => wishes(page)).toEqual([C, A, B]);
      // First now: "up" is disabled, so the focus went to its "down" button.
      await expect(page.getByRole("button", { name: t("b2bPrefs.moveDown", { name: C }) })).toBeFocused();

      // Drag: B by its handle onto the first place.
      const handle = page.getByRole("button", { name: t("b2bPrefs.drag", { name: B }) });
      const target = page.getByTestId("prefs-wishes").getByTestId("prefs-wish").first();
      const from = (await handle.boundingBox())!;
      const to = (await target.boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
      await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 15 });
      await page.mouse.up();
      await expect.poll(() => wishes(page)).toEqual([B, C, A]);

      // "Do not meet" one company.
      await page.getByTestId("prefs-search").fill(NOT_MEET);
      await page.getByRole("button", { name: t("b2bPrefs.excludeLabel", { name: NOT_MEET }) }).click();
      await expect(page.getByTestId("prefs-excluded-item")).toHaveText(new RegExp(NOT_MEET));
      await expect(page.getByTestId("prefs-unsaved")).toBeVisible();

      // The other two demo companies too: the three demo companies rank each other (with
      // Sabine Krause's list in b2b-journey.spec.ts).
      const others = locale === "de" ? ["Dvořák Lahůdky s.r.o.", "Wagner Tourismus GmbH"] : ["Richter Holzbau GmbH", "Wagner Tourismus GmbH"];
      for (const name of others) await add(page, t, name);

      // Save, reload: the order and the exclusion are stored.
      await page.getByTestId("prefs-save").click();
      await expect(page.getByTestId("prefs-saved")).toHaveText(t("b2bPrefs.saved"));
      await page.reload();
      await expect.poll(() => wishes(page)).toEqual([B, C, A, ...others]);
      await expect(page.getByTestId("prefs-excluded-item")).toHaveText(new RegExp(NOT_MEET));
      await expect(page.getByTestId("prefs-submitted")).toContainText(run.email.startsWith("teilnehmer") ? "Thomas Richter" : "Jana Dvořáková");

      // My events links to the page too.
      await page.goto(pathOf("myEvents", locale));
      await expect(page.getByTestId("my-event-b2b-preferences")).toHaveAttribute("href", href("eventB2bPreferences", locale, { id }));

      // After the preference deadline (test clock +31 days): read-only, with the reason.
      await context.addCookies([{ name: "e2e_clock", value: "31", url: E2E_BASE_URL }]);
      await page.goto(pathOf("eventB2bPreferences", locale, { id }));
      await expect(page.getByTestId("prefs-window")).toHaveAttribute("data-open", "false");
      await expect(page.getByTestId("prefs-save")).toHaveCount(0);
      await expect(page.getByTestId("prefs-add")).toHaveCount(0);
      await expect.poll(() => wishes(page)).toEqual([B, C, A, ...others]);
      await context.clearCookies({ name: "e2e_clock" });

      // The organiser enters the ranking of a company that has none, on its behalf.
      await page.goto(pathOf("eventB2bPreferences", locale, { id }));
      const companyId = (await candidate(page, run.onBehalfOf).getAttribute("data-company-id"))!;
      await organiserOnBehalf(browser, locale, id, companyId, locale === "de" ? [run.company, A] : [run.company, C]);
    } finally {
      await context.close();
    }
  });
}

test("someone whose company does not take part gets the translated refusal", async ({ browser }) => {
  const context = await newContext(browser, { role: "Organisation" });
  const page = await context.newPage();
  try {
    const id = await eventId(page);
    const response = await page.goto(pathOf("eventB2bPreferences", "de", { id }));
    expect(response?.status()).toBe(403);
    await expect(page.getByText(msg("de", "error.B2B_NOT_PARTICIPANT"))).toBeVisible();
  } finally {
    await context.close();
  }
});

test("without JavaScript the organiser builds, orders and saves a list with the same buttons", async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageStateFor("Multiplikator"), javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    const id = await eventId(page);
    const company = "Seidel Feinkost GmbH";
    await page.goto(`${pathOf("search", "de")}?q=seidel&type=COMPANY&country=DE&country=CZ`);
    const link = decodeURI((await page.getByTestId("search-hit-link").filter({ hasText: company }).first().getAttribute("href"))!);
    const companyId = link.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/)![0];
    await page.goto(pathOf("adminB2bPreferences", "de", { id, companyId }));
    await expect(page.getByTestId("prefs-company-name")).toHaveText(company);
    const before = await wishes(page);
    expect(before.length).toBeGreaterThanOrEqual(3); // seeded
    // Remove the first, add one at the end, move it up: each step is a round trip, unsaved.
    await page.getByRole("button", { name: msg("de", "b2bPrefs.removeLabel", { name: before[0]! }) }).click();
    await expect.poll(() => wishes(page)).toEqual(before.slice(1));
    await page.getByRole("button", { name: msg("de", "b2bPrefs.addLabel", { name: before[0]! }) }).click();
    await expect.poll(() => wishes(page)).toEqual([...before.slice(1), before[0]]);
    await page.getByRole("button", { name: msg("de", "b2bPrefs.moveUp", { name: before[0]! }) }).click();
    const expected = [...before.slice(1, -1), before[0], before[before.length - 1]];
    await expect.poll(() => wishes(page)).toEqual(expected);
    await expect(page.getByTestId("prefs-unsaved")).toBeVisible();
    await page.getByTestId("prefs-save").click();
    await expect(page.getByTestId("prefs-saved")).toBeVisible();
    await page.goto(pathOf("adminB2bPreferences", "de", { id, companyId }));
    await expect.poll(() => wishes(page)).toEqual(expected);
  } finally {
    await context.close();
  }
});
