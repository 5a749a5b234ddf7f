import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.server";

const SAFE_PRODUCTION = {
  APP_ENV: "production",
  SESSION_SECRET: "0123456789abcdef0123456789abcdef",
  PUBLIC_URL: "https://partnernet.example.org",
  SMTP_URL: "smtps://user:pass@mail.example.org:465",
};

describe("production configuration", () => {
  it("starts with a complete, safe production configuration", () => {
    const config = loadConfig(SAFE_PRODUCTION);
    expect(config.isProduction).toBe(true);
    expect(config.seedDemoData).toBe(false);
    expect(config.publicUrl).toBe("https://partnernet.example.org");
  });

  it.each([
    [{ SESSION_SECRET: undefined }, "SESSION_SECRET must be set in production"],
    [{ SESSION_SECRET: "only-sixteen-chr" }, "SESSION_SECRET must have at least 32 characters"],
    [{ E2E_CLOCK: "1" }, "E2E_CLOCK must not be set in production"],
    [{ SEED_DEMO_DATA: "true" }, "SEED_DEMO_DATA=true must not be set in production"],
    [{ PUBLIC_URL: undefined }, "PUBLIC_URL must be set in production"],
    [{ PUBLIC_URL: "http://partnernet.example.org" }, "PUBLIC_URL must start with https://"],
    [{ SMTP_URL: undefined }, "SMTP_URL must be set in production"],
  ])("refuses to start with %o", (change, message) => {
    expect(() => loadConfig({ ...SAFE_PRODUCTION, ...change })).toThrow(message);
  });

  it("lists every problem at once, so one restart fixes them all", () => {
    expect(() => loadConfig({ APP_ENV: "production" })).toThrow(/SESSION_SECRET[\s\S]*PUBLIC_URL[\s\S]*SMTP_URL/);
  });

  it("keeps development zero-config: defaults, demo data, local links", () => {
    const config = loadConfig({});
    expect(config.isProduction).toBe(false);
    expect(config.seedDemoData).toBe(true);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.dbStatementTimeoutMs).toBe(30_000);
  });
});
