import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type Db, openPglite, openPostgres } from "~/server/db/client.server";
import { extractCode, lastMailTo } from "./outbox";
import { clonePostgres, TEST_ENGINE } from "./db";
import { SERVER_TEMPLATE_DIR } from "./pglite-template";

/**
 * Runs the production build (`npm run build` first; scripts/test-all.sh builds before vitest) as
 * `node server.js` on a free port, on a fresh database: a temporary PGlite directory, or with
 * TEST_DB=postgres a clone of the run's template database — both copies of a data folder and
 * database the run's first server seeded (seededTemplate below). Mails go to this worker's outbox
 * (tests/support/outbox.ts reads them). For HTTP-level tests of the Express layer (decision 012).
 */
export interface TestServer {
  url: string;
  port: number;
  pid: number;
  /** Everything the server wrote to stdout and stderr so far. */
  output: () => string;
  /** Stops the server; drops its database unless `keepData` (for startServer(env, reuse)). */
  close: (keepData?: boolean) => Promise<void>;
  dataDir: string;
  db: { url: string; drop: () => Promise<void> } | null;
  /** PostgreSQL only; with PGlite the data is in `dataDir/pglite` (readable while the server is stopped). */
  databaseUrl: string | null;
  /** Settles when the server process exits, with its exit code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** PGlite only: SQL run by the server process on its own database, while it keeps serving (decision 072). */
  sqlOverIpc: RunSql | null;
}

const ROOT = path.resolve(import.meta.dirname, "../..");

export async function startServer(env: Record<string, string> = {}, reuse?: TestServer): Promise<TestServer> {
  const buildDir = process.env.BUILD_DIR ?? "build";
  if (!fs.existsSync(path.join(ROOT, buildDir, "server/index.js"))) {
    throw new Error(`No production build in ${buildDir}/: run \`npm run build\` before the HTTP tests`);
  }
  if (reuse) return launch(env, reuse.dataDir, reuse.db);
  const template = usesSeededTemplate(env) ? await seededTemplate() : null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pn-http-"));
  if (template) fs.cpSync(template.dataDir, dataDir, { recursive: true, filter: (source) => !/\.(lock|owner\.json)$/.test(source) });
  const db = TEST_ENGINE === "postgres" ? await clonePostgres(template?.database ?? undefined) : null;
  return launch(env, dataDir, db);
}

async function launch(env: Record<string, string>, dataDir: string, db: TestServer["db"], upWithinMs = 90_000): Promise<TestServer> {
  const buildDir = process.env.BUILD_DIR ?? "build";
  // A test that puts a balancer in front names the port (its config lists it); else any free one.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ["server.js"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      BUILD_DIR: buildDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_ENV: "test",
      DATA_DIR: dataDir,
      MAIL_OUTBOX_DIR: process.env.MAIL_OUTBOX_DIR ?? path.join(dataDir, "outbox"),
      PUBLIC_URL: `http://localhost:${port}`,
      SMTP_URL: "",
      // One process, as before cluster mode (decision 047); a test that wants workers says so.
      WEB_CONCURRENCY: "1",
      ...(db ? { DATABASE_URL: db.url } : { TEST_SQL_IPC: "1" }),
      ...env,
    },
    // The IPC channel carries withServerSql's statements on PGlite; "advanced" keeps dates as dates.
    stdio: ["ignore", "pipe", "pipe", "ipc"],
    serialization: "advanced",
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const close = async (keepData = false) => {
    await stop(child);
    if (keepData) return;
    await db?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(url, child, () => output, upWithinMs);
  } catch (error) {
    await close();
    throw error;
  }
  return { url, port, pid: child.pid ?? 0, output: () => output, close, dataDir, db, databaseUrl: db?.url ?? null, exited, sqlOverIpc: db ? null : sqlOverIpcOf(child) };
}

/**
 * Statements for a PGlite server's own process (app/server/testing/sql-over-ipc.server.ts): PGlite
 * opens a data directory in one process only, and this spares the stop and restart that costs seconds.
 */
function sqlOverIpcOf(child: ChildProcess): RunSql {
  let next = 0;
  return <R>(query: string, params: unknown[] = []) =>
    new Promise<R[]>((resolve, reject) => {
      const id = ++next;
      const onMessage = (message: { type?: string; id?: number; rows?: R[]; error?: string }) => {
        if (message?.type !== "partnernet:sql-result" || message.id !== id) return;
        settle();
        if (message.error !== undefined) reject(new Error(`${message.error}\n${query}`));
        else resolve(message.rows ?? []);
      };
      const onExit = () => {
        settle();
        reject(new Error(`the server exited before answering:\n${query}`));
      };
      const settle = () => {
        child.off("message", onMessage);
        child.off("exit", onExit);
      };
      child.on("message", onMessage);
      child.once("exit", onExit);
      child.send({ type: "partnernet:sql", id, query, params }, (error) => {
        if (error) {
          settle();
          reject(error);
        }
      });
    });
}

