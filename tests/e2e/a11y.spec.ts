import type AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { LOCALES } from "../../app/i18n/locales";
import { PAGES } from "../../app/routing/catalogue";
import { href } from "../../app/routing/paths";
import { COLOUR_RULES, runAxe } from "./support";

const PUBLIC_PAGES = PAGES.filter((p) => p.access === "public" && !p.resource);
const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Serious or critical violations, as readable lines. */
const serious = (results: Awaited<ReturnType<AxeBuilder["analyze"]>>) =>
  results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);

// Every public page × both languages: no serious or critical axe violation (WCAG 2.1 A/AA) in the
// light theme, and none of the colour rules in the dark theme, which changes colours only
// (decision 073). The dark theme is the one a visitor who chose it gets from the first paint.
for (const locale of LOCALES) {
  for (const def of PUBLIC_PAGES) {
    test(`axe: ${def.id}, ${locale}, light and dark`, async ({ browser }) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(encodeURI(href(def.id, locale, { id: "3", companyId: "3" })));
      await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");
      expect(serious(await runAxe(page, `${def.id} ${locale} light`, (axe) => axe.withTags(WCAG_AA))), "light").toEqual([]);

      // A stored choice is applied before the first paint (no flash of the light theme).
      await context.addInitScript(() => window.localStorage.setItem("mantine-color-scheme-value", "dark"));
      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
      expect(serious(await runAxe(page, `${def.id} ${locale} dark`, (axe) => axe.withRules(COLOUR_RULES))), "dark").toEqual([]);
      await context.close();
    });
  }
}
