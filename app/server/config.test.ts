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
    [{ LOGO_FETCH_ALLOW_LOOPBACK: "1" }, "LOGO_FETCH_ALLOW_LOOPBACK must not be set in production"],
    [{ LOGO_FETCH_TEST_HOSTS: "logos.example=127.0.0.1" }, "LOGO_FETCH_TEST_HOSTS must not be set in production"],
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

  it("lets the logo fetcher reach loopback only when asked, and never with APP_ENV=production", () => {
    expect(loadConfig({}).logoFetch.allowLoopback).toBe(false);
    expect(loadConfig({ LOGO_FETCH_ALLOW_LOOPBACK: "1", APP_ENV: "test" }).logoFetch.allowLoopback).toBe(true);
    // Built servers run with NODE_ENV=production (decision 045), tests too: APP_ENV decides.
    expect(loadConfig({ LOGO_FETCH_ALLOW_LOOPBACK: "1", APP_ENV: "test", NODE_ENV: "production" }).logoFetch.allowLoopback).toBe(true);
    expect(() => loadConfig({ LOGO_FETCH_ALLOW_LOOPBACK: "1", APP_ENV: "production" })).toThrow(/LOGO_FETCH_ALLOW_LOOPBACK/);
    expect([...loadConfig({ LOGO_FETCH_TEST_HOSTS: "Logos.E2E.example=127.0.0.1, bad, x=notanip" }).logoFetch.testHosts]).toEqual([["logos.e2e.example", "127.0.0.1"]]);
    expect(() => loadConfig({ LOGO_FETCH_TEST_HOSTS: "logos.e2e.example=127.0.0.1", APP_ENV: "production" })).toThrow(/LOGO_FETCH_TEST_HOSTS/);
  });

  it("reads the log level and format (decision 049), refusing unknown ones", () => {
    expect(loadConfig({}).log).toEqual({ level: "info", format: "json" });
    expect(loadConfig({ LOG_LEVEL: "debug", LOG_FORMAT: "pretty" }).log).toEqual({ level: "debug", format: "pretty" });
    expect(() => loadConfig({ LOG_LEVEL: "loud" })).toThrow(/Invalid environment: LOG_LEVEL/);
    expect(() => loadConfig({ LOG_FORMAT: "xml" })).toThrow(/Invalid environment: LOG_FORMAT/);
  });

  it("collects the TRUST_PROXY=true correction as a warning to log at start", () => {
    expect(loadConfig({ TRUST_PROXY: "true" }).warnings).toEqual([expect.stringContaining("TRUST_PROXY=true")]);
    expect(loadConfig({}).warnings).toEqual([]);
  });

  it("configures no translation service by default (translate buttons hidden)", () => {
    expect(loadConfig({}).translation.service).toBeNull();
  });
});

describe("machine translation service", () => {
  it("uses DeepL's free endpoint for a free key (ending in :fx), the paid one otherwise", () => {
    expect(loadConfig({ DEEPL_API_KEY: "abc:fx" }).translation.service).toEqual({ provider: "deepl", url: "https://api-free.deepl.com", apiKey: "abc:fx" });
    expect(loadConfig({ DEEPL_API_KEY: "abc" }).translation.service).toEqual({ provider: "deepl", url: "https://api.deepl.com", apiKey: "abc" });
  });

  it("takes DEEPL_API_URL over the default endpoint, without a trailing slash", () => {
    expect(loadConfig({ DEEPL_API_KEY: "abc:fx", DEEPL_API_URL: "http://127.0.0.1:9999/" }).translation.service?.url).toBe("http://127.0.0.1:9999");
  });

  it("uses LibreTranslate when only its URL is set, with an optional key", () => {
    expect(loadConfig({ LIBRETRANSLATE_URL: "http://lt.example:5000/" }).translation.service).toEqual({
      provider: "libretranslate",
      url: "http://lt.example:5000",
      apiKey: null,
    });
    expect(loadConfig({ LIBRETRANSLATE_URL: "http://lt.example:5000", LIBRETRANSLATE_API_KEY: "k" }).translation.service).toMatchObject({ apiKey: "k" });
  });

  it("prefers DeepL when both are configured, and refuses a malformed URL", () => {
    expect(loadConfig({ DEEPL_API_KEY: "abc", LIBRETRANSLATE_URL: "http://lt.example" }).translation.service?.provider).toBe("deepl");
    expect(() => loadConfig({ LIBRETRANSLATE_URL: "not a url" })).toThrow(/LIBRETRANSLATE_URL/);
  });

  it("has bounded defaults for timeouts and retries", () => {
    const { translation } = loadConfig({});
    expect(translation).toMatchObject({ timeoutMs: 20_000, maxAttempts: 4, retrySeconds: 10, leaseSeconds: 120 });
  });
});

describe("metrics and shutdown settings (decisions 050, 051)", () => {
  it("keeps the metrics off and on loopback unless told otherwise, and shuts down within 25 s", () => {
    const config = loadConfig({});
    expect(config.metrics).toEqual({ port: 0, host: "127.0.0.1" });
    expect(config.shutdownTimeoutMs).toBe(25_000);
    expect(loadConfig({ METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0", SHUTDOWN_TIMEOUT_MS: "10000" })).toMatchObject({ metrics: { port: 9464, host: "0.0.0.0" }, shutdownTimeoutMs: 10_000 });
    expect(loadConfig({ METRICS_HOST: "::1" }).metrics.host).toBe("::1");
  });

  it.each([
    [{ METRICS_PORT: "http" }, /METRICS_PORT/],
    [{ METRICS_PORT: "70000" }, /METRICS_PORT/],
    [{ METRICS_PORT: "-1" }, /METRICS_PORT/],
    [{ METRICS_PORT: "3000", PORT: "3000" }, /METRICS_PORT must differ from PORT/],
    [{ METRICS_HOST: "metrics.example.org" }, /METRICS_HOST/],
    [{ SHUTDOWN_TIMEOUT_MS: "0" }, /SHUTDOWN_TIMEOUT_MS/],
    [{ SHUTDOWN_TIMEOUT_MS: "soon" }, /SHUTDOWN_TIMEOUT_MS/],
  ])("refuses %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
