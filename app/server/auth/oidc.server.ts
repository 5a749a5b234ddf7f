import { and, eq } from "drizzle-orm";
import * as client from "openid-client";
import { z } from "zod";
import { type Locale, LOCALE_TAGS, LOCALES } from "~/i18n/locales";
import { translate } from "~/i18n/translate";
import { href } from "~/routing/paths";
import { EmailSchema, NAME_MAX } from "~/schemas/account";
import { recordAudit } from "~/server/audit.server";
import { createSession } from "~/server/auth/sessions.server";
import { config } from "~/server/config.server";
import { hmac, safeEqualHex } from "~/server/crypto.server";
import type { Db } from "~/server/db/client.server";
import { externalAuths, users } from "~/server/db/schema";
import { AppError, type ErrorCode } from "~/server/errors";
import { safeRedirectTarget } from "~/server/http/actions.server";
import { serializeCookie } from "~/server/http/cookies.server";
import { logger } from "~/server/logger.server";

/**
 * Sign-in with a third-party OpenID Connect provider (authorization code flow with PKCE,
 * state and nonce). The flow's secrets live in a short-lived, HMAC-signed httpOnly cookie.
 */

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Must be registered at the provider exactly like this. */
  redirectUri: string;
}

export const OIDC_CALLBACK_PATH = "/auth/oidc/callback";
export const OIDC_FLOW_COOKIE = "oidc_flow";
const FLOW_COOKIE_PATH = "/auth/oidc";
const FLOW_TTL_SECONDS = 600;
const SCOPE = "openid email profile";

/** The provider configured by the environment, or null when OIDC sign-in is off. */
export function oidcSettingsFromConfig(): OidcSettings | null {
  if (!config.oidc) return null;
  const { issuer, clientId, clientSecret } = config.oidc;
  return { issuer, clientId, clientSecret, redirectUri: `${config.publicUrl}${OIDC_CALLBACK_PATH}` };
}

// ---------------------------------------------------------------------------------------------
// Discovery (cached per process and provider; a failed discovery is retried next time)

const discovered = new Map<string, Promise<client.Configuration>>();

/** Plain HTTP is accepted only for a provider on this machine (development and tests). */
function isLocalHttp(url: URL): boolean {
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

/** One line for the log: error name, library code, OAuth error and message (no tokens). */
function logFailure(step: string, cause: unknown): void {
  const e = (cause ?? {}) as { name?: unknown; code?: unknown; error?: unknown; message?: unknown; cause?: unknown };
  const inner = e.cause instanceof Error ? `(${e.cause.message})` : undefined;
  const parts = [e.name, e.code, e.error, e.message, inner].filter((p) => typeof p === "string" && p !== "");
  logger.warn(`OIDC ${step} failed: ${parts.join(" ")}`);
}

async function discover(settings: OidcSettings): Promise<client.Configuration> {
  const issuer = new URL(settings.issuer);
  // allowInsecureRequests (marked deprecated to stand out) only for http://localhost providers.
  const execute = isLocalHttp(issuer) ? [client.allowInsecureRequests] : [];
  try {
    return await client.discovery(issuer, settings.clientId, undefined, client.ClientSecretBasic(settings.clientSecret), {
      execute,
      timeout: 10,
    });
  } catch (cause) {
    logFailure("discovery", cause);
    throw new AppError("OIDC_PROVIDER_INVALID");
  }
}

export function getOidcConfiguration(settings: OidcSettings): Promise<client.Configuration> {
  const key = JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]);
  let pending = discovered.get(key);
  if (!pending) {
    pending = discover(settings);
    discovered.set(key, pending);
    pending.catch(() => {
      if (discovered.get(key) === pending) discovered.delete(key);
    });
  }
  return pending;
}

// ---------------------------------------------------------------------------------------------
// The flow cookie: base64url(JSON) + "." + HMAC-SHA256(sessionSecret), expiry inside the payload

const FlowSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  verifier: z.string().min(1),
  locale: z.enum(LOCALES),
  redirectTo: z.string(),
  issuer: z.string(),
  expiresAt: z.number(),
});
export type OidcFlow = z.infer<typeof FlowSchema>;

function flowSignature(payload: string): string {
  return hmac(config.sessionSecret, `oidc-flow:${payload}`);
}

export function sealFlow(flow: OidcFlow): string {
  const payload = Buffer.from(JSON.stringify(flow)).toString("base64url");
  return `${payload}.${flowSignature(payload)}`;
}

