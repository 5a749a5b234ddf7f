import { expect, type Page, test } from "@playwright/test";
import { E2E_BASE_URL } from "../../playwright.config";
import { msg, newContext, pathOf, PNG } from "./support";

/**
 * Issue 13 from end to end, across both languages: the demo Multiplikator writes a news item with
 * an image in Czech, to appear tomorrow; visitors do not see it today (list, home, feed, detail);
 * the next day (the `e2e_clock` cookie, decision 009) it is on the German list, the Czech home page
 * and both feeds; the admin deactivates it in German, and it is gone again. The single rules are
 * tested in the domain (app/server/news/*.test.ts) and over HTTP (server/news-policy.test.ts).
 */
const DAY = 86_400_000;

/** A calendar day from today in Berlin, typed as the locale writes it. */
function berlinDay(days: number, locale: "de" | "cs"): string {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Berlin", day: "numeric", month: "numeric", year: "numeric" })
    .formatToParts(new Date(Date.now() + days * DAY))
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return locale === "de" ? `${parts["day"]!.padStart(2, "0")}.${parts["month"]!.padStart(2, "0")}.${parts["year"]}` : `${parts["day"]}. ${parts["month"]}. ${parts["year"]}`;
}

/** What a visitor sees of the item: on the list, on the home page, in the feed, and its page's status. */
async function visible(page: Page, id: string, title: { de: string; cs: string }) {
  await page.goto(pathOf("newsList", "de"));
  const onList = (await page.getByRole("link", { name: title.de }).count()) > 0;
  await page.goto("/cs");
  const onHome = (await page.getByTestId("home-latest-news").getByRole("link", { name: title.cs }).count()) > 0;
  const feed = await page.request.get(pathOf("newsFeed", "cs"));
  const inFeed = (await feed.text()).includes(title.cs);
  const detail = await page.goto(pathOf("newsDetail", "cs", { id }));
  return { onList, onHome, inFeed, status: detail?.status() };
}

test("a Multiplikator schedules news for tomorrow; it appears the next day on list, home and feed; the admin deactivates it", async ({ browser }) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const title = { de: `Grenzüberschreitender Lieferantentag ${stamp}`, cs: `Přeshraniční den dodavatelů ${stamp}` };

  // 1. The Multiplikator writes it in Czech, for tomorrow 00:00.
  const writer = await newContext(browser, { role: "Multiplikator", viewport: { width: 1280, height: 900 } });
  const page = await writer.newPage();
  await page.goto(pathOf("adminNewsCreate", "cs"));
  const form = page.getByTestId("news-form");
  const company = form.locator('select[name="companyId"]');
  if (await company.count()) await company.selectOption({ index: 1 });
  await form.locator('input[name="titleDe"]').fill(title.de);
  await form.locator('input[name="titleCs"]').fill(title.cs);
  await page.getByRole("textbox", { name: msg("cs", "newsForm.descriptionDe") }).fill("Einkäufer aus Sachsen und Böhmen treffen Zulieferer.");
  await page.getByRole("textbox", { name: msg("cs", "newsForm.descriptionCs") }).fill("Nákupčí ze Saska a Čech se setkají s dodavateli.");
  await page.getByTestId("news-image-input").setInputFiles({ name: "dodavatele.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("switch", { name: msg("cs", "newsForm.publishNow") }).uncheck();
  await form.locator('input[name="publishDate"]').fill(berlinDay(1, "cs"));
  await form.locator('input[name="publishTime"]').fill("00:00");
  await expect(page.getByTestId("news-scheduled-hint")).toHaveAttribute("data-scheduled", "true");
  await page.getByTestId("news-submit").click();
  await expect(page.getByTestId("news-saved")).toHaveText(msg("cs", "newsAdmin.done.created"));
  await expect(page.getByTestId("news-state")).toHaveText(msg("cs", "newsAdmin.state.SCHEDULED"));
  const id = /\/novinky\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
  await writer.close();

  // 2. Today a visitor finds nothing of it.
  const visitor = await newContext(browser);
  const visitorPage = await visitor.newPage();
  expect(await visible(visitorPage, id, title)).toEqual({ onList: false, onHome: false, inFeed: false, status: 404 });

  // 3. The next day it is everywhere, and its page shows it.
  await visitor.addCookies([{ name: "e2e_clock", value: "1", url: E2E_BASE_URL }]);
  expect(await visible(visitorPage, id, title)).toEqual({ onList: true, onHome: true, inFeed: true, status: 200 });
  await expect(visitorPage.getByTestId("news-detail-title")).toHaveText(title.cs);
  await expect(visitorPage.getByTestId("news-detail-image")).toBeVisible();

  // 4. The admin deactivates it (German admin list).
  const admin = await newContext(browser, { role: "Admin", viewport: { width: 1280, height: 900 } });
  const adminPage = await admin.newPage();
  await adminPage.goto(`${pathOf("adminNews", "de")}?q=${encodeURIComponent(stamp)}`);
  const row = adminPage.locator("[data-news-row]").filter({ hasText: title.de });
  await expect(row).toHaveCount(1);
  await row.getByTestId("news-deactivate").click();
  await expect(adminPage.getByTestId("news-saved")).toHaveText(msg("de", "newsAdmin.done.deactivate"));
  await expect(row.getByTestId("news-state")).toHaveText(msg("de", "newsAdmin.state.INACTIVE"));
  await admin.close();

  // 5. Gone again for the visitor, even on the next day.
  expect(await visible(visitorPage, id, title)).toEqual({ onList: false, onHome: false, inFeed: false, status: 404 });
  await visitor.close();
});
