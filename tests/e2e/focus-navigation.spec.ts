import { expect, type Page, test } from "@playwright/test";
import { LOCALES } from "../../app/i18n/locales";
import type { MessageKey } from "../../app/i18n/translate";
import { expectAxeAtBothWidths, type Locale, msg, newContext, pathOf, setColorScheme, uniqueEmail } from "./support";

// Issue 22, "accessibility left from earlier measurements" (decision 046): the focus and the
// announcement after a navigation, the folded phone menu out of the tab order, a visible focus
// ring on every control, the login code field's error. Both languages, 1280 and 390 px.

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

const pageTitle = (locale: Locale, key: MessageKey) => `${msg(locale, key)} – ${msg(locale, "site.name")}`;

/** What a Tab press reached: where it is, and the ring drawn around it. */
interface Stop {
  what: string;
  inMenu: boolean;
  outlineStyle: string;
  outlineWidth: number;
  boxShadow: string;
  /** Contrast of the ring's colour against the background it is drawn on. */
  contrast: number;
}

/**
 * Presses Tab from the top of the page until the focus comes round again (or `max` presses) and
 * describes each element it reached. A native input drawn invisible under its own label (the
 * search's type tabs) is judged by that label, which carries its ring.
 */
async function tabThrough(page: Page, max = 120): Promise<Stop[]> {
  // Start before the first element of the page (the skip link), as after a fresh load.
  await page.evaluate(() => {
    const start = document.createElement("span");
    start.tabIndex = -1;
    start.dataset["tabStart"] = "";
    document.body.prepend(start);
    start.focus();
  });
  const stops: Stop[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const shown = getComputedStyle(el).opacity === "0" && el.nextElementSibling instanceof HTMLElement ? el.nextElementSibling : el;
      const style = getComputedStyle(shown);
      const rgb = (color: string) => {
        const parts = color.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
        return { r: parts[0] ?? 0, g: parts[1] ?? 0, b: parts[2] ?? 0, a: color.startsWith("rgba") ? (parts[3] ?? 1) : 1 };
      };
      const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
        const lin = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
        return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
      };
      let behind = shown.parentElement;
      while (behind && rgb(getComputedStyle(behind).backgroundColor).a === 0) behind = behind.parentElement;
      const background = rgb(getComputedStyle(behind ?? document.body).backgroundColor);
      const [light, dark] = [luminance(rgb(style.outlineColor)), luminance(background)].sort((a, b) => b - a) as [number, number];
      const id = el.id ? `#${el.id}` : "";
      const label = (el.getAttribute("aria-label") ?? el.textContent ?? el.getAttribute("name") ?? "").trim().slice(0, 40);
      return {
        what: `${el.tagName.toLowerCase()}${id} "${label}"`,
        key: `${el.tagName}|${id}|${label}|${Math.round(el.getBoundingClientRect().top + window.scrollY)}|${Math.round(el.getBoundingClientRect().left)}`,
        inMenu: Boolean(el.closest("#mobile-menu")),
        outlineStyle: style.outlineStyle,
        outlineWidth: parseFloat(style.outlineWidth),
        boxShadow: style.boxShadow,
        contrast: (light + 0.05) / (dark + 0.05),
      };
    });
    if (!stop) {
      if (stops.length > 0) break;
      continue;
    }
    if (seen.has(stop.key)) break;
    seen.add(stop.key);
    const { key: _key, ...rest } = stop;
    stops.push(rest);
  }
  await page.evaluate(() => document.querySelector("[data-tab-start]")?.remove());
  return stops;
}

/** Every stop shows a ring: an outline of at least 2 px with 3:1 against its background. */
function expectRings(stops: Stop[], label: string) {
  expect(stops.length, `${label}: Tab reached controls`).toBeGreaterThan(5);
  const missing = stops.filter((s) => s.outlineStyle === "none" || s.outlineWidth < 2 || s.contrast < 3);
  expect(
    missing.map((s) => `${s.what}: ${s.outlineStyle} ${s.outlineWidth}px, contrast ${s.contrast.toFixed(2)}, shadow ${s.boxShadow}`),
    label,
  ).toEqual([]);
}

