import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import type { Locale } from "../../app/i18n/locales";
import type { MessageKey, MessageValues } from "../../app/i18n/translate";
import { expectAxeAtBothWidths, expectBadgesWhole, expectNoAxeViolations, expectNoHorizontalOverflow, loginWithCode, msg, newContext, pathOf, waitForHydration } from "./support";

/**
 * Issue 12 as one journey in Chromium, German then Czech, on the demo B2B exchange (24 companies,
 * registration closed, 19 of them ranked; the two other demo participants rank in b2b-preferences.spec.ts):
 * a third demo company (Sabine Krause's) ranks the other two demo companies; the organiser opens
 * the B2B page, runs the matching, locks a meeting, re-runs (the locked meeting stays), publishes
 * after confirming and downloads the plan by tables (table filter applied, CSV and PDF); the
 * participant finds its agenda under my events and on the event page, and downloads it as PDF and
 * .ics. In Czech the organiser re-runs and publishes again and a Czech participant reads its agenda.
 * axe on the B2B page and on the event page with the agenda, at 1280 and 390 px.
 */
test.describe.configure({ mode: "serial" });

const EVENT_DE = "B2B-Kooperationsbörse Maschinenbau";
const PARTICIPANT: Record<Locale, { email: string }> = {
  de: { email: "teilnehmer.3@partnernet.example" },
  // A registrant of one of the further demo companies (seed-b2b.server.ts).
  cs: { email: "b2b.12@partnernet.example" },
};
const WISHES = ["Richter Holzbau GmbH", "Dvořák Lahůdky s.r.o."];

/** A run solves, stores and reloads the page: on a busy 2-core CI machine that can pass 10 s. */
const RUN_TIMEOUT = 30_000;

let eventId = "";
const signedIn: Partial<Record<Locale, BrowserContext>> = {};

/** The schedule's "Wunsch n" / "nicht gewünscht" and the wish-list badges, whole at 1280 and 390 px (issue 19). */
async function expectScheduleBadgesWhole(organiser: Page, t: (key: MessageKey) => string, label: string) {
  for (const width of [1280, 390]) {
    await organiser.setViewportSize({ width, height: 900 });
    const ranks = organiser.getByTestId("b2b-rank-badge");
    await expect(ranks.filter({ hasText: t("b2b.schedule.notRanked") }).first()).toBeAttached();
    await expectBadgesWhole(ranks, `${label}: schedule badges @${width}`);
    await expectBadgesWhole(organiser.getByTestId("b2b-pref-status-badge"), `${label}: wish-list badges @${width}`);
  }
  await organiser.setViewportSize({ width: 1280, height: 900 });
}

async function findEvent(page: Page): Promise<string> {
  await page.goto(`${pathOf("eventList", "de")}?q=${encodeURIComponent(EVENT_DE)}`);
  const target = decodeURI((await page.getByTestId("event-card-link").first().getAttribute("href")) ?? "");
  return target.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/)![0];
}

async function participant(browser: Browser, locale: Locale): Promise<Page> {
  if (!signedIn[locale]) {
    signedIn[locale] = await newContext(browser, { viewport: { width: 1280, height: 900 } });
    await loginWithCode(await signedIn[locale]!.newPage(), PARTICIPANT[locale].email, locale);
  }
  return signedIn[locale]!.newPage();
}

test.afterAll(async () => {
  for (const context of Object.values(signedIn)) await context?.close();
});

/**
 * Publishes the current run after confirming. The preference tests run alongside and may save an
 * exclusion that the current run breaks ("re-run first"): then it runs once more before publishing.
 */
async function publish(organiser: Page) {
  if (await organiser.getByTestId("b2b-outdated").isVisible()) {
    const heading = organiser.getByTestId("b2b-result").getByRole("heading", { level: 2 });
    const before = await heading.innerText();
    await organiser.getByTestId("b2b-run").click();
    await expect(heading).not.toHaveText(before);
  }
  await organiser.getByTestId("b2b-publish").click();
  await organiser.getByTestId("b2b-publish-confirm").click();
  await expect(organiser.getByTestId("b2b-published")).toBeVisible();
}

async function pdfText(body: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(body));
  return ((await extractText(document, { mergePages: true })).text as string).replace(/\s+/g, " ");
}

