import fs from "node:fs";
import { expect, test } from "@playwright/test";
import type { MessageKey, MessageValues } from "../../app/i18n/translate";
import { encodeSingleByte } from "../support/single-byte";
import { expectAxeAtBothWidths, msg, newContext, pathOf } from "./support";

/**
 * Running an import (decision 039) in German and Czech: an admin uploads a Czech CSV in
 * Windows-1250 (Czech page) or a German one in Windows-1252 (German page) on the create page
 * (decision 038), keeps the suggested mapping, chooses "verify", confirms the contacts and starts;
 * on the import list the import is queued, runs (the list refreshes itself) and reaches READY with
 * its counters; the rejected-rows report names the refused row's reason in the page's language;
 * the imported (verified) company is found by the search page. Axe at 1280 and 390 px on the list.
 * Names and identifiers are unique per run, so the create page's own spec importing similar files
 * does not change these counts.
 */
function validIco(n: number): string {
  const base = String(n % 10_000_000).padStart(7, "0");
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(base[i]) * (8 - i);
  return `${base}${(11 - (sum % 11)) % 10}`;
}

const run = Date.now().toString(36).slice(-5);
const seed = Math.floor(Math.random() * 9_000_000) + 500_000;
const FILES = {
  cs: {
    encoding: "windows-1250" as const,
    company: `Řeznictví Šťastný ${run} s.r.o.`,
    text: (company: string) =>
      [
        "Název firmy;IČO;Ulice;PSČ;Obec;E-mail;Web",
        `${company};${validIco(seed)};Náměstí 5;40001;Ústí nad Labem;info@maso.example;maso.example`,
        `Žluťoučký kůň ${run} a.s.;;Dlouhá 1;11000;Praha;kun@kun.example;www.kun.example`,
        `Čistírna ${run} v.o.s.;${validIco(seed + 1)};Husova 2;60200;Brno;;`,
      ].join("\r\n"),
  },
  de: {
    encoding: "windows-1252" as const,
    company: `Müller & Söhne ${run} GmbH`,
    text: (company: string) =>
      [
        "Firmenname;Handelsregister;Straße;PLZ;Ort;E-Mail;Webseite",
        `${company};HRB ${seed} B;Königstraße 1;01097;Dresden;info@mueller.example;mueller.example`,
        `Größenwahn ${run} AG;;Äußere Str. 3;02826;Görlitz;kontakt@groessenwahn.example;`,
        `Bäckerei Fuß ${run};HRA ${seed + 1};Marktplatz 2;02826;Görlitz;;`,
      ].join("\r\n"),
  },
};

for (const locale of ["de", "cs"] as const) {
  test(`admin runs an import to READY, downloads the rejected rows and finds the company (${locale})`, async ({ browser }) => {
    test.slow(); // an upload, a run through the job queue, axe at two widths
    const t = (key: MessageKey, values?: MessageValues) => msg(locale, key, values);
    const file = FILES[locale];
    const context = await newContext(browser, { role: "Admin" });
    const page = await context.newPage();

    await page.goto(pathOf("adminImports", locale));
    await expect(page.getByRole("heading", { level: 1, name: t("page.adminImports.title") })).toBeVisible();
    await page.getByTestId("import-new").click();
    await expect(page).toHaveURL(new RegExp(`${pathOf("adminImportCreate", locale)}$`));

    const fileName = `import-run-${locale}-${run}.csv`;
    await page.getByTestId("import-file-input").setInputFiles({ name: fileName, mimeType: "text/csv", buffer: Buffer.from(encodeSingleByte(file.text(file.company), file.encoding)) });
    await page.getByTestId("import-language").selectOption(locale);
    await page.getByTestId("import-country").selectOption(locale === "cs" ? "CZ" : "DE");
    await page.getByTestId("import-upload").click();
    await expect(page).toHaveURL(/\?import=[0-9a-f-]{36}$/);
    const importId = new URL(page.url()).searchParams.get("import")!;
    await expect(page.getByTestId("import-preview")).toBeVisible();
    // The suggested mapping is kept as it is.
    await page.getByTestId("import-verify").check();
    await page.getByTestId("import-confirm-contacts").check();
    await page.getByTestId("import-start").click();
    await page.getByTestId("import-start-confirm").click();
    await expect(page).toHaveURL(new RegExp(`${pathOf("adminImports", locale)}\\?started=${importId}$`));

    // The list follows the run by itself until it is READY.
    const row = page.locator(`[data-testid="import-row"][data-id="${importId}"]`);
    await expect(row).toContainText(fileName);
    await expect(row).toHaveAttribute("data-status", "READY", { timeout: 150_000 });
    await expect(row.getByTestId("import-status")).toHaveText(t("import.status.READY"));
    await expect(row.getByTestId("import-rows")).toHaveText(t("import.progress.rows", { done: 3, total: 3 }));
    await expect(row.getByTestId("import-counts")).toHaveText(t("import.progress.counts", { created: 2, updated: 0, skipped: 0, failed: 1 }));
    await expect(row.getByTestId("import-progress-bar")).toHaveCount(0);
    await expectAxeAtBothWidths(page, `import list ${locale}`);

    // The rejected-rows report: the row without an identifier, its reason in the page's language.
    const [download] = await Promise.all([page.waitForEvent("download"), row.getByTestId("import-report-csv").click()]);
    const report = fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
    const lines = report.split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(`"${t("import.report.row")}";"${t("import.report.reasons")}"`);
    expect(lines[1]).toMatch(/^"3";/);
    expect(lines[1]).toContain(t("import.problem.IDENTIFIER_MISSING"));

    // The verified company is found by the public search.
    await page.goto(`${pathOf("search", locale)}?q=${encodeURIComponent(file.company)}`);
    await expect(page.getByTestId("search-hit-link").filter({ hasText: file.company })).toHaveCount(1);
    await context.close();
  });
}
