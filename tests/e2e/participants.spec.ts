import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectAxeAtBothWidths, loginWithCode, msg, newContext, pathOf, readOutbox, type Locale } from "./support";

/**
 * The organiser's participant list (issue 11, decision 019): two demo participants (a German and a
 * Czech company) register for the online seminar; the demo Multiplikator finds the list from the
 * events admin, filters it, downloads the filtered and the ticked rows as CSV, checks a participant
 * in from the list and by the name tag's QR link, deletes a registration (the participant is told in
 * Czech), and records the evaluation; a participant who opens the list is sent home. In Czech: the
 * past workshop's list, its CSV and the evaluation after switching language on the page. axe on
 * every page at 1280 and 390 px.
 */

const SEMINAR = "Online-Seminar: Rechnungen und Umsatzsteuer im Nachbarland";
const SEMINAR_CS = "Online seminář: faktury a DPH v sousední zemi";
const PRAXISTAG = "Praxistag Digitalisierung im Handwerk";

/** A demo participant signs in and registers for the seminar with the organiser's short form. */
async function register(browser: Browser, email: string, locale: Locale) {
  const context = await newContext(browser);
  const page = await context.newPage();
  await loginWithCode(page, email, locale);
  // In the participant's language: that is the language the organiser's mails to them use.
  const title = locale === "de" ? SEMINAR : SEMINAR_CS;
  await page.goto(`${pathOf("eventList", locale)}?q=${encodeURIComponent(title)}`);
  await page.getByTestId("event-card-link").filter({ hasText: title }).first().click();
  await page.getByTestId("event-register").click();
  await page.getByTestId("register-submit").click();
  await expect(page.getByTestId("event-own-registration")).toHaveAttribute("data-status", "REGISTERED");
  await context.close();
}

/** Downloads what a tools button submits and returns the CSV text without its BOM. */
async function downloadCsv(page: Page, testId: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  return text.slice(1);
}

const row = (page: Page, name: string) => page.getByTestId("participant-row").filter({ hasText: name });

