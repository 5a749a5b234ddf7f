import { expect, test } from "@playwright/test";
import { loginWithCode, msg, newContext, pathOf, PNG, readOutbox } from "./support";

/**
 * Issue 10 from end to end, across the border: a German chamber's Multiplikator creates an event
 * with an image, gives it a form with a dependent field, tries it in the Czech preview and
 * publishes; a Czech company's user finds it by place and date, registers (the dependent field
 * appears only when it should), gets the confirmation with the calendar file, sees it under
 * "my events" and cancels. The single rules are tested in the domain and the other event specs.
 */
const DAY = 86_400_000;

function day(days: number, locale: "de" | "cs"): string {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Berlin", day: "numeric", month: "numeric", year: "numeric" })
    .formatToParts(new Date(Date.now() + days * DAY))
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return locale === "de" ? `${parts["day"]!.padStart(2, "0")}.${parts["month"]!.padStart(2, "0")}.${parts["year"]}` : `${parts["day"]}. ${parts["month"]}. ${parts["year"]}`;
}

test("a German Multiplikator publishes an event with a dependent form; a Czech company finds it, registers with the .ics mail, and cancels", async ({ browser }) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const title = { de: `Grenzforum Handwerk ${stamp}`, cs: `Hraniční fórum řemesel ${stamp}` };
  const boxTitle = `Dolmetschen / Tlumočení ${stamp}`;
  const textTitle = `Sprachpaar / Jazyková dvojice ${stamp}`;

  // 1. The Multiplikator creates the event (German pages).
  const organiser = await newContext(browser, { role: "Multiplikator", viewport: { width: 1280, height: 900 } });
  const admin = await organiser.newPage();
  await admin.goto(pathOf("adminEventCreate", "de"));
  const form = admin.getByTestId("event-form");
  const company = form.locator('select[name="organizerCompanyId"]');
  if (await company.count()) await company.selectOption({ index: 1 });
  await form.locator('input[name="titleDe"]').fill(title.de);
  await form.locator('input[name="titleCs"]').fill(title.cs);
  await admin.getByRole("textbox", { name: msg("de", "eventForm.descriptionDe") }).fill("Handwerksbetriebe beider Länder stellen sich vor.");
  await admin.getByRole("textbox", { name: msg("de", "eventForm.descriptionCs") }).fill("Řemeslné firmy z obou zemí se představují.");
  await form.locator('select[name="state"]').selectOption({ index: 1 });
  await form.locator('input[name="line1"]').fill("Ostra-Allee 11");
  await form.locator('input[name="postalCode"]').fill("01067");
  await form.locator('input[name="city"]').fill("Dresden");
  await form.locator('input[name="startDate"]').fill(day(40, "de"));
  await form.locator('input[name="startTime"]').fill("10:00");
  await form.locator('input[name="endDate"]').fill(day(40, "de"));
  await form.locator('input[name="endTime"]').fill("16:00");
  await form.locator('input[name="maxParticipants"]').fill("30");
  await form.locator('input[name="images"]').setInputFiles({ name: "forum.png", mimeType: "image/png", buffer: PNG });
  await admin.getByTestId("event-submit").click();
  await expect(admin.getByTestId("event-saved")).toHaveText(msg("de", "eventAdmin.created"));

  // 2. Its registration form: a checkbox and a text field shown only when it is ticked.
  await admin.getByTestId("event-form-builder-link").click();
  const cards = admin.locator("[data-field-card]");
  await expect(admin.getByRole("heading", { level: 1, name: msg("de", "page.adminEventForm.title") })).toBeVisible();
  const before = await cards.count();
  await admin.getByTestId("add-field").click();
  await admin.getByTestId("add-field-checkbox").click();
  const boxId = (await cards.nth(before).getAttribute("data-field-card"))!;
  await admin.getByTestId(`field-title-${boxId}`).fill(boxTitle);
  await admin.getByTestId("add-field").click();
  await admin.getByTestId("add-field-text").click();
  const textId = (await cards.nth(before + 1).getAttribute("data-field-card"))!;
  await admin.getByTestId(`field-title-${textId}`).fill(textTitle);
  await admin.getByTestId(`condition-toggle-${textId}`).check();
  await admin.getByTestId(`rule-field-${textId}-0`).selectOption(boxId);
  // The Czech preview shows the dependent field only while the checkbox is ticked.
  await admin.getByTestId("preview-tab-cs").click();
  const preview = admin.getByTestId("form-renderer-cs");
  await expect(preview.getByLabel(textTitle)).toHaveCount(0);
  await preview.getByLabel(boxTitle).check();
  await expect(preview.getByLabel(textTitle)).toBeVisible();
  await admin.getByTestId("save-form").click();
  await expect(admin.getByTestId("form-saved")).toBeVisible();
  await organiser.close();

  // 3. A Czech company's user finds it by place and date (Czech pages).
  const participant = await newContext(browser, { viewport: { width: 1280, height: 900 } });
  const page = await participant.newPage();
  const email = "ucastnik.2@partnernet.example";
  await loginWithCode(page, email, "cs");
  await page.goto(pathOf("eventList", "cs"));
  await page.getByTestId("events-place").fill("Dresden");
  await page.getByTestId("events-from").fill(day(40, "cs"));
  await page.getByTestId("events-to").fill(day(40, "cs"));
  await page.getByTestId("events-submit").click();
  await expect(page.getByTestId("events-count")).toContainText("Dresden");
  await page.getByTestId("event-card-link").filter({ hasText: title.cs }).click();
  await expect(page.getByTestId("event-title")).toHaveText(title.cs);

  // 4. Registers: the dependent field appears only when the checkbox is ticked.
  await page.getByTestId("event-register").click();
  await expect(page.getByTestId("register-form")).toBeVisible();
  await expect(page.getByLabel(textTitle)).toHaveCount(0);
  await page.getByLabel(boxTitle).check();
  await page.getByLabel(textTitle).fill("čeština → němčina");
  const since = new Date(Date.now() - 1000);
  await page.getByTestId("register-submit").click();
  await expect(page.getByTestId("event-notice")).toHaveText(msg("cs", "eventDetail.notice.registered"));

  // 5. The confirmation in Czech carries the calendar file.
  const subject = msg("cs", "mail.eventRegistration.registered.subject");
  await expect.poll(() => readOutbox().some((m) => m.to === email && m.subject === subject && new Date(m.createdAt) >= since)).toBe(true);
  const mail = readOutbox().find((m) => m.to === email && m.subject === subject) as unknown as { attachments?: Array<{ filename: string; content: string }> };
  expect(mail.attachments?.[0]?.filename).toMatch(/\.ics$/);
  expect(mail.attachments?.[0]?.content).toContain(`SUMMARY:${title.cs}`);

  // 6. My events lists it; cancelling asks first.
  await page.goto(pathOf("myEvents", "cs"));
  const item = page.getByTestId("my-event").filter({ hasText: title.cs });
  await expect(item).toHaveAttribute("data-status", "REGISTERED");
  await item.getByTestId("my-event-cancel").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.getByTestId("confirm-action").click();
  await expect(page.getByTestId("my-event").filter({ hasText: title.cs })).toHaveAttribute("data-status", "CANCELLED");
  await participant.close();
});