/** The flow stored in the cookie if it is untampered and not expired, else null. */
export function openFlow(value: string | undefined, now = new Date()): OidcFlow | null {
  const dot = value?.lastIndexOf(".") ?? -1;
  if (!value || dot < 1) return null;
  const payload = value.slice(0, dot);
  if (!safeEqualHex(value.slice(dot + 1), flowSignature(payload))) return null;
  try {
    const flow = FlowSchema.parse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    return flow.expiresAt > now.getTime() ? flow : null;
  } catch {
    return null;
  }
}

/** Lax, not Strict: the provider's redirect back to the callback is a cross-site navigation. */
export function flowCookieHeader(value: string): string {
  return serializeCookie(OIDC_FLOW_COOKIE, value, { maxAge: FLOW_TTL_SECONDS, sameSite: "Lax", path: FLOW_COOKIE_PATH });
}

export function clearFlowCookieHeader(): string {
  return serializeCookie(OIDC_FLOW_COOKIE, "", { maxAge: 0, sameSite: "Lax", path: FLOW_COOKIE_PATH });
}

// ---------------------------------------------------------------------------------------------
// Start

export interface OidcStart {
  authorizationUrl: string;
  /** Value for the `oidc_flow` cookie (see flowCookieHeader). */
  flowCookie: string;
}

export async function startOidcLogin(
  settings: OidcSettings | null,
  input: { locale: Locale; redirectTo: unknown; now?: Date },
): Promise<OidcStart> {
  if (!settings) throw new AppError("OIDC_PROVIDER_INVALID");
  const configuration = await getOidcConfiguration(settings);
  const flow: OidcFlow = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
    locale: input.locale,
    redirectTo: safeRedirectTarget(input.redirectTo, href("account", input.locale)),
    issuer: settings.issuer,
    expiresAt: (input.now ?? new Date()).getTime() + FLOW_TTL_SECONDS * 1000,
  };
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: settings.redirectUri,
    scope: SCOPE,
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: "S256",
    ui_locales: LOCALE_TAGS[input.locale],
  });
  return { authorizationUrl: url.href, flowCookie: sealFlow(flow) };
}

// ---------------------------------------------------------------------------------------------
// Callback

export interface OidcLoginResult {
  token: string;
  expiresAt: Date;
  userId: string;
  /** Local path to continue to (validated). */
  redirectTo: string;
  locale: Locale;
}

interface OidcIdentity {
  issuer: string;
  subject: string;
  email: string;
  name: string;
}

type UserRow = typeof users.$inferSelect;

export async function completeOidcLogin(
  db: Db,
  settings: OidcSettings | null,
  input: { callbackUrl: string; flowCookie: string | undefined; now?: Date },
): Promise<OidcLoginResult> {
  if (!settings) throw new AppError("OIDC_PROVIDER_INVALID");
  const now = input.now ?? new Date();
  const params = new URL(input.callbackUrl).searchParams;
  const flow = checkState(settings, params, input.flowCookie, now);
  if (params.has("error") || !params.get("code")) throw new AppError("OIDC_MISSING_CODE");
  const identity = await exchangeCode(settings, params, flow);
  const user = await findOrCreateUser(db, identity, flow.locale, now);
  const session = await createSession(db, user.id, now);
  await recordAudit(db, "LOGIN", user.id, { method: "oidc" });
  return { ...session, userId: user.id, redirectTo: flow.redirectTo, locale: flow.locale };
}

/** The callback's state must equal the one in a valid flow cookie for this provider. */
function checkState(settings: OidcSettings, params: URLSearchParams, cookie: string | undefined, now: Date): OidcFlow {
  const flow = openFlow(cookie, now);
  const state = params.get("state");
  if (!flow || !state || flow.issuer !== settings.issuer || state !== flow.state) throw new AppError("OIDC_STATE_MISMATCH");
  return flow;
}

/** Redeems the code (PKCE verifier, nonce and ID token checked by openid-client). */
async function exchangeCode(settings: OidcSettings, params: URLSearchParams, flow: OidcFlow): Promise<OidcIdentity> {
  const configuration = await getOidcConfiguration(settings);
  // The redirect URI sent to the token endpoint is the registered one, whatever Host the request had.
  const currentUrl = new URL(settings.redirectUri);
  currentUrl.search = params.toString();
  let claims: Record<string, unknown>;
  try {
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      pkceCodeVerifier: flow.verifier,
      idTokenExpected: true,
    });
    claims = await profileClaims(configuration, tokens);
  } catch (cause) {
    logFailure("code exchange", cause);
    throw new AppError("OIDC_MISSING_CODE");
  }
  return toIdentity(claims);
}

