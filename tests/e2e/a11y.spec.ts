import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { LOCALES } from "../../app/i18n/locales";
import { PAGES } from "../../app/routing/catalogue";
import { href } from "../../app/routing/paths";

const PUBLIC_PAGES = PAGES.filter((p) => p.access === "public" && !p.resource);

// Every public page × both languages × both themes: no serious or critical axe violation.
for (const theme of ["light", "dark"] as const) {
  for (const locale of LOCALES) {
    for (const def of PUBLIC_PAGES) {
      test(`axe: ${def.id}, ${locale}, ${theme}`, async ({ browser }) => {
        const context = await browser.newContext();
        await context.addInitScript((scheme) => window.localStorage.setItem("mantine-color-scheme-value", scheme), theme);
        const page = await context.newPage();
        await page.goto(encodeURI(href(def.id, locale, { id: "3", companyId: "3" })));
        await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", theme);
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
        const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
        expect(serious.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
        await context.close();
      });
    }
  }
}
