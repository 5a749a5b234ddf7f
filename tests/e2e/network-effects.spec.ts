import { expect, test } from "@playwright/test";
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, loginWithCode, msg, newContext, pathOf, waitForHydration, waitForMail } from "./support";

/**
 * Issue 25, network effects (decision 062). German: the demo company of firma.de has an offer
 * ending in 5 days; the reminder jobs (run now from the dev page) mail its member, who opens the
 * link on a phone, sees the ad and prolongs it once; the same link in Czech says it is done
 * already, a forged one is refused in Czech. Then the member's personal calendar feed: create,
 * fetch (iCal), revoke (404) — in German for firma.de and in Czech for ucastnik.4 (used by no
 * other spec); and the public feed is linked from the event list and answers 304 to its ETag.
 */
const PHONE = { width: 390, height: 844 };

test("ad-expiry reminder → one-click prolong (de, cs)", async ({ browser }) => {
  const context = await newContext(browser, { viewport: PHONE });
  const page = await context.newPage();
  // Any reminder of this run counts (the server starts on a fresh data directory and outbox): the
  // hourly cron may have sent it before the dev page's run did.
  const since = new Date(0);
  await page.goto("/dev/reminders");
  // A click while the page hydrates can be lost; the run itself scans every ad and profile and
  // mails, which on a loaded machine takes longer than the default wait.
  await waitForHydration(page);
  await page.getByTestId("dev-reminders-run").click();
  await expect(page.getByTestId("dev-reminders-result")).toBeVisible({ timeout: 30_000 });
  const mail = await waitForMail("firma.de@partnernet.example", since, (m) => m.subject === msg("de", "mail.adExpiry.subject"));
  const link = new URL(mail.text.match(/https?:\/\/\S*anzeige-verlaengern\S*/)![0]);

  await page.goto(link.pathname + link.search);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(msg("de", "page.adProlong.title"));
  await expect(page.getByTestId("ad-prolong-title")).toBeVisible();
  await expectNoSeriousAxeViolations(page, "prolong page (de)");
  await expectNoHorizontalOverflow(page, "prolong page (de), phone");
  const before = await page.getByTestId("ad-prolong-valid-until").innerText();
  await page.getByTestId("ad-prolong-submit").click();
  await expect(page.getByTestId("ad-prolong-done")).toContainText(msg("de", "adProlong.prolonged", { date: "" }).slice(0, 20));
  await expect(page.getByTestId("ad-prolong-valid-until")).not.toHaveText(before);
  await expect(page.getByTestId("ad-prolong-submit")).toHaveCount(0);

  // The same link again, in Czech: already prolonged, no button.
  await page.goto(`${pathOf("adProlong", "cs")}${link.search}`);
  await expect(page.getByTestId("ad-prolong-done")).toHaveText(msg("cs", "adProlong.already"));
  await expect(page.getByTestId("ad-prolong-submit")).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, "prolong page (cs)");
  // A forged link: a translated error, nothing else.
  const forged = await page.goto(`${pathOf("adProlong", "cs")}?token=${link.searchParams.get("token")!.replace(/.$/, "0")}x`);
  expect(forged?.status()).toBe(400);
  await expect(page.getByTestId("form-error")).toHaveText(msg("cs", "error.PROLONG_LINK_INVALID"));
  await context.close();
});

for (const [locale, who] of [
  ["de", "Organisation"],
  ["cs", "ucastnik.4@partnernet.example"],
] as const) {
  test(`personal calendar feed: create, copy, fetch, revoke (${locale})`, async ({ browser }) => {
    const context = await newContext(browser, { viewport: PHONE, ...(who === "Organisation" ? { role: who } : {}) });
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const page = await context.newPage();
    if (who !== "Organisation") await loginWithCode(page, who, locale);
    await page.goto(pathOf("myEvents", locale));
    await waitForHydration(page);
    await page.getByTestId("calendar-feed-create").click();
    const url = await page.getByTestId("calendar-feed-url").inputValue();
    expect(url).toContain(locale === "de" ? "/de/kalender/meine-veranstaltungen.ics?token=" : "/cs/kalendar/moje-udalosti.ics?token=");
    await page.getByTestId("calendar-feed-copy").click();
    await expect(page.getByTestId("calendar-feed-copy")).toHaveText(msg(locale, "calendarFeed.personal.copied"));
    await expectNoSeriousAxeViolations(page, `my events with feed (${locale})`);
    await expectNoHorizontalOverflow(page, `my events with feed (${locale}), phone`);

    const anonymous = await browser.newContext();
    const feed = await anonymous.request.get(url);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(await feed.text()).toContain(`X-WR-CALNAME:${msg(locale, "calendarFeed.personalName")}`);
    // Calendar apps poll: unchanged → 304 without a body.
    expect((await anonymous.request.get(url, { headers: { "If-None-Match": feed.headers()["etag"]! } })).status()).toBe(304);

    await page.getByTestId("calendar-feed-revoke").click();
    await expect(page.getByTestId("calendar-feed-revoked")).toBeVisible();
    expect((await anonymous.request.get(url)).status()).toBe(404);

    // Without JavaScript, as for a click before the page is hydrated, the form posts as a document:
    // the new URL shows all the same, and revoking says so.
    const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, storageState: await context.storageState() });
    const plain = await noScript.newPage();
    await plain.goto(pathOf("myEvents", locale));
    await plain.getByTestId("calendar-feed-create").click();
    await expect(plain.getByTestId("calendar-feed-url")).toHaveValue(/token=/);
    await plain.getByTestId("calendar-feed-revoke").click();
    await expect(plain.getByTestId("calendar-feed-revoked")).toBeVisible();
    await noScript.close();

    // The public feed: linked from the event list, iCal.
    await page.goto(pathOf("eventList", locale));
    const publicHref = await page.locator('link[rel="alternate"][type="text/calendar"]').getAttribute("href");
    expect(publicHref).toBe(pathOf("eventsCalendarFeed", locale));
    const all = await anonymous.request.get(publicHref!);
    expect(all.status()).toBe(200);
    expect(await all.text()).toContain("BEGIN:VEVENT");
    // An organiser's page offers its events as a feed too.
    if (locale === "de") {
      await page.getByTestId("event-card-link").first().click();
      await page.getByTestId("event-organisers").getByRole("link").first().click();
      const organiserHref = await page.locator('link[rel="alternate"][type="text/calendar"]').getAttribute("href");
      expect(organiserHref).toMatch(/^\/de\/firmen\/[0-9a-f-]{36}\/veranstaltungen\.ics$/);
      const own = await anonymous.request.get(organiserHref!);
      expect(own.status()).toBe(200);
      expect(await own.text()).toContain("BEGIN:VEVENT");
    }
    await anonymous.close();
    await context.close();
  });
}
