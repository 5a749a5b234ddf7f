import net from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb } from "../../../tests/support/db";
import { type RunningOidcProvider, startOidcProvider } from "../../../tests/support/oidc-provider";
import type { DbHandle } from "~/server/db/client.server";
import { auditTrail, externalAuths, sessions, users } from "~/server/db/schema";
import { lookupSession } from "./sessions.server";
import {
  completeOidcLogin,
  flowCookieHeader,
  type OidcSettings,
  openFlow,
  sealFlow,
  signedInPageHtml,
  startOidcLogin,
} from "./oidc.server";

const REDIRECT_URI = "http://localhost:3000/auth/oidc/callback";
const ACCOUNTS = {
  anna: { email: "Anna.Neu@Example.com", name: "Anna Neu" },
  bernd: { email: "bernd.bestand@example.com", name: "Bernd vom Provider" },
  clara: { email: "clara.offen@example.com", name: "Clara Offen" },
  dora: { email: "dora.gesperrt@example.com", name: "Dora Gesperrt" },
  emil: { email: "emil.unbestaetigt@example.com", emailVerified: false, name: "Emil" },
  fritz: { name: "Fritz ohne Mail" },
  greta: { email: "greta@example.com", name: "Greta" },
};

let handle: DbHandle;
let provider: RunningOidcProvider;
let settings: OidcSettings;

beforeAll(async () => {
  handle = await createTestDb();
  provider = await startOidcProvider({
    port: 0,
    clientId: "partnernet-test",
    clientSecret: "test-secret",
    redirectUri: REDIRECT_URI,
    accounts: ACCOUNTS,
  });
  settings = { issuer: provider.issuer, clientId: "partnernet-test", clientSecret: "test-secret", redirectUri: REDIRECT_URI };
});
afterAll(async () => {
  await provider?.close();
  await handle?.close();
});

// ---------------------------------------------------------------------------------------------
// A browser stand-in: plain fetch, manual redirects, the provider's cookies carried by hand.

class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = header.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

function formOf(html: string): { action: string; prompt: string } | null {
  const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
  const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1];
  return action && prompt ? { action: action.replace(/&amp;/g, "&"), prompt } : null;
}

/** Signs in at the provider's dev interaction (login form, then consent) and returns the callback URL. */
async function authorizeAt(authorizationUrl: string, login: string): Promise<string> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    const response = await fetch(url, { method: body ? "POST" : "GET", body, redirect: "manual", headers: { cookie: jar.header() } });
    jar.store(response);
    const location = response.headers.get("location");
    if (location) {
      url = new URL(location, url).href;
      body = undefined;
      if (url.startsWith(REDIRECT_URI)) return url;
      continue;
    }
    const html = await response.text();
    const form = formOf(html);
    if (!form) throw new Error(`unexpected provider page (${response.status}): ${html.slice(0, 500)}`);
    url = new URL(form.action, url).href;
    body = new URLSearchParams(form.prompt === "login" ? { prompt: "login", login, password: "any" } : { prompt: form.prompt });
  }
  throw new Error("too many steps at the provider");
}

async function startFlow(redirectTo: unknown = "/de/mein-account", locale: "de" | "cs" = "de") {
  return startOidcLogin(settings, { locale, redirectTo });
}