/**
 * The ID token's claims; when it carries no e-mail (providers may put profile claims only
 * into the UserInfo response), merged with the UserInfo response for the same subject.
 */
async function profileClaims(
  configuration: client.Configuration,
  tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>,
): Promise<Record<string, unknown>> {
  const idToken = tokens.claims();
  if (!idToken) throw new Error("no ID token");
  if (typeof idToken.email === "string" || !configuration.serverMetadata().userinfo_endpoint) return idToken;
  const userInfo = await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
  return { ...idToken, ...userInfo, iss: idToken.iss, sub: idToken.sub };
}

function toIdentity(claims: Record<string, unknown>): OidcIdentity {
  const email = EmailSchema.safeParse(claims.email);
  const unverified = claims.email_verified === false || claims.email_verified === "false";
  if (!email.success || unverified) throw new AppError("OIDC_EMAIL_MISSING");
  return { issuer: String(claims.iss), subject: String(claims.sub), email: email.data, name: displayName(claims, email.data) };
}

function displayName(claims: Record<string, unknown>, email: string): string {
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  const name = text(claims.name) || [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(" ");
  return (name || email.split("@")[0] || email).slice(0, NAME_MAX);
}

// ---------------------------------------------------------------------------------------------
// Accounts

/** By link (issuer + subject), else by e-mail (then linked), else a new verified account. */
async function findOrCreateUser(db: Db, identity: OidcIdentity, locale: Locale, now: Date): Promise<UserRow> {
  const linked = await findLinkedUser(db, identity);
  if (linked) return assertActive(linked);
  const existing = await findUserByEmail(db, identity.email);
  const user = existing ? await adoptExistingUser(db, assertActive(existing), now) : await createUser(db, identity, locale, now);
  await db
    .insert(externalAuths)
    .values({ provider: identity.issuer, subject: identity.subject, userId: user.id, createdAt: now })
    .onConflictDoNothing();
  return user;
}

function assertActive(user: UserRow): UserRow {
  if (!user.active) throw new AppError("ACCOUNT_INACTIVE");
  return user;
}

async function findLinkedUser(db: Db, identity: OidcIdentity): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(externalAuths)
    .innerJoin(users, eq(users.id, externalAuths.userId))
    .where(and(eq(externalAuths.provider, identity.issuer), eq(externalAuths.subject, identity.subject)));
  return row?.user;
}

async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

/** The provider has verified the address, so an unconfirmed account with it counts as confirmed. */
async function adoptExistingUser(db: Db, user: UserRow, now: Date): Promise<UserRow> {
  if (user.verified) return user;
  const [updated] = await db.update(users).set({ verified: true, updatedAt: now }).where(eq(users.id, user.id)).returning();
  return updated ?? user;
}

async function createUser(db: Db, identity: OidcIdentity, locale: Locale, now: Date): Promise<UserRow> {
  const [created] = await db
    .insert(users)
    .values({
      email: identity.email,
      name: identity.name,
      role: "Organisation",
      verified: true,
      active: true,
      locale,
      termsAcceptedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  // A concurrent sign-in or sign-up with the same address won the race.
  const raced = await findUserByEmail(db, identity.email);
  if (!raced) throw new AppError("GENERIC");
  return adoptExistingUser(db, assertActive(raced), now);
}

// ---------------------------------------------------------------------------------------------
// Responses

/** The localized login page showing an OIDC error (`?oidcError=<code>`). */
export function oidcErrorPath(locale: Locale, code: ErrorCode): string {
  return `${encodeURI(href("login", locale))}?oidcError=${encodeURIComponent(code)}`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The page answering a successful callback. It sets the (SameSite=Strict) session cookie and
 * moves on with a same-site navigation, so the browser sends that cookie on the next request;
 * a redirect here would still belong to the cross-site chain started at the provider.
 */
export function signedInPageHtml(locale: Locale, target: string): string {
  const base = new URL(config.publicUrl);
  const resolved = new URL(target, base);
  const local = resolved.origin === base.origin ? resolved.pathname + resolved.search + resolved.hash : "/";
  const url = escapeHtml(local);
  return [
    "<!doctype html>",
    `<html lang="${LOCALE_TAGS[locale]}">`,
    '<head><meta charset="utf-8">',
    `<meta http-equiv="refresh" content="0;url=${url}">`,
    `<title>${escapeHtml(translate(locale, "oidc.signedIn"))}</title></head>`,
    `<body><p>${escapeHtml(translate(locale, "oidc.signedIn"))}</p>`,
    `<p><a href="${url}">${escapeHtml(translate(locale, "oidc.continue"))}</a></p></body>`,
    "</html>",
  ].join("\n");
}
