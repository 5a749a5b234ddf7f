import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { IntlMessageFormat } from "intl-messageformat";
import { LOCALE_TAGS, LOCALES, type Locale } from "../../app/i18n/locales";
import type { MessageKey, MessageValues } from "../../app/i18n/translate";
import { href } from "../../app/routing/paths";

export type { Locale };

const DIR = `.tmp/e2e-${process.env.E2E_PORT ?? 3100}`;
export const OUTBOX = `${DIR}/outbox`;
export const AUTH_DIR = `${DIR}-auth`;

export const DEMO = {
  Admin: "admin@partnernet.example",
  Multiplikator: "multiplikator@partnernet.example",
  Organisation: "firma.de@partnernet.example",
} as const;
export type DemoRole = keyof typeof DEMO;

export const storageStateFor = (role: DemoRole) => path.join(AUTH_DIR, `${role}.json`);

interface Mail {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** Every mail in the outbox folder, newest first. */
export function readOutbox(): Mail[] {
  if (!fs.existsSync(OUTBOX)) return [];
  return fs
    .readdirSync(OUTBOX)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .reverse()
    .map((f) => JSON.parse(fs.readFileSync(path.join(OUTBOX, f), "utf8")) as Mail);
}

/**
 * Waits for a mail to `to` that arrived after `since` and passes `matches`, newest first.
 * `since` carries a second of slack, so a mail sent just before (the verification link before
 * the login code) can fall inside the window — `matches` tells the two apart.
 */
export async function waitForMail(to: string, since: Date, matches: (mail: Mail) => boolean = () => true): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        found = readOutbox().find((m) => m.to === to && new Date(m.createdAt) >= since && matches(m));
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

const CODE_LINE = /^\s*(\d{6})\s*$/m;
const LINK = /https?:\/\/\S+/;

/** Waits for the newest login-code mail to `to` after `since` and returns its code. */
export async function waitForCode(to: string, since: Date): Promise<string> {
  return codeIn(await waitForMail(to, since, (m) => CODE_LINE.test(m.text)));
}

/** Waits for the newest mail with a link to `to` after `since` and returns the link. */
export async function waitForLink(to: string, since: Date): Promise<string> {
  return linkIn(await waitForMail(to, since, (m) => LINK.test(m.text) && !CODE_LINE.test(m.text)));
}

export function codeIn(mail: Mail): string {
  const match = mail.text.match(CODE_LINE);
  if (!match?.[1]) throw new Error(`No code in: ${mail.text}`);
  return match[1];
}

export function linkIn(mail: Mail): string {
  const match = mail.text.match(LINK);
  if (!match) throw new Error(`No link in: ${mail.text}`);
  return match[0];
}

/** Signs in through the real login page with the code from the captured mail. */
export async function loginWithCode(page: Page, email: string, locale: "de" | "cs" = "de") {
  let since = new Date(Date.now() - 1000);
  await page.goto(locale === "de" ? "/de/anmelden" : "/cs/prihlaseni");
  // Typing or clicking while React takes the page over can be lost (CI under load lost a code submit).
  await waitForHydration(page);
  await page.getByLabel(locale === "de" ? "E-Mail-Adresse" : "E-mailová adresa").fill(email);
  const request = page.getByRole("button", { name: locale === "de" ? "Code anfordern" : "Vyžádat kód" });
  await request.click();
  // Specs running in parallel may sign in the same demo account: the spec's resend pause (2 minutes)
  // then refuses this request. Wait it out as a user would and ask again.
  const tooEarly = page.locator('[data-testid=form-error][data-error-code="CODE_RESEND_TOO_EARLY"]');
  await expect(page.getByTestId("code-sent").or(tooEarly)).toBeVisible();
  if (await tooEarly.isVisible()) {
    const seconds = Number((await tooEarly.innerText()).match(/\d+/)?.[0] ?? 120);
    test.setTimeout(test.info().timeout + (seconds + 30) * 1000);
    await page.waitForTimeout((seconds + 1) * 1000);
    since = new Date(Date.now() - 1000);
    await request.click();
    await expect(page.getByTestId("code-sent")).toBeVisible();
  }
  const code = await waitForCode(email, since);
  await waitForHydration(page);
  await page.getByLabel(locale === "de" ? "Anmeldecode (6 Ziffern)" : "Přihlašovací kód (6 číslic)").fill(code);
  await page.getByRole("button", { name: locale === "de" ? "Anmelden" : "Přihlásit se", exact: true }).click();
  try {
    // Signing in creates the session and loads the account's page: slower than a click on a busy machine.
    await expect(page.getByTestId("account-menu")).toBeVisible({ timeout: 30_000 });
  } catch (error) {
    throw new Error(`No account button after signing in as ${email}. ${await whatThePageShows(page)}`, { cause: error });
  }
}

/** CI prints only a failure's message: the page's address, heading and any error it shows. */
async function whatThePageShows(page: Page): Promise<string> {
  const texts = async (selector: string) => (await page.locator(selector).allInnerTexts()).map((text) => text.trim()).filter(Boolean);
  const hydrated = await page.evaluate(() => document.documentElement.dataset.hydrated !== undefined).catch(() => "unknown");
  return [
    `URL: ${page.url()}`,
    `hydrated: ${String(hydrated)}`,
    `h1: ${(await texts("h1")).join(" | ")}`,
    `alerts: ${(await texts('[role=alert], [role=status], [data-testid=form-error], .mantine-InputWrapper-error')).join(" | ")}`,
  ].join("; ");
}

// The catalogues are read as files: Playwright's loader cannot import JSON modules here.
const CATALOGUES = Object.fromEntries(
  LOCALES.map((l) => [l, JSON.parse(fs.readFileSync(new URL(`../../app/i18n/messages/${l}.json`, import.meta.url), "utf8")) as Record<string, string>]),
) as Record<Locale, Record<string, string>>;

/** The same text the page shows for a message key (ICU placeholders filled in from `values`). */
export function msg(locale: Locale, key: MessageKey, values?: MessageValues): string {
  return String(new IntlMessageFormat(CATALOGUES[locale][key] ?? key, LOCALE_TAGS[locale]).format(values));
}

/** A page's path in a language, encoded as the browser requests it (Czech paths carry diacritics). */
export const pathOf = (...args: Parameters<typeof href>) => encodeURI(href(...args));

/**
 * An axe run on the page as it is now, in legacy mode: axe-core/playwright's default mode gathers
 * the results of every frame in a new blank page (`finishRun`), and a new page is a new renderer
 * process — on a quiet machine it doubled a run (home: 2.7 s against 1.2 s), under CI's load it
 * cost more. Legacy mode runs axe once in the page itself; it would miss only cross-origin
 * iframes, and the app renders none (decision 074).
 */
const axeOn = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true);