/** The agenda on the event page (reached from my events) and its downloads. */
async function checkAgenda(page: Page, locale: Locale) {
  const t = (key: MessageKey, values?: MessageValues) => msg(locale, key, values);
  await page.goto(pathOf("myEvents", locale));
  const card = page.getByTestId("my-event").filter({ hasText: locale === "de" ? EVENT_DE : "B2B kooperační burza strojírenství" });
  await card.getByRole("link", { name: t("myEvents.agenda"), exact: true }).click();
  const agenda = page.getByTestId("b2b-agenda");
  await expect(agenda.getByRole("heading", { level: 2, name: t("b2bAgenda.title") })).toBeVisible();
  const rows = agenda.getByTestId("agenda-row");
  // One row per round (8 in the demo plan): a meeting or a pause.
  await expect(rows).toHaveCount(8);
  await expect(rows.first()).toContainText(t("b2bAgenda.roundN", { round: 1 }));
  await expect(rows.first()).toContainText(/\d{1,2}:\d{2}\s*–\s*\d{1,2}:\d{2}/);
  const partner = agenda.getByTestId("agenda-partner").first();
  await expect(partner).toHaveAttribute("href", new RegExp(locale === "de" ? "/de/firmen/" : "/cs/firmy/"));
  const partnerName = (await partner.innerText()).trim();
  await expect(agenda.getByRole("link", { name: /@/ }).first()).toHaveAttribute("href", /^mailto:/);
  await expectAxeAtBothWidths(page, `event page with agenda ${locale}`);

  const pdf = await page.request.get((await agenda.getByTestId("agenda-pdf").getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const text = await pdfText(await pdf.body());
  expect(text).toContain(t("b2bAgenda.col.partner"));
  expect(text).toContain(partnerName);

  const ics = await page.request.get((await agenda.getByTestId("agenda-ics").getAttribute("href"))!);
  expect(ics.status()).toBe(200);
  expect(ics.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const calendar = (await ics.text()).replace(/\r\n[ \t]/g, "");
  // The table and the phone cards carry the same meetings; count them in the table.
  const meetings = await agenda.getByTestId("agenda-table").getByTestId("agenda-partner").count();
  expect(calendar.match(/^BEGIN:VEVENT$/gm)).toHaveLength(meetings);
  expect(calendar).toMatch(/^DTSTART:\d{8}T\d{6}Z$/m);
  expect(calendar).toContain(partnerName);
}

test("German: a company ranks, the organiser runs, locks, re-runs, publishes and prints the table plan; the participant gets its agenda", async ({ browser }) => {
  // Ten minutes, not test.slow()'s six: it runs axe in both themes on each of the organiser's large
  // schedule pages, 9–28 s per analysis on a loaded 2-core machine (session 16's full run: 6.0 min, timed out).
  test.setTimeout(600_000);
  const t = (key: MessageKey, values?: MessageValues) => msg("de", key, values);
  const page = await participant(browser, "de");
  eventId = await findEvent(page);

  // The third demo company ranks the other two.
  await page.goto(pathOf("eventB2bPreferences", "de", { id: eventId }));
  for (const name of WISHES) {
    await page.getByTestId("prefs-search").fill(name);
    // On the retry of a first try that got past saving, the wish is already there.
    const add = page.getByRole("button", { name: t("b2bPrefs.addLabel", { name }) });
    const remove = page.getByRole("button", { name: t("b2bPrefs.removeLabel", { name }) });
    await expect(add.or(remove)).toBeVisible();
    if (await add.isVisible()) await add.click();
  }
  await page.getByTestId("prefs-save").click();
  await expect(page.getByTestId("prefs-saved")).toBeVisible();

  const organiserContext = await newContext(browser, { role: "Multiplikator", viewport: { width: 1280, height: 900 } });
  const organiser = await organiserContext.newPage();
  try {
    // From the organiser's event list to the B2B page.
    await organiser.goto(`${pathOf("adminEvents", "de")}?q=${encodeURIComponent(EVENT_DE)}`);
    await organiser.getByRole("link", { name: t("eventAdmin.b2bNamed", { title: EVENT_DE }) }).click();
    await expect(organiser.getByRole("heading", { level: 1, name: t("page.adminB2b.title") })).toBeVisible();
    expect(decodeURI(organiser.url())).toContain(`/de/admin/veranstaltungen/b2b/${eventId}`);
    await expect(organiser.getByTestId("b2b-max-rounds")).toHaveText(t("b2b.run.maxRounds", { count: 23 }));
    await expect(organiser.getByTestId("prefs-status")).toBeVisible();
    // Those who have not ranked are reminded (after confirming), by e-mail through the queue.
    await organiser.getByTestId("prefs-remind").click();
    await organiser.getByTestId("prefs-remind-confirm").click();
    await expect(organiser.getByTestId("prefs-reminded").or(organiser.getByText(t("b2bPrefs.status.remindedNone")))).toBeVisible();
    // The first two tables get names; a wrong round time is refused on its field first.
    const plan = organiser.getByTestId("b2b-plan-form");
    await plan.getByLabel(t("b2b.plan.tableLabels")).fill("A1, A2");
    await organiser.getByTestId("b2b-plan-round-2").fill("10:35");
    await organiser.getByTestId("b2b-plan-save").click();
    await expect(plan.getByText(t("error.B2B_ROUNDS_OVERLAP"))).toBeVisible();
    await expect(organiser.getByTestId("b2b-plan-round-2")).toBeFocused();
    await organiser.getByTestId("b2b-plan-round-2").fill("10:55");
    await expect(plan.getByText(t("error.B2B_ROUNDS_OVERLAP"))).toBeHidden();
    await organiser.getByTestId("b2b-plan-save").click();
    await expect(organiser.getByTestId("b2b-plan-saved")).toBeVisible();
    await organiser.getByTestId("b2b-run").click();
    await expect(organiser.getByTestId("b2b-done")).toHaveText(t("b2b.done.run", { number: 1 }), { timeout: RUN_TIMEOUT });
    const result = organiser.getByTestId("b2b-result");
    await expect(result).toBeVisible();
    await expect(result.getByTestId("b2b-score-explained")).toHaveText(t("b2b.figures.scoreExplained", { max: 10 }));
    await expect(result.getByTestId("b2b-not-final")).toBeVisible();
    // How close to the best possible schedule (decision 057): "best possible" or "at most X % below".
    const optimality = result.getByTestId("b2b-optimality");
    await expect(optimality).toContainText(t("b2b.figures.optimality"));
    const closeness = await optimality.innerText();
    expect(closeness.includes(t("b2b.figures.optimal")) || closeness.includes("%"), closeness).toBe(true);
    await expectAxeAtBothWidths(organiser, "B2B page with a result");
    await expectScheduleBadgesWhole(organiser, t, "de");

    // Lock the first meeting of round 2, re-run: it stays where it was.
    const round2 = result.getByTestId("b2b-round-2");
    const locked = round2.getByTestId("b2b-meeting").first();
    const cells = async (row: typeof locked) => (await row.locator("td").allInnerTexts()).slice(0, 3).join(" | ");
    const lockedText = await cells(locked);
    await locked.getByTestId("b2b-lock").click();
    await expect(round2.getByTestId("b2b-meeting").first().getByTestId("b2b-lock")).toHaveAttribute("aria-pressed", "true");
    await organiser.getByTestId("b2b-run").click();
    await expect(result.getByRole("heading", { level: 2 })).toHaveText(t("b2b.result.title", { number: 2 }), { timeout: RUN_TIMEOUT });
    const kept = result.getByTestId("b2b-round-2").getByTestId("b2b-meeting").first();
    await expect(kept.getByTestId("b2b-lock")).toHaveAttribute("aria-pressed", "true");
    expect(await cells(kept)).toBe(lockedText);
    await expect(organiser.getByTestId("b2b-history").getByTestId("b2b-run-1")).toBeVisible();

    // Publishing asks first.
    await publish(organiser);

    // The plan by tables, narrowed to two tables, as the reception desk prints it.
    await result.getByTestId("b2b-tab-tables").click();
    await expect(result.getByTestId("b2b-by-tables")).toBeVisible();
    await result.getByTestId("b2b-table-filter").click();
    await organiser.getByRole("option", { name: "A1", exact: true }).click();
    await organiser.getByRole("option", { name: "A2", exact: true }).click();
    await organiser.keyboard.press("Escape");
    await expect(result.getByTestId("b2b-by-tables").locator("tbody tr")).toHaveCount(2);
    const pdfHref = (await result.getByTestId("b2b-download-pdf").getAttribute("href"))!;
    expect(pdfHref).toContain("?tables=1,2");
    const pdf = await organiser.request.get(pdfHref);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const text = await pdfText(await pdf.body());
    expect(text).toContain(t("b2b.pdf.round", { round: 8, time: "" }).split(" · ")[0]!);
    expect(text).not.toContain(t("b2b.pdf.draft"));
    const csv = await organiser.request.get((await result.getByTestId("b2b-download-csv").getAttribute("href"))!);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toContain(`"${t("b2b.csv.round")}";`);
    // Two tables × eight rounds at most.
    expect(lines.length - 1).toBeGreaterThan(0);
    expect(lines.slice(1).every((l) => /^"\d+";"[^"]+";"[^"]+";"(A1|A2)";/.test(l))).toBe(true);
  } finally {
    await organiserContext.close();
  }

  await checkAgenda(page, "de");
});

test("Czech: the organiser re-runs, restores an earlier run and publishes again in Czech; a Czech participant reads its agenda", async ({ browser }) => {
  // Ten minutes as the German journey: the same axe analyses of large schedule pages (session 17's full
  // run at load 11: 6.0 min, timed out while still working).
  test.setTimeout(600_000);
  const t = (key: MessageKey, values?: MessageValues) => msg("cs", key, values);
  const organiserContext = await newContext(browser, { role: "Multiplikator", viewport: { width: 1280, height: 900 } });
  const organiser = await organiserContext.newPage();
  try {
    await organiser.goto(pathOf("adminB2b", "cs", { id: eventId }));
    await expect(organiser.getByRole("heading", { level: 1, name: t("page.adminB2b.title") })).toBeVisible();
    await expect(organiser.getByTestId("b2b-published")).toBeVisible();
    await waitForHydration(organiser);
    const heading = organiser.getByTestId("b2b-result").getByRole("heading", { level: 2 });
    await organiser.getByTestId("b2b-run").click();
    await expect(heading).toHaveText(t("b2b.result.title", { number: 3 }), { timeout: RUN_TIMEOUT });
    await organiser.getByTestId("b2b-run").click();
    await expect(heading).toHaveText(t("b2b.result.title", { number: 4 }), { timeout: RUN_TIMEOUT });
    // How close to the best possible schedule, in Czech (decision 057).
    const optimality = organiser.getByTestId("b2b-result").getByTestId("b2b-optimality");
    await expect(optimality).toContainText(t("b2b.figures.optimality"));
    const closeness = await optimality.innerText();
    expect(closeness.includes(t("b2b.figures.optimal")) || closeness.includes("%"), closeness).toBe(true);
    // Restoring run 3 asks first, then makes a new run of it.
    await organiser.getByTestId("b2b-restore-3").click();
    await organiser.getByTestId("b2b-restore-3-confirm").click();
    await expect(heading).toHaveText(t("b2b.result.title", { number: 5 }), { timeout: RUN_TIMEOUT });
    await expect(organiser.getByTestId("b2b-history").getByTestId("b2b-run-5")).toContainText(t("b2b.history.kind.RESTORED"));
    await publish(organiser);
    await expectAxeAtBothWidths(organiser, "B2B page in Czech");
    await expectScheduleBadgesWhole(organiser, t, "cs");
  } finally {
    await organiserContext.close();
  }
  await checkAgenda(await participant(browser, "cs"), "cs");
});

/**
 * Issue 24, same-day re-match of no-shows, on a 390 px phone in both languages (after the journey
 * above, in this serial file, so the run numbers above stay as they are): the organiser marks the
 * participant's partner of its last meeting absent and re-matches the no-shows after confirming
 * (German: with e-mail, Czech: without); the participant's agenda (from my events) says "changed"
 * and no longer lists that partner. axe on the B2B page with the panel, on the confirmation dialog
 * and on the changed agenda, at 390 px.
 */
const PHONE = { width: 390, height: 844 };

for (const locale of ["de", "cs"] as const) {
  test(`${locale === "de" ? "German" : "Czech"}, event day on a phone: the organiser marks a company absent and re-matches the no-shows; the participant sees its changed agenda`, async ({ browser }) => {
    test.slow();
    const t = (key: MessageKey, values?: MessageValues) => msg(locale, key, values);
    const page = await participant(browser, locale);
    await page.setViewportSize(PHONE);
    await page.goto(pathOf("eventDetail", locale, { id: eventId }));
    const cards = page.getByTestId("b2b-agenda").getByTestId("agenda-card");
    // The partner of its last meeting (the journey locked a meeting in round 2 only; locked ones stay).
    const partnerName = (await cards.filter({ has: page.getByTestId("agenda-partner") }).last().getByTestId("agenda-partner").innerText()).trim();

    const organiserContext = await newContext(browser, { role: "Multiplikator", viewport: PHONE });
    const organiser = await organiserContext.newPage();
    try {
      await organiser.goto(pathOf("adminB2b", locale, { id: eventId }));
      await waitForHydration(organiser);
      const panel = organiser.getByTestId("b2b-noshow");
      await expect(panel.getByRole("heading", { level: 2, name: t("b2b.noShow.title") })).toBeVisible();
      const row = panel.locator(`[data-testid="noshow-row"][data-company="${partnerName}"]`);
      await row.getByRole("button", { name: t("b2b.noShow.markAbsentLabel", { company: partnerName }) }).click();
      await expect(organiser.getByTestId("b2b-done")).toHaveText(t("b2b.done.absent"));
      await expect(row).toHaveAttribute("data-noshow", "yes");
      await expect(row).toContainText(t("b2b.noShow.status.absent"));
      await expectNoAxeViolations(organiser, `B2B page with the no-show panel ${locale} @390`);
      await expectNoHorizontalOverflow(organiser, `B2B page with the no-show panel ${locale} @390`);
      // The automatic re-match at the cut-off is the organiser's choice beside the cut-off (saved, shown again; off again after).
      for (const choice of ["PAGES", "OFF"] as const) {
        await panel.getByLabel(t("b2b.noShow.auto")).selectOption(choice);
        await panel.getByRole("button", { name: t("b2b.noShow.saveCutoff") }).click();
        await expect(organiser.getByTestId("b2b-done")).toHaveText(t("b2b.done.cutoff"));
        await expect(panel.getByLabel(t("b2b.noShow.auto"))).toHaveValue(choice);
        if (choice === "PAGES") await panel.screenshot({ path: test.info().outputPath(`noshow-panel-${locale}.png`) });
      }

      await panel.getByTestId("noshow-rematch").click();
      const dialog = organiser.getByRole("dialog", { name: t("b2b.noShow.confirmTitle") });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(organiser, `re-match dialog ${locale} @390`);
      if (locale === "de") await dialog.getByLabel(t("b2b.noShow.mail")).check();
      await dialog.getByTestId("noshow-rematch-confirm").click();
      await expect(organiser.getByTestId("b2b-done")).toContainText(locale === "de" ? "Neu zugeordnet" : "Přeplánováno", { timeout: RUN_TIMEOUT });
      await expect(organiser.getByTestId("b2b-history")).toContainText(t("b2b.history.kind.NO_SHOW"));
    } finally {
      await organiserContext.close();
    }

    // The participant's event page, left open on the phone, shows the new agenda when it comes back
    // into view (the event is weeks ahead here: on its event day it also refreshes every minute).
    await waitForHydration(page);
    await page.evaluate(() => {
      for (const state of ["hidden", "visible"]) {
        Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
        document.dispatchEvent(new Event("visibilitychange"));
      }
    });
    await expect(cards.getByTestId("agenda-partner").filter({ hasText: partnerName })).toHaveCount(0);
    await expect(page.getByTestId("b2b-agenda").getByTestId("agenda-changed-notice")).toBeVisible();

    // The participant's agenda, reached from my events on the phone, is marked as changed.
    await page.goto(pathOf("myEvents", locale));
    const card = page.getByTestId("my-event").filter({ hasText: locale === "de" ? EVENT_DE : "B2B kooperační burza strojírenství" });
    await expect(card.getByTestId("my-event-agenda-changed")).toHaveText(t("b2bAgenda.changed"));
    await card.getByRole("link", { name: t("myEvents.agenda"), exact: true }).click();
    const agenda = page.getByTestId("b2b-agenda");
    await expect(agenda.getByTestId("agenda-changed-notice")).toBeVisible();
    await expect(cards.getByTestId("agenda-changed").first()).toBeVisible();
    await expect(cards.getByTestId("agenda-partner").filter({ hasText: partnerName })).toHaveCount(0);
    await expectNoAxeViolations(page, `changed agenda ${locale} @390`);
    await expectNoHorizontalOverflow(page, `changed agenda ${locale} @390`);
  });
}
