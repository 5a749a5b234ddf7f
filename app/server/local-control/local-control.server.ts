import { randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import express, { type Router } from "express";
import { z } from "zod";
import { isOtherLiveProcess } from "~/server/db/data-dir-lock.server";
import { isLocalRequest } from "~/server/http/local-request";

/**
 * Operator commands for a running app on the embedded database (decision 013). PGlite allows one
 * process per data directory, so `npm run admin:create` cannot open it while the app runs; it asks
 * the app instead. The app writes a control file next to its data (readable by its owner only)
 * with a random token; only requests from this machine that carry the token are served.
 */
export interface ControlInfo {
  pid: number;
  url: string;
  token: string;
}

export function controlFileOf(pgliteDir: string): string {
  return `${pgliteDir}.control.json`;
}

const holder = globalThis as typeof globalThis & { __partnernetControlToken?: string };

/** One token per process (kept on globalThis so dev-mode module reloads keep it). */
export function controlToken(): string {
  holder.__partnernetControlToken ??= randomBytes(32).toString("hex");
  return holder.__partnernetControlToken;
}

/** The loopback URL of a server listening on `host`, or null when it does not listen on loopback. */
export function loopbackUrl(host: string, port: number): string | null {
  if (host === "0.0.0.0" || host === "::" || host === "localhost" || /^127\./.test(host)) return `http://127.0.0.1:${port}`;
  if (host === "::1") return `http://[::1]:${port}`;
  return null;
}

/** Called once the server listens: tells local operator commands where the app is. */
export function announceLocalControl(pgliteDir: string, host: string, port: number): void {
  const url = loopbackUrl(host, port);
  if (!url) return;
  const info: ControlInfo = { pid: process.pid, url, token: controlToken() };
  fs.writeFileSync(controlFileOf(pgliteDir), JSON.stringify(info), { mode: 0o600 });
}

export function withdrawLocalControl(pgliteDir: string): void {
  fs.rmSync(controlFileOf(pgliteDir), { force: true });
}

const AdminRequestSchema = z.object({ email: z.string().max(320), name: z.string().max(200).optional() });

export interface LocalControlHandlers {
  createAdmin(email: string, name: string | undefined): Promise<"created" | "promoted">;
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer /, "") ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Routes under /_local: 404 for anything not from this machine or without the token. */
export function localControlRouter(token: () => string, handlers: LocalControlHandlers): Router {
  const router = express.Router();
  router.use((req, res, next) => {
    if (!isLocalRequest(req.socket.remoteAddress, req.headers) || !tokenMatches(req.headers.authorization, token())) {
      res.status(404).end();
      return;
    }
    next();
  });
  router.post("/admin", express.json({ limit: "2kb" }), async (req, res) => {
    const parsed = AdminRequestSchema.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: "INVALID_INPUT" });
      return;
    }
    try {
      res.json({ result: await handlers.createAdmin(parsed.data.email, parsed.data.name) });
    } catch (error) {
      res.status(400).json({ error: error instanceof z.ZodError ? "INVALID_INPUT" : "FAILED" });
    }
  });
  return router;
}

/**
 * The CLI side: asks the app that holds `pgliteDir` to create or promote an admin. Null when no
 * running app announced itself (then the caller reports the lock owner).
 */
export async function createAdminThroughRunningApp(
  pgliteDir: string,
  email: string,
  name: string | undefined,
): Promise<"created" | "promoted" | null> {
  let info: ControlInfo;
  try {
    info = JSON.parse(fs.readFileSync(controlFileOf(pgliteDir), "utf8")) as ControlInfo;
  } catch {
    return null;
  }
  if (!isOtherLiveProcess(info.pid)) return null;
  const response = await fetch(`${info.url}/_local/admin`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${info.token}` },
    body: JSON.stringify({ email, name }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await response.json().catch(() => ({}))) as { result?: "created" | "promoted"; error?: string };
  if (!response.ok || !body.result) throw new Error(body.error === "INVALID_INPUT" ? `Invalid e-mail or name: ${email}` : `The running app refused the request (HTTP ${response.status}).`);
  return body.result;
}
