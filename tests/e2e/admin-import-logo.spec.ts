import { expect, test } from "@playwright/test";
import { LOGO_HOST, LOGO_PORT } from "../../playwright.config";
import { msg, newContext, pathOf } from "./support";

/**
 * Imported logos (decision 042): an admin imports a CSV whose "Logo" column names an https image
 * and an https page that is no image, both on the fake logo server (a name the app under test
 * resolves to 127.0.0.1; loopback allowed there, its certificate trusted). After the run the logo
 * drain fetches them: the import list counts one logo fetched and one failed (German and Czech),
 * and the verified company's public profile shows the stored copy, served by the app as WebP.
 */
const run = Date.now().toString(36).slice(-5);
const seed = Math.floor(Math.random() * 9_000_000) + 500_000;
const base = `https://${LOGO_HOST}:${LOGO_PORT}`;

test("an imported logo column ends as the profile's logo; a non-image is counted as failed", async ({ browser }) => {
  test.slow(); // an upload, a run and a logo drain through the job queue
  const t = (key: Parameters<typeof msg>[1], values?: Parameters<typeof msg>[2]) => msg("de", key, values);
  const company = `Logowerk ${run} GmbH`;
  const csv = [
    "Firmenname;Handelsregister;Logo",
    `${company};HRB ${seed} L;${base}/logo.png`,
    `Ohne Bild ${run} GmbH;HRB ${seed + 1} L;${base}/page.html`,
  ].join("\r\n");
  const context = await newContext(browser, { role: "Admin" });
  const page = await context.newPage();

  await page.goto(pathOf("adminImportCreate", "de"));
  const fileName = `import-logo-${run}.csv`;
  await page.getByTestId("import-file-input").setInputFiles({ name: fileName, mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") });
  await page.getByTestId("import-language").selectOption("de");
  await page.getByTestId("import-country").selectOption("DE");
  await page.getByTestId("import-upload").click();
  await expect(page).toHaveURL(/\?import=[0-9a-f-]{36}$/);
  const importId = new URL(page.url()).searchParams.get("import")!;
  await expect(page.getByTestId("import-preview")).toBeVisible();
  await page.getByTestId("import-verify").check();
  await page.getByTestId("import-confirm-contacts").check();
  await page.getByTestId("import-start").click();
  await page.getByTestId("import-start-confirm").click();
  await expect(page).toHaveURL(new RegExp(`${pathOf("adminImports", "de")}\\?started=${importId}$`));

  const row = page.locator(`[data-testid="import-row"][data-id="${importId}"]`);
  await expect(row).toHaveAttribute("data-status", "READY", { timeout: 150_000 });
  await expect(row.getByTestId("import-counts")).toHaveText(t("import.progress.counts", { created: 2, updated: 0, skipped: 0, failed: 0 }));
  // The drain runs after the import: the list shows the outcome once it is done.
  await expect(async () => {
    await page.reload();
    await expect(row.getByTestId("import-logos")).toHaveText(t("importLogo.counts", { fetched: 1, failed: 1, queued: 0 }), { timeout: 1_000 });
  }).toPass({ timeout: 90_000, intervals: [1_000, 2_000] });
  await page.goto(pathOf("adminImports", "cs"));
  await expect(page.locator(`[data-testid="import-row"][data-id="${importId}"]`).getByTestId("import-logos")).toHaveText(
    msg("cs", "importLogo.counts", { fetched: 1, failed: 1, queued: 0 }),
  );

  // The public profile shows the stored copy (re-encoded WebP from the app, not the remote file).
  await page.goto(`${pathOf("search", "de")}?q=${encodeURIComponent(company)}`);
  await page.getByTestId("search-hit-link").filter({ hasText: company }).click();
  const logo = page.getByTestId("company-logo");
  await expect(logo).toBeVisible();
  const src = await logo.getAttribute("src");
  expect(src).toMatch(/^\/files\/logos\/.+\.webp$/);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);
  const file = await page.request.get(src!);
  expect(file.headers()["content-type"]).toBe("image/webp");
  await context.close();
});
