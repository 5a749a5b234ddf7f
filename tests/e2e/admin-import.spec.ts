import { expect, type Page, test } from "@playwright/test";
import type { MessageKey, MessageValues } from "../../app/i18n/translate";
import { encodeSingleByte } from "../support/single-byte";
import { expectAxeAtBothWidths, msg, newContext, pathOf, waitForHydration } from "./support";

/**
 * The import create page (decision 038) in German and Czech: an admin uploads a Czech CSV in
 * Windows-1250 (Czech page) or a German one in Windows-1252 (German page), sees the detected
 * encoding and separator and the mapping suggested from the headers, the preview of the first
 * rows with the refused row and the flagged cells, saves the mapping under a name, is refused a
 * start without an identifier (the spec's message) and without the contact confirmation, and
 * starts the import after confirming: it leaves the drafts and the page goes to the import list.
 */
const FILES = {
  cs: {
    encoding: "windows-1250" as const,
    separator: "semicolon",
    text: [
      "Název firmy;IČO;Ulice;PSČ;Obec;E-mail;Web",
      "Řeznictví Šťastný s.r.o.;25596641;Náměstí 5;40001;Ústí nad Labem;info@maso.cz;maso.cz",
      "Žluťoučký kůň a.s.;;Dlouhá 1;11000;Praha;spatne@;www.kun.cz",
      '"Čistírna ""Ěščřžýáíéůú"" v.o.s.";00006947;Husova 2;60200;Brno;;',
    ].join("\r\n"),
    mapping: ["name", "identifier:ICO", "addressLine1", "postalCode", "city", "email", "website"],
    firstName: "Řeznictví Šťastný s.r.o.",
    flagged: { row: 3, column: 5, code: "EMAIL_INVALID" as const },
  },
  de: {
    encoding: "windows-1252" as const,
    separator: "comma",
    text: [
      "Firmenname,Handelsregister,Straße,PLZ,Ort,E-Mail,Webseite",
      "Müller & Söhne GmbH,HRB 1234 B,Königstraße 1,01097,Dresden,info@mueller.de,mueller.de",
      "Größenwahn ÄÖÜ AG,,Äußere Str. 3,0109,Görlitz,kontakt@groessenwahn.de,",
      "Bäckerei Fuß,HRA 77,Marktplatz 2,02826,Görlitz,,",
    ].join("\r\n"),
    mapping: ["name", "identifier:COMMERCIAL_REGISTER", "addressLine1", "postalCode", "city", "email", "website"],
    firstName: "Müller & Söhne GmbH",
    flagged: { row: 3, column: 3, code: "POSTAL_CODE_INVALID" as const },
  },
};

async function shot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

