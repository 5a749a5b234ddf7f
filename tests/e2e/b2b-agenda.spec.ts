import { expect, test } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import type { Locale } from "../../app/i18n/locales";
import type { MessageKey, MessageValues } from "../../app/i18n/translate";
import { expectAxeAtBothWidths, loginWithCode, msg, newContext, pathOf } from "./support";

/**
 * Issue 12, "Publishing and agendas", in Chromium, in both languages: the demo B2B event's
 * schedule is published by the demo seed (three rounds; its three registered companies meet in a
 * round-robin, each pauses once). A German participant (Thomas Richter) and a Czech one (Jana
 * Dvořáková) sign in, find the agenda link under "my events", open their agenda on the event page
 * (round, time, table, partner with profile link, contact person with mailto; cards at 390 px),
 * and download it as PDF and .ics (content type and content checked). axe on the event page with
 * the agenda at 1280 and 390 px.
 */
const PEOPLE: Record<Locale, { email: string; name: string; title: string; first: string; second: string | null }> = {
  // Demo registrations of the B2B event in order: Thomas (1), Jana (2), Sabine (3).
  // Thomas: round 1 with Jana, round 2 with Sabine, round 3 pause.
  de: { email: "teilnehmer.1@partnernet.example", name: "Thomas Richter", title: "B2B-Kooperationsbörse Maschinenbau", first: "Jana Dvořáková", second: "Sabine Krause" },
  // Jana: round 1 with Thomas, round 2 pause, round 3 with Sabine.
  cs: { email: "ucastnik.2@partnernet.example", name: "Jana Dvořáková", title: "B2B kooperační burza strojírenství", first: "Thomas Richter", second: null },
};

for (const locale of ["de", "cs"] as const) {
  test(`a participant sees its published B2B agenda on the event page and under my events and downloads PDF and .ics (${locale})`, async ({ browser }) => {
    test.slow();
    const t = (key: MessageKey, values?: MessageValues) => msg(locale, key, values);
    const who = PEOPLE[locale];
    const context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await loginWithCode(page, who.email, locale);

      // My events: the B2B event's card links to the agenda and its downloads.
      await page.goto(pathOf("myEvents", locale));
      const card = page.getByTestId("my-event").filter({ hasText: who.title });
      await expect(card.getByTestId("my-event-agenda")).toBeVisible();
      await expect(card.getByTestId("my-event-agenda-pdf")).toHaveAttribute("href", /b2b-(agenda|program)\.pdf\?company=/);
      await expect(card.getByTestId("my-event-agenda-ics")).toHaveAttribute("href", /b2b-(agenda|program)\.ics\?company=/);
      await card.getByRole("link", { name: t("myEvents.agenda"), exact: true }).click();

      // The agenda on the event page.
      await expect(page).toHaveURL(/\?company=[0-9a-f-]{36}#b2b-agenda$/);
      const agenda = page.getByTestId("b2b-agenda");
      await expect(agenda.getByRole("heading", { level: 2, name: t("b2bAgenda.title") })).toBeVisible();
      await expect(agenda).toContainText(t("b2bAgenda.meetingCount", { count: 2 }));
      const rows = agenda.getByTestId("agenda-row");
      await expect(rows).toHaveCount(3);
      await expect(rows.nth(0)).toContainText(t("b2bAgenda.roundN", { round: 1 }));
      await expect(rows.nth(0)).toContainText("Elbe / Labe");
      await expect(rows.nth(0)).toContainText(who.first);
      const mail = rows.nth(0).getByRole("link", { name: PEOPLE[locale === "de" ? "cs" : "de"].email });
      await expect(mail).toHaveAttribute("href", `mailto:${PEOPLE[locale === "de" ? "cs" : "de"].email}`);
      // The partner's name links to its company profile.
      await expect(rows.nth(0).getByTestId("agenda-partner")).toHaveAttribute("href", new RegExp(locale === "de" ? "/de/firmen/" : "/cs/firmy/"));
      const pauseRow = locale === "de" ? 2 : 1;
      await expect(rows.nth(pauseRow)).toContainText(t("b2bAgenda.pause"));
      if (who.second) await expect(rows.nth(1)).toContainText(who.second);
      // Times in the event's time zone: "hh:mm–hh:mm" 20 minutes apart.
      await expect(rows.nth(0)).toContainText(/\d{1,2}:\d{2}\s*–\s*\d{1,2}:\d{2}/);
      await expectAxeAtBothWidths(page, `event page with agenda ${locale}`);

      // At 390 px the agenda is a list of cards.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(agenda.getByTestId("agenda-cards")).toBeVisible();
      await expect(agenda.getByTestId("agenda-table")).toBeHidden();
      await expect(agenda.getByTestId("agenda-card").first()).toContainText(who.first);
      await page.setViewportSize({ width: 1280, height: 900 });

      // PDF in the page's language.
      const pdfHref = (await agenda.getByTestId("agenda-pdf").getAttribute("href"))!;
      const pdf = await page.request.get(pdfHref);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      expect(pdf.headers()["content-disposition"]).toContain("attachment");
      const document = await getDocumentProxy(new Uint8Array(await pdf.body()));
      const text = ((await extractText(document, { mergePages: true })).text as string).replace(/\s+/g, " ");
      expect(text).toContain(who.title);
      expect(text).toContain(t("b2bAgenda.col.partner"));
      expect(text).toContain(t("b2bAgenda.roundN", { round: 1 }));
      expect(text).toContain(who.first);
      expect(text).toContain(t("b2bAgenda.pause"));

      // .ics: two meetings, UTC times, the partner in the summary.
      const icsHref = (await agenda.getByTestId("agenda-ics").getAttribute("href"))!;
      const ics = await page.request.get(icsHref);
      expect(ics.status()).toBe(200);
      expect(ics.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
      const calendar = (await ics.text()).replace(/\r\n[ \t]/g, "");
      expect(calendar.match(/^BEGIN:VEVENT$/gm)).toHaveLength(2);
      expect(calendar).toMatch(/^DTSTART:\d{8}T\d{6}Z$/m);
      expect(calendar).toMatch(/^SUMMARY:B2B: .+$/m);
      expect(calendar).toContain(t("b2bAgenda.ics.table", { table: "Elbe / Labe" }));
      expect(calendar).toContain(who.first);

      // Signed out, the download is guarded like every signed-in page.
      const otherCompany = new URL(icsHref, "http://x").searchParams.get("company")!;
      const outsider = await newContext(browser);
      try {
        const response = await outsider.request.get(pathOf("eventB2bAgendaPdf", locale, { id: icsHref.split("/").at(-2)! }) + `?company=${otherCompany}`, { maxRedirects: 0 });
        // Anonymous: the guard sends to the login page.
        expect(response.status()).toBe(302);
      } finally {
        await outsider.close();
      }
    } finally {
      await context.close();
    }
  });
}