test("de: the organiser filters, downloads, checks in, deletes and evaluates", async ({ browser }) => {
  // Two registrations, five pages and axe in both themes: ran out of two minutes at load 11.
  test.slow();
  const t = (key: Parameters<typeof msg>[1], values?: Parameters<typeof msg>[2]) => msg("de", key, values);
  await register(browser, "teilnehmer.1@partnernet.example", "de");
  await register(browser, "ucastnik.2@partnernet.example", "cs");

  const context = await newContext(browser, { role: "Multiplikator" });
  const page = await context.newPage();
  await page.goto(pathOf("adminEvents", "de"));
  await page.getByTestId("event-row").filter({ hasText: SEMINAR }).getByTestId("event-participants-link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("page.adminParticipants.title"));
  await expect(page.getByTestId("participants-event-title")).toHaveText(SEMINAR);
  await expect(row(page, "Thomas Richter")).toContainText("Deutschland");
  await expect(row(page, "Jana Dvořáková")).toContainText("Liberecký kraj");
  await expectAxeAtBothWidths(page, "de participant list");
  const listUrl = page.url();

  // Filter without diacritics; the filter is in the URL and the CSV follows it.
  await page.getByTestId("participants-q").fill("dvorak");
  await page.getByTestId("participants-filter-submit").click();
  await expect(page).toHaveURL(/q=dvorak/);
  await expect(page.getByTestId("participant-row")).toHaveCount(1);
  await expect(page.getByTestId("participants-scope")).toHaveText(t("participants.tools.scopeFiltered", { count: 1 }));
  let csv = await downloadCsv(page, "tool-csv");
  expect(csv.split("\r\n")[0]).toMatch(/^"Person";"E-Mail";"Firma";"Land";"Region";"Funktion";"Angemeldet am";"Status";"Eingecheckt am"/);
  expect(csv).toContain('"Jana Dvořáková";"ucastnik.2@partnernet.example"');
  expect(csv).toContain('"Tschechien";"Liberecký kraj"');
  expect(csv).not.toContain("Thomas Richter");

  // Ticked rows win over the filter.
  await page.goto(listUrl);
  await row(page, "Thomas Richter").getByTestId("participant-tick").check();
  await expect(page.getByTestId("participants-scope")).toHaveText(t("participants.tools.scopeSelected", { count: 1 }));
  csv = await downloadCsv(page, "tool-csv");
  expect(csv).toContain("Thomas Richter");
  expect(csv).not.toContain("Dvořáková");

  // Check-in from the list, and back.
  await row(page, "Thomas Richter").getByTestId("participant-checkin").click();
  await expect(row(page, "Thomas Richter").getByTestId("registration-status")).toHaveAttribute("data-status", "ATTENDED");
  await row(page, "Thomas Richter").getByTestId("participant-undo-checkin").click();
  await expect(row(page, "Thomas Richter").getByTestId("registration-status")).toHaveAttribute("data-status", "REGISTERED");

  // The name tag's QR link checks in when an organiser opens it; a second scan says "already".
  const registrationId = await row(page, "Thomas Richter").getAttribute("data-registration-id");
  const eventId = new URL(listUrl).pathname.split("/").at(-1)!;
  const checkinPath = pathOf("adminParticipantCheckin", "de", { id: eventId, registrationId: registrationId! });
  await page.goto(checkinPath);
  await expect(page.getByTestId("checkin-result")).toHaveAttribute("data-outcome", "done");
  await expect(page.getByTestId("checkin-result")).toContainText("Thomas Richter ist eingecheckt");
  await expectAxeAtBothWidths(page, "de check-in");
  await page.reload();
  await expect(page.getByTestId("checkin-result")).toHaveAttribute("data-outcome", "already");

  // A participant is not an organiser: the admin area sends them home, the list stays closed.
  const participant = await newContext(browser, { role: "Organisation" });
  const other = await participant.newPage();
  await other.goto(checkinPath);
  await expect(other).toHaveURL(/\/de$/);
  await participant.close();

  // Deleting asks first; the Czech participant is told in Czech.
  await page.goto(listUrl);
  const since = new Date(Date.now() - 1000);
  await row(page, "Jana Dvořáková").getByTestId("participant-delete").click();
  await expect(page.getByRole("dialog")).toContainText("Jana Dvořáková");
  await expectAxeAtBothWidths(page, "de delete dialog");
  await page.getByTestId("participant-delete-confirm").click();
  await expect(page.getByTestId("participants-done")).toContainText(t("participants.done.delete", { promoted: 0 }));
  await expect(row(page, "Jana Dvořáková")).toHaveCount(0);
  await expect
    .poll(() => readOutbox().some((m) => m.to === "ucastnik.2@partnernet.example" && m.subject === msg("cs", "mail.eventRegistration.removed.subject") && new Date(m.createdAt) >= since))
    .toBe(true);

  // The evaluation: attendance by country and region; a wrong number is refused at its field.
  await page.getByTestId("participants-evaluation-link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("page.adminEventEvaluation.title"));
  await expect(page.getByTestId("evaluation-table-country")).toContainText("Deutschland");
  await expect(page.getByTestId("evaluation-table-region")).toContainText("Zwickau");
  await page.getByTestId("evaluation-attendance").fill("zwölf");
  await page.getByTestId("evaluation-save").click();
  await expect(page.getByTestId("form-error")).toHaveText(msg("de", "error.EVALUATION_SAVE_FAILED"));
  await expect(page.getByTestId("evaluation-attendance")).toBeFocused();
  await expect(page.getByText(msg("de", "error.ATTENDANCE_INVALID"))).toBeVisible();
  await page.getByTestId("evaluation-attendance").fill("12");
  await expect(page.getByText(msg("de", "error.ATTENDANCE_INVALID"))).toHaveCount(0);
  await page.getByTestId("evaluation-notes").fill("Zwei Gäste ohne Anmeldung – Straße gesperrt.");
  await page.getByTestId("evaluation-save").click();
  await expect(page.getByTestId("evaluation-saved")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("evaluation-attendance")).toHaveValue("12");
  await expect(page.getByTestId("evaluation-notes")).toHaveValue("Zwei Gäste ohne Anmeldung – Straße gesperrt.");
  await expectAxeAtBothWidths(page, "de evaluation");
  await context.close();
});

test("cs: after switching language the list, its CSV and the evaluation are Czech", async ({ browser }) => {
  const t = (key: Parameters<typeof msg>[1], values?: Parameters<typeof msg>[2]) => msg("cs", key, values);
  const context = await newContext(browser, { role: "Multiplikator" });
  const page = await context.newPage();
  await page.goto(pathOf("adminEvents", "de"));
  await page.getByTestId("event-filter-submit").waitFor();
  await page.locator('select[name="time"]').selectOption("past");
  await page.getByTestId("event-filter-submit").click();
  await page.getByTestId("event-row").filter({ hasText: PRAXISTAG }).getByTestId("event-participants-link").click();
  await expect(page.getByTestId("participant-row")).toHaveCount(5);
  await page.getByTestId("language-switch").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("page.adminParticipants.title"));
  await expect(page.getByTestId("participants-event-title")).toHaveText("Praktický den digitalizace v řemesle");
  await expect(page.getByTestId("registration-status").first()).toHaveText(t("participants.status.ATTENDED"));
  await expectAxeAtBothWidths(page, "cs participant list");

  await page.getByTestId("participants-state").selectOption("ATTENDED");
  await page.getByTestId("participants-filter-submit").click();
  await expect(page.getByTestId("participant-row")).toHaveCount(4);
  const csv = await downloadCsv(page, "tool-csv");
  const lines = csv.trim().split("\r\n");
  expect(lines[0]).toContain('"Osoba";"E-mail";"Firma";"Země";"Region";"Funkce";"Přihlášeno dne";"Stav";"Odbaveno dne"');
  expect(lines).toHaveLength(5);
  expect(csv).toContain('"Odbaven(a)"');

  await page.getByTestId("participants-evaluation-link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("page.adminEventEvaluation.title"));
  await expect(page.getByTestId("evaluation-table-country")).toContainText("Německo");
  await expect(page.getByTestId("evaluation-chart").first()).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("evaluation-csv").click()]);
  expect(download.suggestedFilename()).toMatch(/^Vyhodnoceni – .*\.csv$/);
  await page.getByTestId("evaluation-notes").fill("Účast z Ústeckého kraje byla slabší.");
  await page.getByTestId("evaluation-save").click();
  await expect(page.getByTestId("evaluation-saved")).toHaveText(t("evaluation.saved"));
  await expectAxeAtBothWidths(page, "cs evaluation");
  await context.close();
});
