import "react-router";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import { createOrPromoteAdmin } from "~/server/admin/admin-accounts.server";
import { config } from "~/server/config.server";
import { bootstrapDatabase } from "~/server/boot.server";
import { closeDb, getDb } from "~/server/db/client.server";
import { requestInfoContext } from "~/server/http/context";
import { isLocalRequest } from "~/server/http/local-request";
import { announceLocalControl, controlToken, localControlRouter, withdrawLocalControl } from "~/server/local-control/local-control.server";
import { removeStaleTemporaryFiles } from "~/server/storage/temp-files.server";
import { getStorage } from "~/server/storage/storage.server";
import { securityHeaders } from "./security-headers";

/** Everything before the server listens (server.js): leftovers of a killed process, then the database. */
export async function bootstrap(): Promise<void> {
  await removeStaleTemporaryFiles([config.storageDir, config.outboxDir]);
  await bootstrapDatabase({
    databaseUrl: config.databaseUrl,
    connectTimeoutMs: config.dbConnectTimeoutMs,
    seedDemoData: config.seedDemoData,
    storage: getStorage(),
  });
  await getDb();
}

/** Called once the server listens (server.js): lets `npm run admin:create` reach this app. */
export function announce(host: string, port: number): void {
  if (!config.databaseUrl) announceLocalControl(config.pgliteDir, host, port);
}

export async function shutdown(): Promise<void> {
  if (!config.databaseUrl) withdrawLocalControl(config.pgliteDir);
  await closeDb();
}

export const app = express();
app.disable("x-powered-by");
if (process.env.TRUST_PROXY === "true") app.set("trust proxy", true);
app.use(securityHeaders);
app.use(
  "/_local",
  localControlRouter(controlToken, { createAdmin: async (email, name) => createOrPromoteAdmin(await getDb(), email, name) }),
);
app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext(req) {
      const context = new RouterContextProvider();
      context.set(requestInfoContext, {
        ip: req.ip ?? req.socket.remoteAddress ?? "unknown",
        local: isLocalRequest(req.socket.remoteAddress, req.headers),
      });
      return context;
    },
  }),
);
