import express from "express";
import { describe, expect, it, vi } from "vitest";
import { parseTrustProxy } from "~/server/config.server";
import { createSecurityHeaders } from "./security-headers";

describe("TRUST_PROXY (decision 012)", () => {
  it("trusts nobody by default", () => {
    for (const value of [undefined, "", "false", "0"]) expect(parseTrustProxy(value)).toBe(false);
  });

  it("reads a hop count, or addresses and CIDR ranges", () => {
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("2")).toBe(2);
    expect(parseTrustProxy("10.0.0.0/8, 192.168.1.7,::1,fd00::/8, loopback")).toEqual(["10.0.0.0/8", "192.168.1.7", "::1", "fd00::/8", "loopback"]);
  });

  it("reads `true` (every hop, forgeable) as one hop, with a warning", () => {
    const warn = vi.fn();
    expect(parseTrustProxy("true", warn)).toBe(1);
    expect(warn).toHaveBeenCalledOnce();
  });

  it.each(["yes", "10.0.0.0/33", "example.org", "1.2.3", "10.0.0.1/8/1"])("refuses %s", (value) => {
    expect(() => parseTrustProxy(value)).toThrow(/TRUST_PROXY/);
  });

  it("is a setting Express accepts", () => {
    const app = express();
    expect(() => app.set("trust proxy", parseTrustProxy("10.0.0.0/8,loopback"))).not.toThrow();
  });
});

describe("security headers (decision 012)", () => {
  function headersOf(options: Parameters<typeof createSecurityHeaders>[0]) {
    const set = new Map<string, string>();
    const appended: Array<[string, string]> = [];
    const res = {
      locals: {} as Record<string, unknown>,
      setHeader: (name: string, value: string) => set.set(name, value),
      append: (name: string, value: string) => void appended.push([name, value]),
    };
    createSecurityHeaders(options)({} as never, res as never, () => undefined);
    return { set, appended, res, nonce: res.locals.cspNonce };
  }

  it("lets a route's own value replace a default instead of sending the header twice (issue 19)", () => {
    const { set, appended, res } = headersOf({ csp: true, hsts: false });
    // React Router's Express adapter copies the response's headers with res.append.
    res.append("Content-Security-Policy", "default-src 'none'; sandbox");
    res.append("x-content-type-options", "nosniff");
    res.append("Set-Cookie", "a=1");
    expect(set.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
    expect(appended).toEqual([["Set-Cookie", "a=1"]]);
  });

  it("sends HSTS only in production and the CSP with the request's nonce", () => {
    const prod = headersOf({ csp: true, hsts: true });
    expect(prod.set.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    expect(prod.set.get("Content-Security-Policy")).toContain(`'nonce-${String(prod.nonce)}'`);
    expect(prod.set.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(prod.set.get("X-Content-Type-Options")).toBe("nosniff");
    const dev = headersOf({ csp: false, hsts: false });
    expect(dev.set.has("Strict-Transport-Security")).toBe(false);
    expect(dev.set.has("Content-Security-Policy")).toBe(false);
  });
});