/** An axe run that has not answered in this time is not coming back (see runAxe). */
const AXE_ANSWER_MS = 60_000;

/**
 * An axe run (legacy mode, axeOn) on the page as it is now, with the rules `configure` chooses.
 * Journeys stood still until their own 9 or 10 minutes were over (stop 30's CI; a company journey
 * here on 2026-11-29, right before an axe run, on a page that answered its snapshot afterwards);
 * the cause is not known. A run that has not answered in 60 s is started once more, and a second
 * silence fails the test at once, naming the page (decision 074).
 */
export async function runAxe(page: Page, label: string, configure: (axe: AxeBuilder) => AxeBuilder = (axe) => axe) {
  for (let attempt = 1; ; attempt++) {
    let timer: NodeJS.Timeout | undefined;
    const silence = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), AXE_ANSWER_MS)));
    const results = await Promise.race([configure(axeOn(page)).analyze(), silence]).finally(() => clearTimeout(timer));
    if (results) return results;
    if (attempt === 2) throw new Error(`axe did not answer within ${AXE_ANSWER_MS / 1000} s, twice: ${label} (${page.url()})`);
    test.info().annotations.push({ type: "axe-silent", description: `${label}: axe did not answer within ${AXE_ANSWER_MS / 1000} s; started again` });
  }
}

/** No serious or critical axe violation (WCAG 2.1 A/AA) on the page as it is now. */
export async function expectNoSeriousAxeViolations(page: Page, label: string) {
  const results = await runAxe(page, label, (axe) => axe.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]));
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    label,
  ).toEqual([]);
}

/** A 1×1 PNG: logos, ad images, and every map tile (the tests never reach openstreetmap.org). */
export const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

/**
 * A browser context, signed in as a demo role if given, whose map tiles come from PNG. Its pages
 * wait after each `goto` until React has hydrated a page that runs the app's scripts: a file
 * chosen or a dialog button clicked before that was lost under CI's load (runs of `.ci/run` here
 * on 2026-11-29: a logo preview that never came, a merge dialog that never opened; decision 074).
 * Navigations by click are not covered: a test that needs it there calls waitForHydration itself.
 */
export async function newContext(browser: Browser, options: { role?: DemoRole; viewport?: { width: number; height: number } } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...(options.role ? { storageState: storageStateFor(options.role) } : {}),
    ...(options.viewport ? { viewport: options.viewport } : {}),
  });
  await context.route("https://tile.openstreetmap.org/**", (route) => route.fulfill({ status: 200, contentType: "image/png", body: PNG }));
  const newPage = context.newPage.bind(context);
  context.newPage = async () => hydratedAfterGoto(await newPage());
  return context;
}

