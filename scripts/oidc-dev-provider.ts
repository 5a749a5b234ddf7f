/**
 * A local OpenID Connect provider for trying the "sign in with …" button in development
 * (also started by the Playwright suite, see playwright.config.ts).
 *
 *   npx tsx scripts/oidc-dev-provider.ts            # issuer http://localhost:3900
 *   OIDC_ISSUER=http://localhost:3900 OIDC_CLIENT_ID=partnernet-dev OIDC_CLIENT_SECRET=dev-secret \
 *     OIDC_LABEL="Dev-Login" npm run dev
 *
 * At the provider's login form enter `max` or `jana` and any password, then confirm.
 * Environment (all optional): OIDC_DEV_PORT (3900), OIDC_DEV_HOST (localhost | 127.0.0.1),
 * OIDC_DEV_CLIENT_ID (partnernet-dev), OIDC_DEV_CLIENT_SECRET (dev-secret),
 * OIDC_DEV_REDIRECT_URI (http://localhost:3000/auth/oidc/callback = PUBLIC_URL + /auth/oidc/callback).
 */
import { E2E_OIDC } from "../tests/support/oidc-accounts";
import { startOidcProvider } from "../tests/support/oidc-provider";

const env = process.env;
const port = Number.parseInt(env.OIDC_DEV_PORT ?? "3900", 10);
const host = env.OIDC_DEV_HOST === "127.0.0.1" ? "127.0.0.1" : "localhost";
const clientId = env.OIDC_DEV_CLIENT_ID ?? "partnernet-dev";
const clientSecret = env.OIDC_DEV_CLIENT_SECRET ?? "dev-secret";
const redirectUri = env.OIDC_DEV_REDIRECT_URI ?? "http://localhost:3000/auth/oidc/callback";

const provider = await startOidcProvider({
  port,
  host,
  clientId,
  clientSecret,
  redirectUri,
  accounts: {
    max: { email: "max.mustermann@example.com", name: "Max Mustermann" },
    jana: { email: "jana.novakova@example.cz", name: "Jana Nováková" },
    // The account the Playwright suite signs in with.
    [E2E_OIDC.login]: { email: E2E_OIDC.email, name: E2E_OIDC.name },
  },
});

console.log(`OIDC dev provider: ${provider.issuer} (client ${clientId}, redirect ${redirectUri})`);
console.log(`Start the app with OIDC_ISSUER=${provider.issuer} OIDC_CLIENT_ID=${clientId} OIDC_CLIENT_SECRET=${clientSecret}`);
console.log("At the provider, sign in as `max` or `jana` with any password.");

async function stop() {
  await provider.close();
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
