import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { E2E_BASE_URL } from "../../playwright.config";
import { childrenNamed, childText, parseXml } from "../support/xml";
import { expectAxeAtBothWidths, type Locale, msg, newContext, pathOf } from "./support";

/**
 * The public side of news (issue 13) on the demo news (app/server/demo/demo-news.ts): list,
 * search, detail, language switch, home page, RSS feeds, and the scheduled item appearing when
 * it is due (test clock) while its managers preview it. Read-only: other specs keep their data.
 */
const USTI = { de: "Neues Gründerzentrum in Ústí nad Labem eröffnet", cs: "V Ústí nad Labem bylo otevřeno nové centrum pro začínající podnikatele" };
const NEWEST = { de: "Förderaufruf: Kleinprojekte Sachsen–Tschechien bis 25.000\u00a0Euro", cs: "Nová výzva: malé projekty Sasko–Česko až do 25\u00a0000\u00a0eur" };
const SCHEDULED = { de: "Neue Ausschreibung für grenzüberschreitende Innovationsprojekte", cs: "Nová výzva pro přeshraniční inovační projekty" };
const INACTIVE = { de: "Sprechtage zur Förderung im Dezember", cs: "Konzultační dny k dotacím v prosinci" };
/** The demo's scheduled item comes out in 10 days (at 09:00). */
const SCHEDULED_IN_DAYS = 11;

