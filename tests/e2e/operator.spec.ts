import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { E2E_DIR, E2E_PORT } from "../../playwright.config";
import { loginWithCode, newContext, pathOf, uniqueEmail } from "./support";

const run = promisify(execFile);

test("an operator creates an admin with the CLI while the app runs on the embedded database, and the admin signs in", async ({ browser }) => {
  const email = uniqueEmail("cli-admin");
  // The app holds the embedded database; the CLI must not open it a second time, but ask the app.
  const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/create-admin.ts", "--email", email, "--name", "Olga Operator"], {
    env: { ...process.env, DATA_DIR: `${E2E_DIR}/data`, PORT: String(E2E_PORT) },
  });
  expect(stdout).toContain("done by the running app");
  expect(stdout).toContain(`Created admin ${email}`);

  const context = await newContext(browser);
  const page = await context.newPage();
  await loginWithCode(page, email, "cs");
  await page.goto(pathOf("admin", "cs"));
  await expect(page).toHaveURL(/\/cs\/admin$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await context.close();
});

test("development pages answer only requests from this machine that no proxy forwarded", async ({ request }) => {
  expect((await request.get("/dev/outbox")).status()).toBe(200);
  for (const header of ["X-Forwarded-For", "Forwarded", "X-Real-IP"]) {
    const proxied = await request.get("/dev/outbox", { headers: { [header]: "203.0.113.7" } });
    expect(proxied.status(), header).toBe(404);
    expect(await proxied.text()).not.toContain("@partnernet.example");
  }
  expect((await request.get("/_local/admin")).status()).toBe(404);
  expect((await request.post("/_local/admin", { data: { email: "intruder@example.org" }, headers: { Authorization: "Bearer guess" } })).status()).toBe(404);
});
