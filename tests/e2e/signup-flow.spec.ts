import { expect, test } from "@playwright/test";
import { runAxe, signUpAndSignIn, waitForCode, waitForLink } from "./support";

const TEXT = {
  de: {
    signup: "/de/registrieren",
    loginPage: "/de/anmelden",
    name: "Vollständiger Name",
    email: "E-Mail-Adresse",
    submit: "Registrieren",
    verify: "Registrierung bestätigen",
    requestCode: "Code anfordern",
    code: "Anmeldecode (6 Ziffern)",
    login: "Anmelden",
    account: "/de/mein-account",
    accountTitle: "Mein Account",
    logout: "Abmelden",
  },
  cs: {
    signup: "/cs/registrace",
    loginPage: "/cs/prihlaseni",
    name: "Celé jméno",
    email: "E-mailová adresa",
    submit: "Zaregistrovat se",
    verify: "Potvrdit registraci",
    requestCode: "Vyžádat kód",
    code: "Přihlašovací kód (6 číslic)",
    login: "Přihlásit se",
    account: "/cs/muj-ucet",
    accountTitle: "Můj účet",
    logout: "Odhlásit se",
  },
} as const;

for (const locale of ["de", "cs"] as const) {
  test(`sign up, verify (signs in), logout, sign in with the mailed code, account, logout (${locale})`, async ({ browser }) => {
    const t = TEXT[locale];
    const context = await browser.newContext();
    const page = await context.newPage();
    const email = `e2e.${locale}.${Date.now()}@example.com`;
    const since = new Date(Date.now() - 1000);

    await page.goto(t.signup);
    // Missing consent → translated errors, nothing stored.
    await page.getByLabel(t.name).fill("Erika Beispiel");
    await page.getByLabel(t.email).fill(email);
    await page.getByRole("button", { name: t.submit }).click();
    await expect(page.getByText(locale === "de" ? "Bitte stimmen Sie zu" : "Pro pokračování je nutný").first()).toBeVisible();
    expect((await runAxe(page, "signup flow")).violations.filter((v) => v.impact === "critical" || v.impact === "serious")).toEqual([]);

    await page.getByRole("checkbox").nth(0).check();
    await page.getByRole("checkbox").nth(1).check();
    await page.getByRole("button", { name: t.submit }).click();
    await expect(page.getByTestId("signup-success")).toContainText(email);

    await page.goto(await waitForLink(email, since));
    await page.getByRole("button", { name: t.verify }).click();
    // The link proved the address: signed in at once, no code needed (decision 014).
    await expect(page).toHaveURL(new RegExp(`${encodeURI(t.account)}\\?verified=1$`));
    await expect(page.getByTestId("verified-welcome")).toBeVisible();
    await expect(page.getByTestId("account-email")).toHaveText(email);
    await page.getByTestId("account-menu").click();
    await page.getByTestId("logout").click();
    await expect(page).toHaveURL(new RegExp(`/${locale}$`));

    // Signing in again: the code login.
    await page.goto(t.loginPage);
    const beforeCode = new Date(Date.now() - 1000);
    await page.getByLabel(t.email).fill(email);
    await page.getByRole("button", { name: t.requestCode }).click();
    await expect(page.getByTestId("code-sent")).toBeVisible();
    await expect(page.getByTestId("resend-code")).toBeDisabled();
    const code = await waitForCode(email, beforeCode);
    // A wrong code first: translated error, still on the code step.
    await page.getByLabel(t.code).fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: t.login, exact: true }).click();
    await expect(page.getByTestId("form-error")).toContainText(locale === "de" ? "Code ist ungültig" : "Kód je neplatný");
    await page.getByLabel(t.code).fill(code);
    await page.getByRole("button", { name: t.login, exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`${encodeURI(t.account)}$`));
    await expect(page.getByRole("heading", { name: t.accountTitle })).toBeVisible();
    await expect(page.getByTestId("account-email")).toHaveText(email);
    expect((await runAxe(page, "signup flow")).violations.filter((v) => v.impact === "critical" || v.impact === "serious")).toEqual([]);

    await page.getByTestId("account-menu").click();
    await page.getByTestId("logout").click();
    await expect(page).toHaveURL(new RegExp(`/${locale}$`));
    await page.goto(t.account);
    await expect(page).toHaveURL(/redirectTo=/);
    await context.close();
  });
}

test("account: rename and delete with confirmation", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = `e2e.delete.${Date.now()}@example.com`;
  await signUpAndSignIn(page, "de", "Dora Delete", email);

  await page.getByLabel("Vollständiger Name").fill("Dora Neu");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByTestId("account-saved")).toBeVisible();
  await expect(page.getByTestId("account-menu")).toHaveText("Dora Neu");

  await page.getByTestId("delete-account").click();
  await page.getByLabel("E-Mail-Adresse zur Bestätigung").fill("falsch@example.com");
  await page.getByTestId("confirm-delete-account").click();
  await expect(page.getByRole("dialog").getByTestId("form-error")).toContainText("stimmt nicht");
  await page.getByLabel("E-Mail-Adresse zur Bestätigung").fill(email);
  await page.getByTestId("confirm-delete-account").click();
  await expect(page).toHaveURL(/\/de\?deleted=1$/);
  await expect(page.getByRole("link", { name: "Anmelden" })).toBeVisible();
  await context.close();
});