async function signIn(login: string, locale: "de" | "cs" = "de") {
  const start = await startFlow("/de/mein-account", locale);
  const callbackUrl = await authorizeAt(start.authorizationUrl, login);
  return completeOidcLogin(handle.db, settings, { callbackUrl, flowCookie: start.flowCookie });
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const userByEmail = async (email: string) => (await handle.db.select().from(users).where(eq(users.email, email)))[0];
const linksOf = (userId: string) => handle.db.select().from(externalAuths).where(eq(externalAuths.userId, userId));
const loginAudits = (userId: string) =>
  handle.db
    .select()
    .from(auditTrail)
    .where(and(eq(auditTrail.userId, userId), eq(auditTrail.action, "LOGIN")));

// ---------------------------------------------------------------------------------------------

describe("starting the flow", () => {
  it("builds a PKCE authorization request and a signed, expiring flow cookie", async () => {
    const now = new Date();
    const start = await startOidcLogin(settings, { locale: "cs", redirectTo: "/cs/muj-ucet?tab=1", now });
    const url = new URL(start.authorizationUrl);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get("client_id")).toBe("partnernet-test");
    expect(url.searchParams.get("redirect_uri")).toBe(REDIRECT_URI);
    expect(url.searchParams.get("scope")).toBe("openid email profile");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    const flow = openFlow(start.flowCookie, now);
    expect(flow).toMatchObject({ locale: "cs", redirectTo: "/cs/muj-ucet?tab=1", state: url.searchParams.get("state"), nonce: url.searchParams.get("nonce") });
    expect(url.searchParams.get("code_challenge")).not.toBe(flow?.verifier);
    expect(start.flowCookie).not.toContain(flow!.verifier); // encoded, and only readable by the server (httpOnly)
    expect(openFlow(start.flowCookie, new Date(now.getTime() + 11 * 60_000))).toBeNull();
    // Change the last hex digit of the signature (replacing it with a fixed "00" was a no-op 1 time in 256).
    const last = start.flowCookie.slice(-1);
    expect(openFlow(`${start.flowCookie.slice(0, -1)}${last === "0" ? "1" : "0"}`, now)).toBeNull();
    expect(flowCookieHeader(start.flowCookie)).toMatch(/^oidc_flow=.+; Path=\/auth\/oidc; Max-Age=600; SameSite=Lax; HttpOnly/);
  });

  it("only keeps local, localized redirect targets", async () => {
    for (const target of ["https://evil.example/", "//evil.example", "/de\\x", null]) {
      const start = await startFlow(target);
      expect(openFlow(start.flowCookie)?.redirectTo).toBe("/de/mein-account");
    }
  });

  it("fails with OIDC_PROVIDER_INVALID when no provider is configured or it cannot be reached", async () => {
    await expect(startOidcLogin(null, { locale: "de", redirectTo: null })).rejects.toMatchObject({ code: "OIDC_PROVIDER_INVALID" });
    const unreachable = { ...settings, issuer: `http://127.0.0.1:${await closedPort()}` };
    await expect(startOidcLogin(unreachable, { locale: "de", redirectTo: null })).rejects.toMatchObject({ code: "OIDC_PROVIDER_INVALID" });
    const insecure = { ...settings, issuer: "http://oidc.example.com/" };
    await expect(startOidcLogin(insecure, { locale: "de", redirectTo: null })).rejects.toMatchObject({ code: "OIDC_PROVIDER_INVALID" });
  });
});

describe("completing the flow at the real provider", () => {
  it("creates a verified Organisation account, links it, opens a session and audits the login", async () => {
    const result = await signIn("anna", "cs");
    expect(result.redirectTo).toBe("/de/mein-account");
    expect(result.locale).toBe("cs");
    const user = await userByEmail("anna.neu@example.com");
    expect(user).toMatchObject({ name: "Anna Neu", role: "Organisation", verified: true, active: true, locale: "cs" });
    expect(user?.termsAcceptedAt).toBeInstanceOf(Date);
    expect(await linksOf(user!.id)).toEqual([expect.objectContaining({ provider: provider.issuer, subject: "anna" })]);
    const lookup = await lookupSession(handle.db, result.token);
    expect(lookup).toMatchObject({ status: "valid", user: { id: user!.id, email: "anna.neu@example.com" } });
    expect((await loginAudits(user!.id)).map((a) => a.details)).toEqual([{ method: "oidc" }]);
  });

  it("reuses the linked account on the next sign-in", async () => {
    const first = await signIn("greta");
    const second = await signIn("greta");
    expect(second.userId).toBe(first.userId);
    expect(second.token).not.toBe(first.token);
    expect(await handle.db.select().from(users).where(eq(users.email, "greta@example.com"))).toHaveLength(1);
    expect(await linksOf(first.userId)).toHaveLength(1);
    expect(await handle.db.select().from(sessions).where(eq(sessions.userId, first.userId))).toHaveLength(2);
    expect(await loginAudits(first.userId)).toHaveLength(2);
  });

  it("links an existing account with the same e-mail instead of creating one", async () => {
    const [existing] = await handle.db
      .insert(users)
      .values({ email: "bernd.bestand@example.com", name: "Bernd Bestand", role: "Multiplikator", verified: true, locale: "de" })
      .returning();
    const result = await signIn("bernd");
    expect(result.userId).toBe(existing!.id);
    expect(await userByEmail("bernd.bestand@example.com")).toMatchObject({ name: "Bernd Bestand", role: "Multiplikator" });
    expect(await linksOf(existing!.id)).toEqual([expect.objectContaining({ subject: "bernd" })]);
  });

  it("confirms an unconfirmed account with the same e-mail, the provider having verified it", async () => {
    const [existing] = await handle.db
      .insert(users)
      .values({ email: "clara.offen@example.com", name: "Clara", verified: false })
      .returning();
    const result = await signIn("clara");
    expect(result.userId).toBe(existing!.id);
    expect((await userByEmail("clara.offen@example.com"))?.verified).toBe(true);
    expect((await lookupSession(handle.db, result.token)).status).toBe("valid");
  });

  it("refuses a deactivated account (ACCOUNT_INACTIVE), without session or link", async () => {
    const [inactive] = await handle.db
      .insert(users)
      .values({ email: "dora.gesperrt@example.com", name: "Dora", verified: true, active: false })
      .returning();
    await expect(signIn("dora")).rejects.toMatchObject({ code: "ACCOUNT_INACTIVE" });
    expect(await linksOf(inactive!.id)).toHaveLength(0);
    expect(await handle.db.select().from(sessions).where(eq(sessions.userId, inactive!.id))).toHaveLength(0);

    // Also once linked: deactivation wins over the link.
    await handle.db.update(users).set({ active: true }).where(eq(users.id, inactive!.id));
    await signIn("dora");
    await handle.db.update(users).set({ active: false }).where(eq(users.id, inactive!.id));
    await expect(signIn("dora")).rejects.toMatchObject({ code: "ACCOUNT_INACTIVE" });
  });

  it("requires a verified e-mail from the provider (OIDC_EMAIL_MISSING)", async () => {
    await expect(signIn("emil")).rejects.toMatchObject({ code: "OIDC_EMAIL_MISSING" });
    await expect(signIn("fritz")).rejects.toMatchObject({ code: "OIDC_EMAIL_MISSING" });
    expect(await userByEmail("emil.unbestaetigt@example.com")).toBeUndefined();
  });
});

