import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, expectNoHorizontalOverflow, msg, newContext, pathOf } from "./support";

/** A day `days` from today in Europe/Berlin as a German user types it (the demo events are placed relative to the seeding day). */
function berlinDay(days: number): string {
  return new Intl.DateTimeFormat("de-DE", { timeZone: "Europe/Berlin", day: "2-digit", month: "2-digit", year: "numeric" }).format(new Date(Date.now() + days * 86_400_000));
}

test.describe("finding events", () => {
  test("a visitor finds events on the home page and in the list by place, date and title; past ones on request (de)", async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto("/de");
    const home = page.getByTestId("home-events");
    await expect(home.getByTestId("event-card")).toHaveCount(3);
    await home.getByRole("link", { name: msg("de", "home.events.showAll") }).click();
    await expect(page).toHaveURL(/\/de\/veranstaltungen\/anzeigen$/);
    await expect(page.getByRole("heading", { level: 1, name: msg("de", "page.eventList.title") })).toBeVisible();
    const cards = page.getByTestId("event-card");
    await expect(cards.first()).toBeVisible();
    // Upcoming only: the scheduled annual reception and past events are not listed.
    await expect(page.getByText("Jahresempfang der Wirtschaftsförderung")).toHaveCount(0);
    await expect(page.getByText("Praxistag Digitalisierung im Handwerk")).toHaveCount(0);
    await expect(page.getByTestId("event-card-full")).toBeVisible(); // the full networking evening

    // A town typed without picking a suggestion becomes the town's point with the radius.
    await page.getByTestId("events-place").fill("Dresden");
    // Leaving the field closes its suggestions, as a click on the radius does for a user (selectOption
    // does not move the focus): suggestions that arrived late covered the submit button (load 11).
    await page.getByTestId("events-place").blur();
    await page.getByTestId("events-radius").selectOption("25");
    await page.getByTestId("events-submit").click();
    await expect(page).toHaveURL(/lat=51\.0\d+.*lon=13\.7\d+/);
    await expect(page.getByTestId("events-count")).toContainText(msg("de", "events.list.placeAround", { km: 25, place: "Dresden" }));
    await expect(page.getByText("Grenzüberschreitender Unternehmertag Dresden", { exact: true })).toBeVisible();
    await expect(page.getByText("B2B-Kooperationsbörse Maschinenbau", { exact: true })).toHaveCount(0); // Ústí, 48 km

    // A date range around the business day (+21 days) keeps only it.
    await page.getByTestId("events-from").fill(berlinDay(20));
    await page.getByTestId("events-to").fill(berlinDay(22));
    await page.getByTestId("events-submit").click();
    await expect(page.getByTestId("events-count")).toContainText(msg("de", "events.list.count", { count: 1 }));
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText("Unternehmertag");

    // A reversed range is a translated error and lists nothing.
    await page.getByTestId("events-from").fill(berlinDay(22));
    await page.getByTestId("events-to").fill(berlinDay(20));
    await page.getByTestId("events-submit").click();
    await expect(page.getByText(msg("de", "error.DATE_RANGE_INVALID"))).toBeVisible();

    // Past events, by title without diacritics.
    await page.goto(`${pathOf("eventList", "de")}?when=past&q=DIGITALISIERUNG`);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText("Praxistag Digitalisierung im Handwerk");
    await context.close();
  });

  test("the Czech list works without JavaScript and on a phone, with no axe violations", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(pathOf("eventList", "cs"));
    await expect(page.getByRole("heading", { level: 1, name: msg("cs", "page.eventList.title") })).toBeVisible();
    await page.getByTestId("events-place").fill("Ústí nad Labem");
    await page.getByTestId("events-submit").click();
    await expect(page.getByTestId("events-count")).toContainText("Ústí nad Labem");
    await expect(page.getByText("B2B kooperační burza strojírenství", { exact: true })).toBeVisible();
    // Text that is no town searches venues and streets.
    await page.goto(`${pathOf("eventList", "cs")}?place=${encodeURIComponent("Lázeňský")}&when=past`);
    await expect(page.getByTestId("events-count")).toContainText(msg("cs", "events.list.placeText", { place: "Lázeňský" }));
    await expect(page.getByTestId("event-card")).toHaveCount(1);
    await context.close();

    for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      const ctx = await newContext(browser, { viewport });
      const p = await ctx.newPage();
      for (const locale of ["de", "cs"] as const) {
        await p.goto(pathOf("eventList", locale));
        await expect(p.getByTestId("event-card").first()).toBeVisible();
        await expectNoAxeViolations(p, `event list ${locale} ${viewport.width}`);
        await expectNoHorizontalOverflow(p, `event list ${locale} ${viewport.width}`);
        await p.goto(`/${locale}`);
        await expect(p.getByTestId("home-events").getByTestId("event-card").first()).toBeVisible();
        await expectNoAxeViolations(p, `home ${locale} ${viewport.width}`);
        await expectNoHorizontalOverflow(p, `home ${locale} ${viewport.width}`);
      }
      await ctx.close();
    }
  });
});
