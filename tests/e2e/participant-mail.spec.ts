import { expect, type Page, test } from "@playwright/test";
import { LOCALES } from "../../app/i18n/locales";
import type { MessageKey, MessageValues } from "../../app/i18n/translate";
import { expectBadgesWhole, expectNoAxeViolations, expectNoHorizontalOverflow, msg, newContext, pathOf, readOutbox } from "./support";

/**
 * Issue 11, e-mail to participants, in Chromium, in both languages: the demo Multiplikator ticks
 * the two demo participants (a German and a Czech one) of the demo "Unternehmertag" in the
 * participant list and takes the e-mail tool, writes in both languages, confirms, sees "E-mail sent" and the progress finish;
 * the outbox has the German text for the German participant and the Czech text for the Czech
 * one, with the PDF attached, sent through the job queue. axe on the page (form, confirmation,
 * progress) at 1280 and 390 px, and nothing wider than the phone.
 */
const PHONE = { width: 390, height: 844 };
const EVENT_TITLE = "Grenzüberschreitender Unternehmertag Dresden";
const GERMAN = "teilnehmer.1@partnernet.example";
const CZECH = "ucastnik.2@partnernet.example";
const GERMAN_NAME = "Thomas Richter";
const CZECH_NAME = "Jana Dvořáková";

/** The demo event's id, from its edit link in the admin event list. */
async function demoEventId(page: Page): Promise<string> {
  await page.goto(`${pathOf("adminEvents", "de")}?q=${encodeURIComponent("Unternehmertag")}`);
  const link = page.getByRole("link", { name: EVENT_TITLE }).first();
  const target = await link.getAttribute("href");
  const id = target?.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/)?.[0];
  if (!id) throw new Error(`no event id in ${target}`);
  return id;
}

for (const locale of LOCALES) {
  test(`e-mail to the selected participants, each in their language, through the queue (${locale})`, async ({ browser }) => {
    test.slow();
    const t = (key: MessageKey, values?: MessageValues) => msg(locale, key, values);
    const token = `${locale}-${Date.now().toString(36)}`;
    const context = await newContext(browser, { role: "Multiplikator", viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      const eventId = await demoEventId(page);
      // The participant list: tick the two demo participants and take the e-mail tool.
      await page.goto(pathOf("adminParticipants", locale, { id: eventId }));
      for (const name of [GERMAN_NAME, CZECH_NAME]) await page.getByRole("checkbox", { name: t("participants.tick", { name }) }).check();
      await page.getByTestId("tool-mail").click();
      await expect(page.getByRole("heading", { level: 1, name: t("page.adminParticipantMail.title") })).toBeVisible();
      await expect(page).toHaveURL(/ids=.*ids=/);
      // The summary of this mail (the history below may list earlier mailings to a selection too).
      await expect(page.getByRole("region", { name: t("participantMail.recipients.title") })).toContainText(t("participantMail.audience.SELECTED"));
      await expect(page.getByTestId("recipient-count")).toHaveText(t("participantMail.recipientCount", { count: 2 }));
      await expectNoAxeViolations(page, `mail form 1280 ${locale}`);

      // Sending with nothing written: the errors stand at the page language's fields, focus on the first.
      await page.getByTestId("send-mail").click();
      const first = locale === "de" ? "subject-de" : "subject-cs";
      await expect(page.getByTestId(first)).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByTestId(first)).toBeFocused();
      await expect(page.getByText(msg(locale, "error.MAIL_SUBJECT_REQUIRED"))).toBeVisible();

      await page.getByTestId("subject-de").fill(`Programm ${token}`);
      await page.getByTestId("message-de").fill(`Guten Tag,\ndas Programm steht fest. ${token}`);
      await page.getByTestId("subject-cs").fill(`Program ${token}`);
      await page.getByTestId("message-cs").fill(`Dobrý den,\nprogram je hotový. ${token}`);
      await expect(page.getByText(msg(locale, "error.MAIL_SUBJECT_REQUIRED"))).toHaveCount(0);
      await page.getByTestId("attachment-input").setInputFiles({ name: "Programm.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") });
      await page.getByTestId("send-mail").click();
      // The confirmation names the number of recipients; cancelling sends nothing.
      const dialog = page.getByRole("dialog", { name: t("participantMail.confirmTitle") });
      await expect(dialog).toContainText(t("participantMail.confirmText", { count: 2 }));
      await expectNoAxeViolations(page, `mail confirmation 1280 ${locale}`);
      await dialog.getByTestId("confirm-send").click();

      await expect(page.getByTestId("mail-sent")).toHaveText(t("participantMail.sent"));
      // The queue sends; the page refreshes itself until it is done.
      await expect(page.getByTestId("mail-done")).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId("mail-progress")).toContainText(t("participantMail.progress.summary", { sent: 2, total: 2 }));
      await expect(page.locator('[data-testid="mail-recipient"][data-status="SENT"]')).toHaveCount(2);
      // "Gesendet" / "Odesláno" in full, never cut (issue 19).
      await expect(page.getByTestId("mail-status-badge").first()).toHaveText(t("participantMail.status.SENT"));
      await expectBadgesWhole(page.getByTestId("mail-status-badge"), `mail status badges 1280 ${locale}`);
      await expect(page.getByTestId("mail-history")).toContainText(locale === "de" ? `Programm ${token}` : `Program ${token}`);
      await expectNoAxeViolations(page, `mail progress 1280 ${locale}`);

      const mine = readOutbox().filter((m) => m.subject.includes(token));
      expect(mine.map((m) => [m.to, m.subject]).sort()).toEqual([
        [GERMAN, `Programm ${token}`],
        [CZECH, `Program ${token}`],
      ].sort());
      expect(mine.find((m) => m.to === GERMAN)?.text).toContain("das Programm steht fest");
      expect(mine.find((m) => m.to === CZECH)?.text).toContain("program je hotový");
      expect(mine.find((m) => m.to === CZECH)?.text).toContain("Přeshraniční den podnikatelů Drážďany");
      // The attachment went with every mail.
      for (const mail of mine) expect((mail as { attachments?: Array<{ filename: string }> }).attachments?.map((a) => a.filename)).toEqual(["Programm.pdf"]);

      // On a phone: the same page, the languages one below the other.
      await page.setViewportSize(PHONE);
      await expectNoAxeViolations(page, `mail progress 390 ${locale}`);
      await expectNoHorizontalOverflow(page, `mail progress 390 ${locale}`);
      await expectBadgesWhole(page.getByTestId("mail-status-badge"), `mail status badges 390 ${locale}`);
      await page.getByTestId("new-mail").click();
      await expect(page.getByTestId("subject-cs")).toBeVisible();
      await expectNoAxeViolations(page, `mail form 390 ${locale}`);
      await expectNoHorizontalOverflow(page, `mail form 390 ${locale}`);
    } finally {
      await context.close();
    }
  });
}