const cards = (page: Page) => page.locator('article[data-testid^="news-card-"]');
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/** List → search without diacritics → detail → language switch, in `locale`, with axe on list and detail. */
async function listSearchDetail(page: Page, locale: Locale) {
  const other: Locale = locale === "de" ? "cs" : "de";
  await page.goto(pathOf("newsList", locale));
  await expect(page.getByRole("heading", { level: 1, name: msg(locale, "page.newsList.title") })).toBeVisible();
  await expect(cards(page).first()).toContainText(NEWEST[locale]);
  expect(await cards(page).count()).toBeGreaterThanOrEqual(10);
  await expect(page.getByText(SCHEDULED[locale])).toHaveCount(0);
  await expect(page.getByText(INACTIVE[locale])).toHaveCount(0);
  // RSS autodiscovery in the head, and a visible link.
  await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", pathOf("newsFeed", locale));
  await expect(page.getByTestId("news-feed-link")).toHaveAttribute("href", pathOf("newsFeed", locale));
  await expectAxeAtBothWidths(page, `news list ${locale}`);

  await page.getByTestId("news-search-input").fill("usti");
  await page.getByTestId("news-search-submit").click();
  await expect(page).toHaveURL(/[?&]q=usti/);
  await expect(page.getByTestId("news-count")).toHaveText(msg(locale, "newsList.countFor", { count: 1, q: "usti" }));
  await expect(cards(page)).toHaveCount(1);
  await page.getByRole("link", { name: USTI[locale] }).click();

  const detailPath = new RegExp(`^/${locale}/${locale === "de" ? "neuigkeiten" : "novinky"}/${UUID.source}$`);
  await expect(page).toHaveURL((url) => detailPath.test(url.pathname));
  const id = UUID.exec(page.url())![0];
  await expect(page.getByTestId("news-detail-title")).toHaveText(USTI[locale]);
  await expect(page.getByRole("img", { name: USTI[locale] })).toBeVisible();
  await expect(page.getByTestId("news-detail-author")).toContainText("Jana Kučerová");
  await expect(page.getByTestId("news-detail-company").getByRole("link", { name: "Kučera Stavebnictví s.r.o." })).toHaveAttribute("href", /\/(firmen|firmy)\//);
  await expect(page.getByTestId("news-detail-preview")).toHaveCount(0);
  await expect(page).toHaveTitle(`${USTI[locale]} – PartnerNet`);
  // The page's own sharing data (the root layout adds the site's defaults).
  await expect(page.locator('meta[property="og:type"][content="article"]')).toHaveCount(1);
  await expect(page.locator('meta[property="og:image"][content*="/files/news/"]')).toHaveCount(1);
  await expect(page.locator('meta[name="robots"][content="noindex"]')).toHaveCount(0);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as Record<string, unknown>;
  expect(ld).toMatchObject({ "@type": "NewsArticle", headline: USTI[locale], inLanguage: locale === "de" ? "de-DE" : "cs-CZ", author: [{ "@type": "Person", name: "Jana Kučerová" }] });
  expect((ld["image"] as string[])[0]).toMatch(/^http.*\/files\/news\//);
  await expectAxeAtBothWidths(page, `news detail ${locale}`);

  // The language switch keeps the item.
  await page.getByTestId("language-switch").click();
  await expect(page).toHaveURL((url) => decodeURI(url.pathname) === `/${other}/${other === "de" ? "neuigkeiten" : "novinky"}/${id}`);
  await expect(page.getByTestId("news-detail-title")).toHaveText(USTI[other]);
  await page.getByTestId("news-detail-back").click();
  await expect(page).toHaveURL((url) => decodeURI(url.pathname) === decodeURI(pathOf("newsList", other)));
}

test.describe("public news", () => {
  test("German: home → list → search → detail, and the language switch keeps the item", async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto("/de");
    const home = page.getByTestId("home-latest-news");
    await expect(cards(page)).toHaveCount(3);
    await expect(cards(page).first()).toContainText(NEWEST.de);
    await expectAxeAtBothWidths(page, "home de");
    await home.getByTestId("home-news-all").click();
    await expect(page).toHaveURL(/\/de\/neuigkeiten\/anzeigen$/);
    await listSearchDetail(page, "de");
    await context.close();
  });

  test("Czech: list → search → detail, and the language switch keeps the item", async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto("/cs");
    await expect(page.getByTestId("home-latest-news").locator('[data-testid="news-card-link"]').first()).toHaveText(NEWEST.cs);
    // The main navigation links the list.
    await page.getByRole("navigation", { name: msg("cs", "layout.mainNavigation") }).getByRole("link", { name: msg("cs", "nav.news") }).click();
    await expect(page).toHaveURL((url) => decodeURI(url.pathname) === "/cs/novinky/seznam");
    await listSearchDetail(page, "cs");
    await context.close();
  });

  test("the search works without JavaScript and says when nothing matches; links in an item's text are underlined; unknown items are 404", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(pathOf("newsList", "cs"));
    await page.getByTestId("news-search-input").fill("zadna-takova-zprava");
    await page.getByTestId("news-search-submit").click();
    await expect(page).toHaveURL(/q=zadna-takova-zprava/);
    await expect(page.getByTestId("news-no-results")).toContainText(msg("cs", "newsList.noResults", { q: "zadna-takova-zprava" }));
    await page.getByTestId("news-no-results").getByRole("link").click();
    await expect(cards(page).first()).toContainText(NEWEST.cs);
    // A link inside an item's text is underlined: colour alone would not set it apart (WCAG 1.4.1).
    await cards(page).first().getByTestId("news-card-link").click();
    const link = page.locator("[data-rich-text] a").first();
    await expect(link).toHaveText("Fondu malých projektů");
    await expect(link).toHaveCSS("text-decoration-line", "underline");
    for (const id of ["00000000-0000-4000-8000-000000000000", "17"]) {
      const response = await page.goto(pathOf("newsDetail", "de", { id }));
      expect(response?.status()).toBe(404);
      await expect(page.getByTestId("error-screen")).toBeVisible();
    }
    await context.close();
  });

  test("the feeds answer valid RSS with the public demo news and upcoming events in each language", async ({ browser, request }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(pathOf("eventList", "de"));
    await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", pathOf("eventFeed", "de"));
    for (const locale of ["de", "cs"] as const) {
      const news = await readFeed(request, page, pathOf("newsFeed", locale));
      expect(childText(news, "language")).toBe(locale === "de" ? "de-DE" : "cs-CZ");
      const titles = childrenNamed(news, "item").map((i) => childText(i, "title"));
      expect(titles[0]).toBe(NEWEST[locale]);
      expect(titles).toContain(USTI[locale]);
      expect(titles).not.toContain(SCHEDULED[locale]);
      expect(titles).not.toContain(INACTIVE[locale]);
      const link = childText(childrenNamed(news, "item")[0]!, "link")!;
      expect(link.startsWith(`${E2E_BASE_URL}/${locale}/`)).toBe(true);
      expect((await request.get(link)).status()).toBe(200);

      const events = await readFeed(request, page, pathOf("eventFeed", locale));
      const eventTitles = childrenNamed(events, "item").map((i) => childText(i, "title"));
      expect(eventTitles).toContain(locale === "de" ? "Grenzüberschreitender Unternehmertag Dresden" : "Přeshraniční den podnikatelů Drážďany");
      // Not yet announced, and over: not in the feed.
      expect(eventTitles).not.toContain(locale === "de" ? "Jahresempfang der Wirtschaftsförderung" : "Výroční setkání agentury pro podporu podnikání");
      expect(eventTitles).not.toContain(locale === "de" ? "Praxistag Digitalisierung im Handwerk" : "Praktický den digitalizace v řemesle");
      expect((await request.get(childText(childrenNamed(events, "item")[0]!, "link")!)).status()).toBe(200);
    }
    await context.close();
  });

  test("a scheduled item appears on the list, the home page and the feed when it is due; until then only its managers preview it", async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    // Today: not in the feed (fetched in this browser, so a cached copy would show tomorrow's check stale).
    await page.goto(pathOf("newsFeed", "de"));
    expect(await page.content()).not.toContain(SCHEDULED.de);
    await context.addCookies([{ name: "e2e_clock", value: String(SCHEDULED_IN_DAYS), url: E2E_BASE_URL }]);
    await page.goto(pathOf("newsFeed", "de"));
    expect(await page.content()).toContain(SCHEDULED.de);
    await page.goto("/de");
    await expect(page.getByTestId("home-latest-news").locator('[data-testid="news-card-link"]').first()).toHaveText(SCHEDULED.de);
    await page.goto(pathOf("newsList", "de"));
    await page.getByRole("link", { name: SCHEDULED.de }).click();
    await expect(page.getByTestId("news-detail-title")).toHaveText(SCHEDULED.de);
    const path = new URL(page.url()).pathname;
    await context.clearCookies({ name: "e2e_clock" });
    // Today again: the public gets a 404 …
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await context.close();

    // … the publishing company's Multiplikator a preview that search engines skip.
    const manager = await newContext(browser, { role: "Multiplikator" });
    const preview = await manager.newPage();
    await preview.goto(path);
    await expect(preview.getByTestId("news-detail-title")).toHaveText(SCHEDULED.de);
    await expect(preview.getByTestId("news-detail-preview")).toContainText("Vorschau");
    await expect(preview.locator('meta[name="robots"][content="noindex"]')).toHaveCount(1);
    await expect(preview.locator('script[type="application/ld+json"]')).toHaveCount(0);
    await manager.close();
  });
});

/** Fetches a feed, checks its headers, and parses it strictly (and with the browser's XML parser). */
async function readFeed(request: APIRequestContext, page: Page, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
  expect(response.headers()["cache-control"]).toMatch(/max-age=300/);
  const xml = await response.text();
  expect(await page.evaluate((text) => new DOMParser().parseFromString(text, "application/xml").getElementsByTagName("parsererror").length, xml), path).toBe(0);
  const rss = parseXml(xml);
  expect(rss.attributes["version"]).toBe("2.0");
  const channel = childrenNamed(rss, "channel")[0]!;
  expect(childrenNamed(channel, "atom:link")[0]!.attributes["href"]).toBe(`${E2E_BASE_URL}${path}`);
  return channel;
}