function hydratedAfterGoto(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    // The app's pages load its module scripts; a PDF, a feed or another site's page does not.
    if ((await page.locator('script[type="module"]').count()) > 0) await waitForHydration(page);
    return response;
  };
  return page;
}

/**
 * A new account through the real sign-up and e-mail verification (which signs in), in `locale`
 * (its mails come in that language); ends on the account page.
 */
export async function signUpAndSignIn(page: Page, locale: Locale, name: string, email: string) {
  const t = (key: MessageKey) => msg(locale, key);
  const since = new Date(Date.now() - 1000);
  await page.goto(pathOf("signup", locale));
  await waitForHydration(page);
  await page.getByLabel(t("field.fullName")).fill(name);
  await page.getByLabel(t("field.email")).fill(email);
  await page.getByRole("checkbox").nth(0).check();
  await page.getByRole("checkbox").nth(1).check();
  await page.getByRole("button", { name: t("signup.submit") }).click();
  await expect(page.getByTestId("signup-success")).toContainText(email);
  await page.goto(await waitForLink(email, since));
  await waitForHydration(page);
  // The link proves the address: confirming it signs the new user in (decision 014); the session
  // and the account's page take longer than a click on a busy machine.
  await page.getByRole("button", { name: t("verify.confirm") }).click();
  await expect(page.getByTestId("verified-welcome")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("account-email")).toHaveText(email);
}

/** A unique e-mail address for this run. */
export const uniqueEmail = (label: string) => `e2e.${label}.${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}@example.com`;

/** Picks an industry in the NACE picker by typing `query` and choosing the option matching `option`. */
export async function pickNace(page: Page, query: string, option: RegExp) {
  const input = page.getByTestId("nace-picker");
  await input.click();
  await input.fill(query);
  await page.getByRole("option", { name: option }).first().click();
  await page.keyboard.press("Escape");
}

/** Adds a new tag (German and Czech text) through the tag dialog of the company form. */
export async function addNewTag(page: Page, de: string, cs: string) {
  await page.getByTestId("new-tag-open").click();
  await page.getByTestId("new-tag-de").fill(de);
  await page.getByTestId("new-tag-cs").fill(cs);
  await page.getByTestId("new-tag-add").click();
  await expect(page.getByTestId("new-tag-add")).toBeHidden();
}

export interface CompanyFormInput {
  name: string;
  website: string;
  nace: { query: string; option: RegExp };
  /** New tags as [German, Czech]. */
  tags: Array<[string, string]>;
  descriptionDe: string;
  descriptionCs: string;
  headquarters: { country: "DE" | "CZ"; state: string; line1: string; postalCode: string; city: string };
}

/** Fills the whole company form of the create page (fields found by name: any language). */
export async function fillCompanyForm(page: Page, input: CompanyFormInput) {
  const form = page.getByTestId("company-form");
  await form.locator('input[name="name"]').fill(input.name);
  await form.locator('input[name="website"]').fill(input.website);
  await page.getByTestId("logo-input").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByTestId("logo-preview")).toBeVisible();
  await pickNace(page, input.nace.query, input.nace.option);
  for (const [de, cs] of input.tags) await addNewTag(page, de, cs);
  await form.locator('textarea[name="descriptionDe"]').fill(input.descriptionDe);
  await form.locator('textarea[name="descriptionCs"]').fill(input.descriptionCs);
  const { country, state, line1, postalCode, city } = input.headquarters;
  await form.locator('select[name="country"]').selectOption(country);
  await form.locator('select[name="state"]').selectOption(state);
  await form.locator('input[name="line1"]').fill(line1);
  await form.locator('input[name="postalCode"]').fill(postalCode);
  await form.locator('input[name="city"]').fill(city);
}

/**
 * Nothing sticks out sideways: the page scrolls vertically only (phone layouts). A soft check, so
 * a journey reports every page that overflows (naming the widest elements) instead of the first.
 */
export async function expectNoHorizontalOverflow(page: Page, label: string) {
  const width = page.viewportSize()!.width;
  const { scrollWidth, culprits } = await page.evaluate(() => {
    const limit = window.innerWidth + 1;
    const wide = [...document.querySelectorAll<HTMLElement>("body *")].filter((el) => el.getBoundingClientRect().right > limit);
    const describe = (el: HTMLElement) =>
      `${el.tagName.toLowerCase()}${el.dataset["testid"] ? `[data-testid=${el.dataset["testid"]}]` : ""}.${[...el.classList].join(".")}`;
    return { scrollWidth: document.scrollingElement!.scrollWidth, culprits: wide.slice(0, 5).map(describe) };
  });
  expect.soft(scrollWidth, `${label}: wider than the screen (${culprits.join(", ")})`).toBeLessThanOrEqual(width);
}