/**
 * A server's first start on an empty database migrates, loads the reference data and seeds the
 * demo data (half a minute on a busy 2-core machine); a later start on the same data only checks
 * that the work is done. So the first server of a vitest run prepares a data folder (and on
 * PostgreSQL a database) once, and every further server starts on a copy: the same boot on the
 * same data, without the seeding. Servers whose environment changes what is seeded or where the
 * data lives start from scratch as before.
 */
const TEMPLATE_BREAKERS = ["SEED_DEMO_DATA", "DATABASE_URL", "DATA_DIR", "STORAGE_DIR", "REFERENCE_DATA_DIR", "APP_ENV", "BUILD_DIR"];
const usesSeededTemplate = (env: Record<string, string>) => !Object.keys(env).some((key) => TEMPLATE_BREAKERS.includes(key));

interface SeededTemplate {
  dataDir: string;
  /** PostgreSQL: the seeded database (a clone the global teardown drops with the others). */
  database: string | null;
}

/** The run's seeded template, made by whichever worker asks first (a lock folder keeps the others waiting). */
async function seededTemplate(): Promise<SeededTemplate> {
  const ready = path.join(SERVER_TEMPLATE_DIR, "ready.json");
  const lock = `${SERVER_TEMPLATE_DIR}.lock`;
  const deadline = Date.now() + 480_000;
  while (Date.now() < deadline) {
    if (fs.existsSync(ready)) return JSON.parse(fs.readFileSync(ready, "utf8")) as SeededTemplate;
    try {
      fs.mkdirSync(path.dirname(lock), { recursive: true });
      fs.mkdirSync(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // A worker that died while making it (a timed-out hook) leaves its lock behind: take over.
      if (Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 240_000) fs.rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    try {
      const dataDir = path.join(SERVER_TEMPLATE_DIR, "data");
      fs.rmSync(SERVER_TEMPLATE_DIR, { recursive: true, force: true });
      fs.mkdirSync(dataDir, { recursive: true });
      const db = TEST_ENGINE === "postgres" ? await clonePostgres() : null;
      // The seeding start is the slow one: on a machine shared with other test runs it took over 3 minutes.
      const server = await launch({ MAIL_OUTBOX_DIR: path.join(SERVER_TEMPLATE_DIR, "outbox") }, dataDir, db, 230_000);
      await server.close(true);
      const template: SeededTemplate = { dataDir, database: db?.name ?? null };
      fs.writeFileSync(ready, JSON.stringify(template));
      return template;
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
  throw new Error(`no seeded server template in ${SERVER_TEMPLATE_DIR} after 8 minutes`);
}

/** Signs in through the real code login (the code is read from the outbox); returns the Cookie header. */
export async function signIn(server: TestServer, email: string): Promise<string> {
  const headers = { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" };
  const requested = await fetch(`${server.url}/de/anmelden`, { method: "POST", headers, body: new URLSearchParams({ intent: "request", email }), redirect: "manual" });
  if (requested.status !== 200) throw new Error(`code request failed: ${requested.status}`);
  const mail = await lastMailTo(email);
  if (!mail) throw new Error(`no code mail for ${email}`);
  const verified = await fetch(`${server.url}/de/anmelden`, {
    method: "POST",
    headers,
    body: new URLSearchParams({ intent: "verify", email, code: extractCode(mail) }),
    redirect: "manual",
  });
  const cookie = verified.headers.getSetCookie().find((c) => c.startsWith("pb_auth="));
  if (!cookie) throw new Error(`sign-in failed: ${verified.status}`);
  return cookie.split(";")[0]!;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body's bytes as received (e.g. still gzip-compressed). */
  rawBody: Buffer;
  /** Header names and values as sent, duplicates kept (`headers` joins or drops them). */
  rawHeaders: string[];
  /** Request body bytes written before the response arrived. */
  sent: number;
}

/**
 * One HTTP/1.1 request with full control: a streamed body (written until the response arrives),
 * the local address to connect from (127.0.0.2 is "another client" than 127.0.0.1).
 */
export function rawRequest(
  server: TestServer,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer | (() => AsyncIterable<Buffer>); localAddress?: string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request({ host: "127.0.0.1", port: server.port, method: options.method ?? "GET", path: options.path, headers: options.headers, localAddress: options.localAddress, agent: false }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const rawBody = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, rawHeaders: res.rawHeaders, body: rawBody.toString(), rawBody, sent });
      });
      res.on("error", reject);
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const body = options.body;
    if (typeof body === "function") {
      void (async () => {
        try {
          for await (const chunk of body()) {
            if (answered || req.destroyed) break;
            sent += chunk.length;
            // Whichever comes first, the other listener goes too (else "close" listeners pile up per wait).
            if (!req.write(chunk))
              await new Promise<void>((r) => {
                const done = () => {
                  req.off("drain", done);
                  req.off("close", done);
                  r();
                };
                req.once("drain", done);
                req.once("close", done);
              });
          }
        } catch {
          // the server closed the connection
        }
        if (!req.destroyed) req.end();
      })();
    } else {
      if (body !== undefined) sent = Buffer.byteLength(body);
      req.end(body);
    }
  });
}