describe("rejected callbacks", () => {
  it("rejects a state that differs from the flow cookie's, or a missing cookie (OIDC_STATE_MISMATCH)", async () => {
    const start = await startFlow();
    const callbackUrl = await authorizeAt(start.authorizationUrl, "greta");
    const tampered = new URL(callbackUrl);
    tampered.searchParams.set("state", "wrong");
    await expect(completeOidcLogin(handle.db, settings, { callbackUrl: tampered.href, flowCookie: start.flowCookie })).rejects.toMatchObject({
      code: "OIDC_STATE_MISMATCH",
    });
    const withoutState = new URL(callbackUrl);
    withoutState.searchParams.delete("state");
    await expect(completeOidcLogin(handle.db, settings, { callbackUrl: withoutState.href, flowCookie: start.flowCookie })).rejects.toMatchObject({
      code: "OIDC_STATE_MISMATCH",
    });
    await expect(completeOidcLogin(handle.db, settings, { callbackUrl, flowCookie: undefined })).rejects.toMatchObject({ code: "OIDC_STATE_MISMATCH" });
    const other = await startFlow();
    await expect(completeOidcLogin(handle.db, settings, { callbackUrl, flowCookie: other.flowCookie })).rejects.toMatchObject({
      code: "OIDC_STATE_MISMATCH",
    });
  });

  it("rejects an expired flow cookie (OIDC_STATE_MISMATCH)", async () => {
    const start = await startFlow();
    const callbackUrl = await authorizeAt(start.authorizationUrl, "greta");
    const later = new Date(Date.now() + 11 * 60_000);
    await expect(completeOidcLogin(handle.db, settings, { callbackUrl, flowCookie: start.flowCookie, now: later })).rejects.toMatchObject({
      code: "OIDC_STATE_MISMATCH",
    });
  });

  it("rejects a provider error or a missing code (OIDC_MISSING_CODE)", async () => {
    const start = await startFlow();
    const state = openFlow(start.flowCookie)!.state;
    for (const query of [`state=${state}&error=access_denied`, `state=${state}`]) {
      await expect(
        completeOidcLogin(handle.db, settings, { callbackUrl: `${REDIRECT_URI}?${query}`, flowCookie: start.flowCookie }),
      ).rejects.toMatchObject({ code: "OIDC_MISSING_CODE" });
    }
  });

  it("redeems the code only with the flow's PKCE verifier and nonce", async () => {
    for (const change of [{ verifier: "x".repeat(43) }, { nonce: "other-nonce" }]) {
      const start = await startFlow();
      const callbackUrl = await authorizeAt(start.authorizationUrl, "greta");
      const forged = sealFlow({ ...openFlow(start.flowCookie)!, ...change });
      await expect(completeOidcLogin(handle.db, settings, { callbackUrl, flowCookie: forged })).rejects.toMatchObject({ code: "OIDC_MISSING_CODE" });
    }
  });

  it("fails with OIDC_PROVIDER_INVALID when the provider is not configured", async () => {
    await expect(
      completeOidcLogin(handle.db, null, { callbackUrl: `${REDIRECT_URI}?state=a&code=b`, flowCookie: undefined }),
    ).rejects.toMatchObject({ code: "OIDC_PROVIDER_INVALID" });
  });
});

describe("the page after a successful callback", () => {
  it("continues to the escaped local target with a meta refresh and a link", () => {
    const html = signedInPageHtml("cs", `/cs/muj-ucet?a=1&b="><script>x</script>`);
    expect(html).toMatch(/^<!doctype html>\n<html lang="cs-CZ">/);
    expect(html).not.toContain("<script>");
    expect(html).toContain('content="0;url=/cs/muj-ucet?a=1&#38;b=%22%3E%3Cscript%3Ex%3C/script%3E"');
    expect(html).toContain('<a href="/cs/muj-ucet?a=1&#38;b=%22%3E%3Cscript%3Ex%3C/script%3E">Pokračovat</a>');
    expect(signedInPageHtml("de", "https://evil.example/")).toContain('content="0;url=/"');
  });
});