/**
 * The axe rules that depend on the theme. The dark theme changes colours only (Mantine's CSS
 * variables), never the markup, so every other rule gives the same answer in both themes: the
 * dark theme runs these alone, which halves a page's axe time (decision 073).
 */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * No axe violation of any impact, best practices included (landmarks, regions, headings), on the
 * page as it is now, in the light theme, and — unless `dark: false` — no colour violation in the
 * dark theme (switched in place, so open dialogs and typed values stay). Soft, so a journey
 * reports every page at once.
 */
export async function expectNoAxeViolations(page: Page, label: string, { dark = true }: { dark?: boolean } = {}) {
  const html = page.locator("html");
  const before = (await html.getAttribute("data-mantine-color-scheme")) === "dark" ? "dark" : "light";
  for (const scheme of dark ? (["light", "dark"] as const) : (["light"] as const)) {
    await setColorScheme(page, scheme);
    const results = await runAxe(page, `${label}, ${scheme}`, (axe) => (scheme === "dark" ? axe.withRules(COLOUR_RULES) : axe));
    expect.soft(await html.getAttribute("data-mantine-color-scheme"), `${label}: axe ran in the ${scheme} theme`).toBe(scheme);
    expect
      .soft(
        results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).slice(0, 4).join(", ")}`),
        `${label}, ${scheme}`,
      )
      .toEqual([]);
  }
  await setColorScheme(page, before);
}

/** Switches the theme as the toggle does (Mantine listens to its storage key), without a reload. */
export async function setColorScheme(page: Page, scheme: "light" | "dark") {
  await page.evaluate((s) => {
    window.localStorage.setItem("mantine-color-scheme-value", s);
    window.dispatchEvent(new StorageEvent("storage", { key: "mantine-color-scheme-value", newValue: s, storageArea: window.localStorage }));
    document.documentElement.setAttribute("data-mantine-color-scheme", s);
  }, scheme);
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme);
}

/**
 * The language in which a journey that runs once per language — its title ends in "(de)" or
 * "(cs)" — checks its pages with axe: one of the two, chosen by the rest of the title so the
 * journeys split between the languages. axe's rules look at markup, names, roles and colours,
 * which a translation leaves as they are; the width of a translated text can change, and the
 * overflow check at 390 px runs in both languages. Every public page is checked with axe in both
 * languages by `a11y.spec.ts`; `null` for a test that is not one of such a pair (decision 074).
 */
export function axeLanguageOfPair(titlePath: readonly string[]): Locale | null {
  const title = titlePath.join(" › ");
  if (!/\((de|cs)\)/.test(title)) return null;
  const rest = title.replace(/\((de|cs)\)/g, "");
  let sum = 0;
  for (const char of rest) sum = (sum + char.codePointAt(0)!) % 2;
  return sum === 0 ? "de" : "cs";
}

/**
 * axe at 1280 px (light and dark) and on a 390 px phone (light: the dark theme changes colours
 * only, and no colour depends on the width), where nothing may scroll sideways; then back to
 * 1280. In one of a language pair's two tests only the overflow check runs (axeLanguageOfPair).
 */
export async function expectAxeAtBothWidths(page: Page, label: string) {
  const language = axeLanguageOfPair(test.info().titlePath);
  const pageLanguage = await page.locator("html").getAttribute("lang");
  const checkAxe = language === null || pageLanguage === null || pageLanguage.startsWith(language);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    if (checkAxe) await expectNoAxeViolations(page, `${label} @${width}`, { dark: width === 1280 });
    if (width === 390) await expectNoHorizontalOverflow(page, `${label} @390`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Badges are never cut with "…" (issue 19): neither a badge nor anything in it is wider than the
 * box it is drawn in. Soft, so a page reports every cut badge.
 */
export async function expectBadgesWhole(badges: Locator, label: string) {
  await expect(badges.first(), label).toBeVisible();
  const cut = await badges.evaluateAll((els) =>
    els
      .flatMap((el) => [el, ...el.querySelectorAll<HTMLElement>("*")])
      .filter((el) => el.getClientRects().length > 0 && el.scrollWidth > el.clientWidth)
      .map((el) => `${el.textContent} (${el.scrollWidth} > ${el.clientWidth})`),
  );
  expect.soft(cut, label).toEqual([]);
}

/** Waits until React has hydrated the page (root.tsx marks the document). */
export async function waitForHydration(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 30_000 });
}
