import { expect, test } from "@playwright/test";
import { LOCALES } from "../../app/i18n/locales";
import type { MessageKey, MessageValues } from "../../app/i18n/translate";
import { currentMonth } from "../../app/schemas/statistics";
import { expectAxeAtBothWidths, msg, newContext, pathOf } from "./support";

/**
 * Issue 20, statistics and first-party analytics, in Chromium, in both languages: a visitor reads
 * the privacy page and the FAQ (each view sends one beacon and is counted), turns the counting off
 * with the privacy page's switch (no beacon is sent any more), and the demo admin opens the
 * statistics from the admin home, chooses this month, narrows the top pages to the privacy page, sees charts and
 * tables with its views, and downloads the CSV with the same figure. axe on the privacy page and
 * the statistics page at 1280 and 390 px.
 */
const DESKTOP = { width: 1280, height: 900 };
const isBeacon = (url: string) => new URL(url).pathname === "/api/event";

for (const locale of LOCALES) {
  test(`statistics: public pages counted, opt-out on the privacy page, admin reads charts, tables and CSV (${locale})`, async ({ browser }) => {
    test.slow();
    const t = (key: MessageKey, values?: MessageValues) => msg(locale, key, values);
    const privacy = pathOf("privacy", locale);
    const faq = pathOf("faq", locale);
    const visitor = await newContext(browser, { viewport: DESKTOP });
    const admin = await newContext(browser, { role: "Admin", viewport: DESKTOP });
    try {
      const page = await visitor.newPage();
      const beacons: Array<{ n: string; u: string }> = [];
      page.on("request", (request) => {
        if (isBeacon(request.url())) beacons.push(JSON.parse(request.postData() ?? "{}") as { n: string; u: string });
      });
      const beaconFor = (path: string) => page.waitForResponse((r) => isBeacon(r.url()) && (r.request().postData() ?? "").includes(`${path}"`));

      // Each view of a public page sends one beacon once the page runs (202: taken).
      let sent = beaconFor(privacy);
      await page.goto(privacy);
      expect((await sent).status()).toBe(202);
      const optIn = page.getByRole("switch", { name: t("analytics.optOut.label") });
      await expect(optIn).toBeChecked();
      await expect(page.getByText(t("analytics.optOut.on"))).toBeVisible();
      await expectAxeAtBothWidths(page, `privacy page with the analytics switch (${locale})`);
      sent = beaconFor(faq);
      await page.goto(faq);
      expect((await sent).status()).toBe(202);
      sent = beaconFor(privacy);
      await page.goto(privacy);
      await sent;
      expect(beacons.map((b) => [b.n, new URL(b.u).pathname])).toEqual([
        ["pageview", privacy],
        ["pageview", faq],
        ["pageview", privacy],
      ]);

      // Opted out: the flag is in local storage and no page sends anything any more.
      await optIn.click({ force: true });
      await expect(optIn).not.toBeChecked();
      await expect(page.getByText(t("analytics.optOut.off"))).toBeVisible();
      expect(await page.evaluate(() => window.localStorage.getItem("plausible_ignore"))).toBe("true");
      await page.goto(faq);
      await page.goto(privacy);
      await expect(page.getByRole("switch", { name: t("analytics.optOut.label") })).not.toBeChecked();
      await page.waitForTimeout(1000);
      expect(beacons).toHaveLength(3);

      // The admin chooses this month and the privacy page: both views are there, in the table and the CSV.
      const stats = await admin.newPage();
      await stats.goto(pathOf("admin", locale));
      await expect(stats.getByRole("link", { name: t("page.adminStatisticsCsv.title") })).toHaveCount(0);
      await stats.getByRole("link", { name: t("page.adminStatistics.title"), exact: true }).click();
      await expect(stats.getByRole("heading", { level: 1, name: t("page.adminStatistics.title") })).toBeVisible();
      const month = currentMonth(new Date());
      const form = stats.getByTestId("statistics-period");
      await form.getByLabel(t("statistics.from")).fill(month);
      await form.getByLabel(t("statistics.to")).fill(month);
      await form.getByLabel(t("statistics.pageFilter")).fill(decodeURI(privacy));
      await form.getByRole("button", { name: t("statistics.show") }).click();
      await expect(stats).toHaveURL(new RegExp(`from=${month}&to=${month}`));
      const topPages = stats.getByTestId("statistics-top-pages");
      const row = topPages.getByRole("row").filter({ hasText: decodeURI(privacy) });
      await expect(row).toHaveCount(1);
      const views = Number((await row.getByRole("cell").last().innerText()).replace(/\D/g, ""));
      expect(views).toBeGreaterThanOrEqual(2);
      await expect(stats.getByTestId("statistics-months").getByRole("row")).toHaveCount(2);
      await expect(stats.getByTestId("statistics-activity-chart").locator("svg").first()).toBeVisible();
      await expect(stats.getByTestId("statistics-pageviews-chart").locator("svg").first()).toBeVisible();
      await expect(stats.getByTestId("statistics-devices").getByRole("row").filter({ hasText: t("statistics.device.desktop") })).toHaveCount(1);
      await expectAxeAtBothWidths(stats, `statistics (${locale})`);

      const [download] = await Promise.all([stats.waitForEvent("download"), stats.getByTestId("statistics-csv").click()]);
      expect(download.suggestedFilename()).toBe(`${t("statistics.csvFileName")}-${month}-${month}.csv`);
      const chunks: Buffer[] = [];
      for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
      const csv = Buffer.concat(chunks).toString("utf8");
      expect(csv.charCodeAt(0)).toBe(0xfeff);
      expect(csv).toContain(`"${t("statistics.col.metric")}";"${t("statistics.col.month")}";"${t("statistics.col.country")}";"${t("statistics.col.item")}";"${t("statistics.col.count")}"`);
      expect(csv).toMatch(new RegExp(`"${t("statistics.metric.topPages")}";"";"";"${decodeURI(privacy)}";"(\\d+)"`));
      const csvViews = Number(new RegExp(`"${decodeURI(privacy)}";"(\\d+)"`).exec(csv)![1]);
      expect(csvViews).toBeGreaterThanOrEqual(views);
    } finally {
      await visitor.close();
      await admin.close();
    }
  });
}
