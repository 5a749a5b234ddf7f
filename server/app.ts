import "react-router";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import { getDb, closeDb } from "~/server/db/client.server";
import { migrate } from "~/server/db/migrate.server";
import { seedDemoData } from "~/server/db/seed.server";
import { seedDemoCompanies } from "~/server/demo/seed-companies.server";
import { getStorage } from "~/server/storage/storage.server";
import { loadReferenceData } from "~/server/reference/load-reference-data.server";
import { config } from "~/server/config.server";
import { requestInfoContext } from "~/server/http/context";
import { bodyLimitFor } from "~/server/http/body-limits";
import { bodyLimit, concurrencyLimit, errorHandler, forwardedHeaders, methodGuard, unlessRefused } from "./guards";
import { createSecurityHeaders } from "./security-headers";

/** Migrates the database and seeds demo data (idempotent). Called once before listening. */
export async function bootstrap(): Promise<void> {
  const db = await getDb();
  await migrate(db);
  await loadReferenceData(db);
  if (config.seedDemoData) {
    await seedDemoData(db);
    await seedDemoCompanies(db, getStorage());
  }
}

export async function shutdown(): Promise<void> {
  await closeDb();
}

/**
 * Express's `trust proxy` from TRUST_PROXY: only those proxies' X-Forwarded-For/-Proto/-Host are
 * believed, so `req.ip` (rate limits) cannot be forged by clients and `req.protocol`/`req.hostname`
 * (the request URL React Router compares with the Origin of form posts) say https behind a TLS proxy.
 */
export function applyTrustProxy(target: express.Express): void {
  target.set("trust proxy", config.trustProxy);
}

export const securityHeaders = createSecurityHeaders({ csp: !import.meta.env.DEV, hsts: config.isProduction });
export { errorHandler, methodGuard };

export const app = express();
app.disable("x-powered-by");
applyTrustProxy(app);
app.use(securityHeaders);
app.use(methodGuard);
app.use(forwardedHeaders);
app.use(bodyLimit((pathname) => bodyLimitFor(pathname).maxBytes));
app.use(
  concurrencyLimit({
    ...config.concurrency,
    // Stored files and built assets are cheap and cached: they never wait behind page renders.
    bypass: (req) => req.path.startsWith("/files/") || req.path.startsWith("/assets/"),
  }),
);
app.use(
  unlessRefused(
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
      // Stack traces and error messages reach the browser only in development (decision 012).
      mode: import.meta.env.DEV ? "development" : "production",
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        const nonce = typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : undefined;
        context.set(requestInfoContext, { ip: req.ip ?? req.socket.remoteAddress ?? "unknown", nonce });
        return context;
      },
    }),
  ),
);
app.use(errorHandler);
