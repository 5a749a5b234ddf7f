import { describe, expect, it } from "vitest";
import { loadConfig } from "~/server/config.server";
import { contentSecurityPolicy } from "../../../server/security-headers";

describe("web analytics configuration (decision 035)", () => {
  it("counts first-party by default, nothing with ANALYTICS=off, and hands over to a Plausible-compatible script when both of its settings are given", () => {
    expect(loadConfig({}).analytics).toEqual({ mode: "firstParty", plausible: null, dashboardUrl: null });
    expect(loadConfig({ ANALYTICS: "off" }).analytics.mode).toBe("off");
    expect(loadConfig({ PLAUSIBLE_SCRIPT_URL: "https://stats.example.org/js/script.js" }).analytics.mode).toBe("firstParty");
    const plausible = loadConfig({ PLAUSIBLE_SCRIPT_URL: "https://stats.example.org/js/script.outbound-links.js", PLAUSIBLE_DOMAIN: "partnernet.example.org", ANALYTICS_DASHBOARD_URL: "https://stats.example.org/partnernet.example.org" }).analytics;
    expect(plausible).toEqual({
      mode: "plausible",
      plausible: { scriptUrl: "https://stats.example.org/js/script.outbound-links.js", domain: "partnernet.example.org", origin: "https://stats.example.org" },
      dashboardUrl: "https://stats.example.org/partnernet.example.org",
    });
    expect(() => loadConfig({ ANALYTICS: "maybe" })).toThrow(/ANALYTICS/);
  });

  it("lets the page load and report to the external script's host only when one is configured", () => {
    expect(contentSecurityPolicy("n")).toContain("script-src 'self' 'nonce-n';");
    expect(contentSecurityPolicy("n")).toContain("connect-src 'self';");
    const csp = contentSecurityPolicy("n", "https://stats.example.org");
    expect(csp).toContain("script-src 'self' 'nonce-n' https://stats.example.org;");
    expect(csp).toContain("connect-src 'self' https://stats.example.org;");
  });
});
