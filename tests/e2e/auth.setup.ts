import fs from "node:fs";
import { test as setup } from "@playwright/test";
import { AUTH_DIR, DEMO, type DemoRole, loginWithCode, storageStateFor } from "./support";

// Signs each demo role in once through the real code login; the specs reuse the sessions.
for (const role of Object.keys(DEMO) as DemoRole[]) {
  setup(`sign in as ${role}`, async ({ browser }) => {
    fs.mkdirSync(AUTH_DIR, { recursive: true });
    const context = await browser.newContext();
    const page = await context.newPage();
    await loginWithCode(page, DEMO[role]);
    await context.storageState({ path: storageStateFor(role) });
    await context.close();
  });
}
