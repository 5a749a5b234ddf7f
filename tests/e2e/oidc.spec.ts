import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { E2E_OIDC } from "../support/oidc-accounts";

// Sign-in with the real OpenID Connect provider on port 3901 (scripts/oidc-dev-provider.ts as a
// Playwright webServer in playwright.config.ts), account e2e-user.

const MESSAGES_DIR = path.resolve(import.meta.dirname, "../../app/i18n/messages");
const messages = (locale: "de" | "cs"): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(MESSAGES_DIR, `${locale}.json`), "utf8")) as Record<string, string>;

const LOGIN_PATH = { de: "/de/anmelden", cs: "/cs/prihlaseni" } as const;
const ACCOUNT_PATH = { de: "/de/mein-account", cs: "/cs/muj-ucet" } as const;

/** The provider's development interaction: a login form (any password), then a consent screen. */
async function signInAtProvider(page: Page): Promise<void> {
  await page.locator('input[name="login"]').fill(E2E_OIDC.login);
  await page.locator('input[name="password"]').fill("any-password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  const consent = page.getByRole("button", { name: "Continue" });
  const accountMenu = page.getByTestId("account-menu");
  await expect(consent.or(accountMenu).first()).toBeVisible();
  if (await consent.isVisible()) await consent.click();
}

for (const locale of ["de", "cs"] as const) {
  test(`signs in with the OpenID Connect provider (${locale})`, async ({ page }) => {
    await page.goto(LOGIN_PATH[locale]);
    await page.getByTestId("oidc-login").click();
    await signInAtProvider(page);

    await expect(page).toHaveURL((url) => url.pathname === ACCOUNT_PATH[locale]);
    await expect(page.getByTestId("account-menu")).toBeVisible();
    await expect(page.getByTestId("account-email")).toHaveText(E2E_OIDC.email);
    // The session cookie survives a reload (it was set on a same-site response).
    await page.reload();
    await expect(page.getByTestId("account-email")).toHaveText(E2E_OIDC.email);
  });

  test(`shows the state mismatch of a tampered callback on the login page (${locale})`, async ({ page }) => {
    await page.goto(LOGIN_PATH[locale]);
    await page.getByTestId("oidc-login").click();
    await expect(page.locator('input[name="login"]')).toBeVisible();

    await page.goto("/auth/oidc/callback?state=wrong&code=x");
    await expect(page).toHaveURL((url) => url.pathname === LOGIN_PATH[locale] && url.searchParams.get("oidcError") === "OIDC_STATE_MISMATCH");
    await expect(page.getByTestId("form-error")).toHaveText(messages(locale)["error.OIDC_STATE_MISMATCH"]!);
    await expect(page.getByTestId("account-menu")).toHaveCount(0);
  });
}