for (const locale of LOCALES) {
  const t = (key: MessageKey) => msg(locale, key);

  test.describe(`focus and navigation (${locale})`, () => {
    test("a header link moves the focus to the new page's heading and announces its title; a GET form on the same page keeps its focus", async ({ browser }) => {
      const context = await newContext(browser, { viewport: DESKTOP });
      const page = await context.newPage();
      await page.goto(pathOf("home", locale));
      const announcer = page.getByTestId("route-announcer");
      // The server-rendered first load: the browser announces it; nothing is said or moved.
      await expect(announcer).toHaveText("");
      await expect(announcer).toHaveAttribute("aria-live", "polite");
      await expect(page.locator("#main h1")).not.toBeFocused();

      await page.getByRole("navigation", { name: t("layout.mainNavigation") }).getByRole("link", { name: t("nav.search") }).click();
      await expect(page).toHaveURL((url) => url.pathname === pathOf("search", locale));
      const heading = page.locator("#main h1");
      await expect(heading).toHaveText(t("page.search.title"));
      await expect(heading).toBeFocused();
      await expect(page).toHaveTitle(pageTitle(locale, "page.search.title"));
      await expect(announcer).toHaveText(pageTitle(locale, "page.search.title"));
      // The heading is a reading start, not a control: no ring (it is not in the tab order).
      await expect(heading).toHaveAttribute("tabindex", "-1");

      // The search form submits by GET to the same page: the focus stays in the form, on the same
      // control of the form the page renders for the new URL.
      const term = page.getByTestId("search-term");
      await term.fill("Maschinenbau");
      await term.press("Enter");
      await expect(page).toHaveURL((url) => url.pathname === pathOf("search", locale) && url.searchParams.get("q") === "Maschinenbau");
      await expect(page.getByTestId("search-submit")).toBeEnabled();
      await expect(term).toBeFocused();
      await expect(term).toHaveValue("Maschinenbau");
      await term.fill("Dresden");
      await page.getByTestId("search-submit").click();
      await expect(page).toHaveURL((url) => url.searchParams.get("q") === "Dresden");
      await expect(page.getByTestId("search-submit")).toBeFocused();
      await expect(heading).not.toBeFocused();
      await expect(announcer).toHaveText(pageTitle(locale, "page.search.title"));

      // The next header link, with the focus in the search form: the focus goes to the new heading.
      await page.getByRole("navigation", { name: t("layout.mainNavigation") }).getByRole("link", { name: t("nav.news") }).click();
      await expect(page).toHaveURL((url) => url.pathname === pathOf("newsList", locale));
      await expect(page.locator("#main h1")).toBeFocused();
      await expect(announcer).toHaveText(pageTitle(locale, "page.newsList.title"));
      await expectAxeAtBothWidths(page, `news list after a navigation ${locale}`);
      await context.close();
    });

    test("the phone menu: out of the tab order while folded and at desktop width; its links move the focus like the header's", async ({ browser }) => {
      const context = await newContext(browser, { viewport: DESKTOP });
      const page = await context.newPage();
      await page.goto(pathOf("home", locale));
      const menuNav = t("layout.menuNavigation");
      const menuLinks = page.locator("#mobile-menu a");
      await expect(menuLinks.first()).toBeAttached();

      // 1280 px: the phone menu is not shown, not in the accessibility tree, not reachable by Tab.
      await expect(page.getByRole("navigation", { name: menuNav })).toHaveCount(0);
      await expect(page.locator("#mobile-menu")).toBeHidden();
      const desktopStops = await tabThrough(page);
      expect(desktopStops.filter((s) => s.inMenu).map((s) => s.what)).toEqual([]);
      expect(await menuLinks.first().evaluate((el: HTMLElement) => (el.focus(), document.activeElement === el))).toBe(false);

      // 390 px, menu folded: the same.
      await page.setViewportSize(PHONE);
      const burger = page.getByRole("button", { name: t("layout.menu") });
      await expect(burger).toHaveAttribute("aria-expanded", "false");
      const phoneStops = await tabThrough(page);
      expect(phoneStops.filter((s) => s.inMenu).map((s) => s.what)).toEqual([]);
      expect(phoneStops.some((s) => s.what.startsWith("button"))).toBe(true);
      expect(await menuLinks.first().evaluate((el: HTMLElement) => (el.focus(), document.activeElement === el))).toBe(false);

      // Opened: in the tree and reachable; a link in it moves the focus to the new page's heading.
      await burger.click();
      await expect(burger).toHaveAttribute("aria-expanded", "true");
      const menu = page.getByRole("navigation", { name: menuNav });
      await expect(menu).toBeVisible();
      await menu.getByRole("link").first().focus();
      await expect(menu.getByRole("link").first()).toBeFocused();
      await menu.getByRole("link", { name: t("nav.events") }).click();
      await expect(page).toHaveURL((url) => url.pathname === pathOf("eventList", locale));
      await expect(page.locator("#main h1")).toBeFocused();
      await expect(page.getByTestId("route-announcer")).toHaveText(pageTitle(locale, "page.eventList.title"));
      await expect(burger).toHaveAttribute("aria-expanded", "false");
      expect(await menuLinks.first().evaluate((el: HTMLElement) => (el.focus(), document.activeElement === el))).toBe(false);
      await context.close();
    });

    test("every control reached by Tab shows a focus ring, in the light and the dark theme, at 1280 and 390 px", async ({ browser }) => {
      test.slow();
      const context = await newContext(browser, { viewport: DESKTOP });
      const page = await context.newPage();
      // Search: inputs, comboboxes, radio tabs, checkboxes, buttons, links, the map. Event list:
      // selects. Sign-up: inputs, consent checkboxes with links, the submit button.
      for (const pageId of ["search", "eventList", "signup"] as const) {
        await page.goto(pathOf(pageId, locale));
        for (const viewport of [DESKTOP, PHONE]) {
          await page.setViewportSize(viewport);
          for (const scheme of ["light", "dark"] as const) {
            await setColorScheme(page, scheme);
            const stops = await tabThrough(page);
            expectRings(stops, `${pageId} ${locale} @${viewport.width} ${scheme}`);
            // The kinds of control the page has were all reached (and judged above).
            const kinds = new Set(stops.map((s) => s.what.split(/[#\s]/)[0] ?? ""));
            const expected = pageId === "eventList" ? ["a", "button", "input", "select"] : ["a", "button", "input"];
            expect([...kinds].filter((k) => expected.includes(k)).sort(), `${pageId} ${locale} @${viewport.width}`).toEqual(expected);
          }
        }
        await page.setViewportSize(DESKTOP);
        await setColorScheme(page, "light");
      }
      await context.close();
    });

    test("a wrong login code marks the code field invalid and describes it by the error", async ({ browser }) => {
      const context = await newContext(browser, { viewport: DESKTOP });
      const page = await context.newPage();
      await page.goto(pathOf("login", locale));
      await page.getByLabel(t("field.email")).fill(uniqueEmail(`focus-${locale}`));
      await page.getByRole("button", { name: t("login.requestCode") }).click();
      await expect(page.getByTestId("code-sent")).toBeVisible();
      const code = page.getByLabel(t("field.code"));
      await expect(code).not.toHaveAttribute("aria-invalid", "true");

      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport);
        await code.fill("000000");
        await page.getByRole("button", { name: t("login.submitCode"), exact: true }).click();
        await expect(code).toHaveAttribute("aria-invalid", "true");
        const describedBy = await code.getAttribute("aria-describedby");
        expect(describedBy, `@${viewport.width}`).toBeTruthy();
        const description = page.locator(describedBy!.split(/\s+/).map((id) => `[id="${id}"]`).join(", "));
        await expect(description).toHaveText(t("error.CODE_INVALID"));
        await expect(description).toBeVisible();
        await expect(code).toBeFocused();
      }
      await expectAxeAtBothWidths(page, `login with a wrong code ${locale}`);
      await context.close();
    });
  });
}
