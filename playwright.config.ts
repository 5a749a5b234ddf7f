import { defineConfig } from "@playwright/test";

// Ports and folders can be moved (E2E_PORT, E2E_OIDC_PORT) so several suites can run side by side.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_DIR = `.tmp/e2e-${E2E_PORT}`;
export const E2E_OUTBOX = `${E2E_DIR}/outbox`;
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 3901);
/** The fake LibreTranslate server beside the app (decision 041), derived from the OIDC port so parallel suites don't clash. */
export const TRANSLATE_PORT = OIDC_PORT + 50;
/** The fake https logo server for imported logos (decision 042), likewise derived. */
export const LOGO_PORT = OIDC_PORT + 1000;
/** The name the e2e import uses for it (the import accepts domain names only); the app resolves it to 127.0.0.1. */
export const LOGO_HOST = "logos.partnernet-e2e.example";

/**
 * Runs against the production build (`npm run build` first) on a fresh PGlite data directory,
 * with mails in an outbox folder the tests read, and a real local OpenID Connect provider.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Two browsers on CI's 2 cores; E2E_WORKERS tries another count (decision 037).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // One more try for a test that fails: under CI's load a click can still land before the page is
  // hydrated and be lost (stop 29 lost its whole run to one such failure). A test that passes only on
  // its second try is named in the summary (scripts/summarize-tests.mjs, decision 071).
  retries: 1,
  // Long user journeys (sign-up → verify → code login → account) on a 2-core CI machine, beside
  // both vitest runs: at load 12–20 journeys with axe on several pages passed 120 s and then failed
  // their retry the same way (decision 071).
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: "list",
  outputDir: `${E2E_DIR}/results`,
  use: {
    baseURL: E2E_BASE_URL,
    // Playwright's default is no limit: a click on a button that never appears waited until the
    // test's own 9 or 10 minutes ran out (stop 30: two journeys, one worker each, for 10 minutes),
    // and the report named no step. Now such a step fails by itself, after 30 s, and says which.
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    // Recording a trace (a DOM snapshot per action, a screencast throughout) costs CPU in every
    // test; on CI's 2 cores the suite is CPU-bound. A failure still leaves its error-context.md
    // (the page's accessibility snapshot), and its retry records the trace (decision 071).
    trace: "on-first-retry",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
  projects: [
    { name: "setup", testMatch: /auth\.setup\.ts/ },
    { name: "chromium", use: { browserName: "chromium" }, dependencies: ["setup"] },
  ],
  webServer: [
    {
      command: "npx tsx scripts/oidc-dev-provider.ts",
      port: OIDC_PORT,
      reuseExistingServer: false,
      env: {
        OIDC_DEV_PORT: String(OIDC_PORT),
        OIDC_DEV_CLIENT_ID: "partnernet-e2e",
        OIDC_DEV_CLIENT_SECRET: "e2e-secret",
        OIDC_DEV_REDIRECT_URI: `${E2E_BASE_URL}/auth/oidc/callback`,
      },
    },
    {
      command: "npx tsx scripts/fake-libretranslate.ts",
      url: `http://127.0.0.1:${TRANSLATE_PORT}/languages`,
      reuseExistingServer: false,
      env: { FAKE_LT_PORT: String(TRANSLATE_PORT) },
    },
    {
      command: "npx tsx scripts/fake-logo-server.ts",
      port: LOGO_PORT,
      reuseExistingServer: false,
      env: { FAKE_LOGO_PORT: String(LOGO_PORT) },
    },
    {
      command: `rm -rf ${E2E_DIR} && node server.js`,
      url: `${E2E_BASE_URL}/de`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(E2E_PORT),
        APP_ENV: "test",
        DATA_DIR: `${E2E_DIR}/data`,
        MAIL_OUTBOX_DIR: E2E_OUTBOX,
        PUBLIC_URL: E2E_BASE_URL,
        SMTP_URL: "",
        // One process even when DATABASE_URL is set in the environment (decision 047).
        WEB_CONCURRENCY: "1",
        RATE_LIMIT_PER_IP_PER_HOUR: "100000",
        // Specs in parallel sign in the same demo participants (loginWithCode waits out the pause):
        // 30 s instead of the spec's 2 minutes caps that wait; the pause itself is a domain test.
        LOGIN_CODE_RESEND_SECONDS: "30",
        OIDC_ISSUER: `http://localhost:${OIDC_PORT}`,
        OIDC_CLIENT_ID: "partnernet-e2e",
        OIDC_CLIENT_SECRET: "e2e-secret",
        OIDC_LABEL: "Test-ID",
        // Lets a test browser see a later date with the `e2e_clock` cookie (decision 009).
        E2E_CLOCK: "1",
        // Machine translation through the fake LibreTranslate server above (decision 041).
        LIBRETRANSLATE_URL: `http://127.0.0.1:${TRANSLATE_PORT}`,
        TRANSLATION_RETRY_SECONDS: "1",
        // Imported logos from the fake https logo server above (decision 042): loopback allowed
        // (tests only) and its self-signed certificate trusted.
        LOGO_FETCH_ALLOW_LOOPBACK: "1",
        NODE_EXTRA_CA_CERTS: "tests/support/logo-tls/cert.pem",
        LOGO_FETCH_TEST_HOSTS: `${LOGO_HOST}=127.0.0.1`,
      },
    },
  ],
});