for (const locale of ["de", "cs"] as const) {
  test(`admin uploads a ${locale === "cs" ? "Windows-1250" : "Windows-1252"} CSV, maps, previews, saves the mapping and starts the import (${locale})`, async ({ browser }) => {
    test.slow(); // axe at two widths on two pages
    const t = (key: MessageKey, values?: MessageValues) => msg(locale, key, values);
    const file = FILES[locale];
    const context = await newContext(browser, { role: "Admin" });
    const page = await context.newPage();
    await page.goto(pathOf("adminImportCreate", locale));
    await expect(page.getByRole("heading", { level: 1, name: t("page.adminImportCreate.title") })).toBeVisible();
    await expectAxeAtBothWidths(page, `import upload ${locale}`);
    await shot(page, `import-upload-${locale}`);

    // A file over 25 MB is refused as it is chosen, before anything is sent.
    await page.getByTestId("import-file-input").setInputFiles({ name: "gross.csv", mimeType: "text/csv", buffer: Buffer.alloc(25 * 1024 * 1024 + 1, 0x61) });
    await expect(page.getByText(t("error.FILE_TOO_LARGE", { maxMb: 25 }))).toBeVisible();

    const fileName = `firmen-${locale}-${Date.now()}.csv`;
    await page.getByTestId("import-file-input").setInputFiles({ name: fileName, mimeType: "text/csv", buffer: Buffer.from(encodeSingleByte(file.text, file.encoding)) });
    await expect(page.getByText(t("error.FILE_TOO_LARGE", { maxMb: 25 }))).toHaveCount(0);
    await page.getByTestId("import-language").selectOption(locale);
    await page.getByTestId("import-country").selectOption(locale === "cs" ? "CZ" : "DE");
    await page.getByTestId("import-upload").click();
    await expect(page).toHaveURL(/\?import=[0-9a-f-]{36}$/);
    const importId = new URL(page.url()).searchParams.get("import")!;
    await expect(page.getByRole("heading", { level: 2, name: fileName })).toBeVisible();

    // Detected reading, the suggested mapping, and the text read correctly.
    await expect(page.getByTestId("import-encoding")).toHaveValue(file.encoding);
    await expect(page.getByTestId("import-separator")).toHaveValue(file.separator);
    for (const [column, choice] of file.mapping.entries()) await expect(page.getByTestId(`import-field-${column}`), `column ${column}`).toHaveValue(choice);
    const preview = page.getByTestId("import-preview");
    await expect(page.getByTestId("import-cell-2-0")).toHaveText(file.firstName);
    await expect(page.getByTestId("import-preview-row-2")).toHaveAttribute("data-refused", "false");
    // Cells show what will be stored, with the file's value when it differs.
    await expect(page.getByTestId("import-cell-2-6")).toContainText(locale === "cs" ? "https://maso.cz" : "https://mueller.de");
    await expect(page.getByTestId("import-cell-2-6")).toContainText(t("import.create.previewFromFile", { value: locale === "cs" ? "maso.cz" : "mueller.de" }));
    await expect(page.getByTestId("import-preview-row-3")).toHaveAttribute("data-refused", "true");
    await expect(page.getByTestId("import-preview-row-3")).toContainText(t("import.problem.IDENTIFIER_MISSING"));
    const flagged = page.getByTestId(`import-cell-${file.flagged.row}-${file.flagged.column}`);
    await expect(flagged).toHaveAttribute("data-problem", "warning");
    await expect(flagged).toContainText(t(`import.problem.${file.flagged.code}`));
    await expect(page.getByTestId("import-preview-summary")).toHaveText(t("import.create.previewSummary", { rows: 3, refused: 1 }));
    if (locale === "cs") await expect(preview).toContainText('Čistírna "Ěščřžýáíéůú" v.o.s.');
    else await expect(preview).toContainText("Größenwahn ÄÖÜ AG");
    await expectAxeAtBothWidths(page, `import mapping ${locale}`);
    await shot(page, `import-mapping-${locale}`);

    // Save the mapping under a name: it is offered for the next file.
    const mappingName = `E2E ${locale} ${Date.now()}`;
    await page.getByTestId("import-saved-name").fill(mappingName);
    await page.getByTestId("import-saved-save").click();
    await expect(page.getByTestId("import-done")).toHaveText(t("import.create.savedDone"));
    await expect(page.getByTestId("import-saved-select").locator("option", { hasText: mappingName })).toHaveCount(1);
    // The same name again is refused at the field; the error clears as soon as the name is edited.
    await page.getByTestId("import-saved-save").click();
    await expect(page.getByText(t("error.IMPORT_MAPPING_NAME_TAKEN"))).toBeVisible();
    await page.getByTestId("import-saved-name").press("End");
    await page.getByTestId("import-saved-name").pressSequentially(" 2");
    await expect(page.getByText(t("error.IMPORT_MAPPING_NAME_TAKEN"))).toHaveCount(0);

    // Without an identifier the start is refused with the spec's message; the preview refuses every row.
    await page.getByTestId("import-field-1").selectOption("");
    await expect(page.getByTestId("import-preview-summary")).toHaveText(t("import.create.previewSummary", { rows: 3, refused: 3 }));
    await page.getByTestId("import-start").click();
    await expect(page.getByTestId("form-error")).toHaveText(t("error.IMPORT_IDENTIFIER_REQUIRED"));
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // The saved mapping brings it back; the error clears at once.
    await page.getByTestId("import-saved-select").selectOption({ label: mappingName });
    await page.getByTestId("import-saved-apply").click();
    await expect(page.getByTestId("import-field-1")).toHaveValue(file.mapping[1]!);
    await expect(page.getByText(t("error.IMPORT_IDENTIFIER_REQUIRED"))).toHaveCount(0);
    // A saved mapping is deleted only after the dialog asked.
    await page.getByTestId("import-saved-delete").click();
    await expect(page.getByRole("dialog")).toContainText(t("import.create.savedDeleteText", { name: mappingName }));
    await page.getByTestId("import-saved-delete-confirm").click();
    await expect(page.getByTestId("import-done")).toHaveText(t("import.create.savedDeleted"));
    await expect(page.getByTestId("import-saved-select").locator("option", { hasText: mappingName })).toHaveCount(0);
    await expect(page.getByTestId("import-field-1")).toHaveValue(file.mapping[1]!);
    // The contact confirmation is required too.
    await page.getByTestId("import-start").click();
    await expect(page.getByTestId("form-error")).toHaveText(t("error.IMPORT_CONTACT_CONFIRMATION_REQUIRED"));
    await page.getByTestId("import-confirm-contacts").check();
    await expect(page.getByTestId("form-error")).toHaveCount(0);
    await page.getByTestId("import-start").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(t("import.create.startText", { file: fileName }));
    await page.getByTestId("import-start-confirm").click();
    await expect(page).toHaveURL(new RegExp(`${pathOf("adminImports", locale).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\?started=${importId}$`));

    // It is no draft any more: the create page lists it no longer and its mapping step is closed.
    await page.goto(pathOf("adminImportCreate", locale));
    await expect(page.getByRole("link", { name: fileName })).toHaveCount(0);
    await page.goto(`${pathOf("adminImportCreate", locale)}?import=${importId}`);
    await expect(page).toHaveURL(new RegExp(`${pathOf("adminImports", locale).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));

    // A draft that is not wanted is discarded after the dialog asked; it leaves the list of drafts.
    const unwanted = `verwerfen-${locale}-${Date.now()}.csv`;
    await page.goto(pathOf("adminImportCreate", locale));
    await page.getByTestId("import-file-input").setInputFiles({ name: unwanted, mimeType: "text/csv", buffer: Buffer.from(encodeSingleByte(file.text, file.encoding)) });
    await page.getByTestId("import-upload").click();
    await expect(page.getByRole("heading", { level: 2, name: unwanted })).toBeVisible();
    // The upload may have loaded a new document: its dialog button works once React has hydrated it.
    await waitForHydration(page);
    await page.getByTestId("import-discard").click();
    await expect(page.getByRole("dialog")).toContainText(t("import.create.discardText", { file: unwanted }));
    await page.getByTestId("import-discard-confirm").click();
    await expect(page.getByText(t("import.create.doneDiscarded"))).toBeVisible();
    await expect(page.getByRole("link", { name: unwanted })).toHaveCount(0);
    await context.close();
  });
}
