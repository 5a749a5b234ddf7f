import { generateKeyPairSync, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real OpenID Connect provider (panva/oidc-provider) for tests and local development:
 * one confidential client, authorization code flow with mandatory PKCE, and the library's
 * development interactions (a login form accepting any password, then a consent screen).
 */

export interface OidcTestAccount {
  email?: string;
  /** Defaults to true. */
  emailVerified?: boolean;
  name?: string;
}

export interface OidcProviderOptions {
  /** 0 picks a free port. */
  port: number;
  clientId: string;
  clientSecret: string;
  redirectUri: string | string[];
  /** Keyed by account id (what one types as "login" in the dev form). */
  accounts: Record<string, OidcTestAccount>;
  /**
   * Host name in the issuer URL (default 127.0.0.1). The provider listens on the loopback
   * interface only; with "localhost" on 127.0.0.1 and, where available, on ::1 too.
   */
  host?: "127.0.0.1" | "localhost";
}

export interface RunningOidcProvider {
  issuer: string;
  port: number;
  close(): Promise<void>;
}

// Minimal view of oidc-provider's API (the package ships no type declarations).
interface ProviderInstance {
  callback(): http.RequestListener;
  on(event: string, listener: (...args: unknown[]) => void): void;
}
type ProviderConstructor = new (issuer: string, configuration: Record<string, unknown>) => ProviderInstance;

// A non-literal specifier keeps TypeScript from looking for the missing declarations.
const OIDC_PROVIDER_MODULE = "oidc-provider";

function signingKey() {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return { ...privateKey.export({ format: "jwk" }), kid: "test-rs256", alg: "RS256", use: "sig" };
}

function findAccount(accounts: Record<string, OidcTestAccount>) {
  return async (_ctx: unknown, id: string) => {
    const account = accounts[id];
    if (!account) return undefined;
    return {
      accountId: id,
      async claims() {
        return {
          sub: id,
          ...(account.email === undefined ? {} : { email: account.email, email_verified: account.emailVerified ?? true }),
          ...(account.name === undefined ? {} : { name: account.name }),
        };
      },
    };
  };
}

function providerConfiguration(opts: OidcProviderOptions): Record<string, unknown> {
  return {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: Array.isArray(opts.redirectUri) ? opts.redirectUri : [opts.redirectUri],
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    findAccount: findAccount(opts.accounts),
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    scopes: ["openid", "email", "profile"],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    clientBasedCORS: () => false,
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    jwks: { keys: [signingKey()] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    renderError(ctx: { type: string; body: string }, out: Record<string, string>) {
      ctx.type = "html";
      ctx.body = `<!doctype html><title>OIDC error</title><pre>${JSON.stringify(out).replace(/</g, "&lt;")}</pre>`;
    },
  };
}

function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

export async function startOidcProvider(opts: OidcProviderOptions): Promise<RunningOidcProvider> {
  const host = opts.host ?? "127.0.0.1";
  const { default: Provider } = (await import(/* @vite-ignore */ OIDC_PROVIDER_MODULE)) as { default: ProviderConstructor };
  const servers = [http.createServer()];
  const port = await listen(servers[0]!, opts.port, "127.0.0.1");
  if (host === "localhost") {
    // Clients may resolve localhost to ::1 first; serve it as well when IPv6 is available.
    const v6 = http.createServer();
    if (await listen(v6, port, "::1").then(() => true, () => false)) servers.push(v6);
  }
  const issuer = `http://${host}:${port}`;
  const provider = new Provider(issuer, providerConfiguration(opts));
  provider.on("server_error", (_ctx, error) => console.error("oidc-provider server_error", error));
  const handler = provider.callback();
  for (const server of servers) server.on("request", handler);
  return {
    issuer,
    port,
    close: async () => {
      await Promise.all(servers.map(closeServer));
    },
  };
}
