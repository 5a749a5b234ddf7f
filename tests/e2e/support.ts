import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

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

function readOutbox(): Mail[] {
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
  const since = new Date(Date.now() - 1000);
  await page.goto(locale === "de" ? "/de/anmelden" : "/cs/prihlaseni");
  await page.getByLabel(locale === "de" ? "E-Mail-Adresse" : "E-mailová adresa").fill(email);
  await page.getByRole("button", { name: locale === "de" ? "Code anfordern" : "Vyžádat kód" }).click();
  await expect(page.getByTestId("code-sent")).toBeVisible();
  const code = await waitForCode(email, since);
  await page.getByLabel(locale === "de" ? "Anmeldecode (6 Ziffern)" : "Přihlašovací kód (6 číslic)").fill(code);
  await page.getByRole("button", { name: locale === "de" ? "Anmelden" : "Přihlásit se", exact: true }).click();
  await expect(page.getByTestId("account-menu")).toBeVisible();
}