/** Resident memory of a process in bytes (Linux). */
export function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

/** A port nothing listens on now (the system picks it), e.g. for a test server's METRICS_PORT. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      // The first page a cold server renders can take seconds on a busy machine: a short probe
      // timeout would abort every try until the deadline although the server is up.
      const response = await fetch(`${url}/de`, { signal: AbortSignal.timeout(15_000) });
      // Only this server counts: another process may have taken the port between freePort() and
      // the listen (this one then exits with EADDRINUSE). A test server names its process (decision 047).
      if (response.status === 200 && ours(response.headers.get("x-worker-pid"), child.pid)) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start:\n${output()}`);
}

/** The answering process is the server's own, or one of its cluster workers; true when it does not say (APP_ENV other than test). */
function ours(answeredBy: string | null, pid: number | undefined): boolean {
  if (!answeredBy || !pid) return true;
  if (Number(answeredBy) === pid) return true;
  try {
    const parent = fs.readFileSync(`/proc/${answeredBy}/stat`, "utf8").split(") ")[1]!.split(" ")[1];
    return Number(parent) === pid;
  } catch {
    return process.platform !== "linux";
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}


/**
 * Runs SQL against a test server's database, for HTTP tests that set up or inspect data. On
 * PostgreSQL through a client; on PGlite, which one process opens per data directory, the server
 * process runs it (decision 072). The server keeps running either way; the returned one is the same.
 */
export async function sqlOnServer<T>(server: TestServer, env: Record<string, string>, query: string, params: unknown[] = []): Promise<{ rows: T[]; server: TestServer }> {
  const { result, server: after } = await withServerSql(server, env, (run) => run<T>(query, params));
  return { rows: result, server: after };
}

export type RunSql = <T>(query: string, params?: unknown[]) => Promise<T[]>;

/**
 * Several SQL statements against a test server's database in one go. On PGlite they go to the
 * server process over IPC (decision 072); a server started without that channel is stopped, the data
 * opened here and the server started again (seconds per restart) — use the returned server.
 */
export async function withServerSql<T>(server: TestServer, env: Record<string, string>, work: (run: RunSql) => Promise<T>): Promise<{ result: T; server: TestServer }> {
  if (server.databaseUrl) {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      return { result: await work(async <R>(query: string, params: unknown[] = []) => (await client.query(query, params)).rows as R[]), server };
    } finally {
      await client.end();
    }
  }
  if (server.sqlOverIpc) return { result: await work(server.sqlOverIpc), server };
  await server.close(true);
  const handle = await openPglite(path.join(server.dataDir, "pglite"));
  let result: T;
  try {
    result = await work(async <R>(query: string, params: unknown[] = []) => (await handle.client.query(query, params)).rows as R[]);
  } finally {
    await handle.close();
  }
  return { result, server: await startServer(env, server) };
}

/**
 * Runs domain code against a test server's database (to set up data through the real domain
 * functions). PGlite: the server is stopped meanwhile and started again — use the returned server.
 */
export async function withServerDb<T>(server: TestServer, env: Record<string, string>, work: (db: Db) => Promise<T>): Promise<{ result: T; server: TestServer }> {
  if (server.databaseUrl) {
    const handle = await openPostgres(server.databaseUrl);
    try {
      return { result: await work(handle.db), server };
    } finally {
      await handle.close();
    }
  }
  await server.close(true);
  const handle = await openPglite(path.join(server.dataDir, "pglite"));
  let result: T;
  try {
    result = await work(handle.db);
  } finally {
    await handle.close();
  }
  return { result, server: await startServer(env, server) };
}
