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
import { securityHeaders } from "./security-headers";

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

export const app = express();
app.disable("x-powered-by");
if (process.env.TRUST_PROXY === "true") app.set("trust proxy", true);
app.use(securityHeaders);
app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext(req) {
      const context = new RouterContextProvider();
      context.set(requestInfoContext, { ip: req.ip ?? req.socket.remoteAddress ?? "unknown" });
      return context;
    },
  }),
);
