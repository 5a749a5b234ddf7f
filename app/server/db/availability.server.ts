import pg from "pg";
import { logger } from "~/server/logger.server";

/** Network failures and server states in which waiting and retrying is the answer (HTTP 503). */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "EPIPE"]);
/** SQLSTATEs: admin/crash shutdown, cannot connect now, too many connections, statement timeout. */
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "57014", "08000", "08001", "08003", "08006"]);
const MESSAGES = [/timeout exceeded when trying to connect/i, /Connection terminated/i, /Query read timeout/i, /Client has encountered a connection error/i];

/** Whether `error` (possibly wrapped by Drizzle as `cause`) means the database is out of reach. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== "object") return false;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (NETWORK_CODES.has(code) || SQLSTATES.has(code))) return true;
    if (typeof message === "string" && MESSAGES.some((re) => re.test(message))) return true;
  }
  return false;
}

/** host:port/database of a connection URL, without user or password, for log messages. */
export function describeDatabase(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || "5432"}${u.pathname}`;
  } catch {
    return "the configured database";
  }
}

export interface WaitOptions {
  connectTimeoutMs: number;
  /** Delays between attempts; the last one repeats. */
  delaysMs?: readonly number[];
  log?: (message: string) => void;
  /** Stop after this many attempts (tests); unlimited by default, a supervisor need not restart us. */
  maxAttempts?: number;
}

const DEFAULT_DELAYS = [500, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

/**
 * Waits until PostgreSQL answers a query, retrying with growing delays and one clear line per
 * failure, instead of exiting with a stack trace (which makes a supervisor restart us in a loop).
 */
export async function waitForPostgres(url: string, options: WaitOptions): Promise<void> {
  const delays = options.delaysMs ?? DEFAULT_DELAYS;
  const log = options.log ?? ((m: string) => logger.error(m));
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: options.connectTimeoutMs, query_timeout: options.connectTimeoutMs });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.query("SELECT 1");
      if (attempt > 1) log(`PostgreSQL at ${describeDatabase(url)} is reachable now.`);
      return;
    } catch (error) {
      const reason = (error as { code?: string }).code ?? (error as Error).message;
      if (options.maxAttempts && attempt >= options.maxAttempts) {
        throw new Error(`PostgreSQL at ${describeDatabase(url)} is not reachable (${reason}); gave up after ${attempt} attempts.`, { cause: error });
      }
      const delay = delays[Math.min(attempt - 1, delays.length - 1)]!;
      log(`PostgreSQL at ${describeDatabase(url)} is not reachable (${reason}); attempt ${attempt}, retrying in ${delay / 1000} s. Check DATABASE_URL and that the server runs.`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/** An arbitrary fixed key: every instance of this app serialises its start-up work on it. */
const BOOT_LOCK_KEY = 727_413_001;

/**
 * Runs `fn` while holding a cluster-wide advisory lock, so instances starting together migrate
 * and seed one after the other (the second finds the work done) instead of colliding.
 */
export async function withPostgresBootLock<T>(url: string, connectTimeoutMs: number, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [BOOT_LOCK_KEY]);
    return await fn();
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [BOOT_LOCK_KEY]).catch(() => {});
    await client.end().catch(() => {});
  }
}
