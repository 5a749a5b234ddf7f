import { createHmac, randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import pino, { type DestinationStream, type Logger, type LoggerOptions } from "pino";
import { config } from "~/server/config.server";

/**
 * The process's logger (decision 049): pino, one JSON object a line on stdout (time, level, message
 * and fields), or coloured text with LOG_FORMAT=pretty (`node server.js --dev`). Every request and
 * every job run writes one line (server/request-log.ts, jobs/queue.server.ts).
 *
 * What never reaches a line: e-mail addresses, login codes, cookies, authorization headers, form
 * contents, query strings, payloads. Nothing logs a request's headers or body; an error is reduced
 * to its type, code, message and stack (not the fields libraries attach to it, such as an SMTP
 * reply naming the recipient or a database error's detail quoting a row); and any e-mail address
 * in a message or stack is replaced by "[email]" as a last guard.
 */
export type { Logger };

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;

/** A text with every e-mail address replaced (the check for "@" keeps ordinary lines cheap). */
export function scrub(text: string): string {
  return text.includes("@") ? text.replace(EMAIL, "[email]") : text;
}

interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  status?: number;
  cause?: LoggedError;
}

/** An error as logged: what says what went wrong and where, nothing a library attached besides. */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: scrub(String(error)) };
  const fields = error as Error & { code?: unknown; status?: unknown; statusCode?: unknown };
  const status = Number(fields.status ?? fields.statusCode);
  return {
    type: error.name,
    message: scrub(error.message),
    ...(error.stack ? { stack: scrub(error.stack) } : {}),
    ...(typeof fields.code === "string" || typeof fields.code === "number" ? { code: String(fields.code) } : {}),
    ...(Number.isInteger(status) ? { status } : {}),
    ...(error.cause !== undefined && depth < 3 ? { cause: serializeError(error.cause, depth + 1) } : {}),
  };
}

/**
 * Field names that would hold personal data or secrets if someone ever logged them: censored.
 * Top-level names only: wildcard paths (`*.email`) made every line about three times as costly
 * (13 instead of 4 µs in a loop), and nested objects reach the log only as errors, which
 * serializeError reduces anyway. A `code` field could be a login code, so it is censored too: the
 * app logs error codes as `errorCode` and job results as `outcome`.
 */
const REDACTED = ["email", "code", "loginCode", "cookie", "authorization", "password", "token", "secret", "headers"];

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    // ISO time and the level's name: readable by people and by every log collector.
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    serializers: { err: serializeError },
    redact: { paths: REDACTED, censor: "[redacted]" },
    hooks: {
      // The message text (and any string argument) goes through scrub: a message built with a
      // template string is the easiest way to leak an address.
      logMethod(args, method) {
        for (let i = 0; i < args.length; i++) if (typeof args[i] === "string") args[i] = scrub(args[i] as string);
        return method.apply(this, args as Parameters<typeof method>);
      },
    },
  };
}

/**
 * A logger writing JSON to stdout (pino's asynchronous sonic-boom writer, flushed at exit), or
 * pretty text when asked for and pino-pretty is installed (a development dependency: a production
 * install without it falls back to JSON and says so).
 */
export function createLogger(options: { level: string; pretty: boolean; destination?: DestinationStream }): Logger {
  if (options.destination) return pino(loggerOptions(options.level), options.destination);
  if (options.pretty) {
    try {
      const require = createRequire(import.meta.url);
      const pretty = require("pino-pretty") as (options: Record<string, unknown>) => DestinationStream;
      return pino(loggerOptions(options.level), pretty({ sync: true, colorize: true, singleLine: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" }));
    } catch {
      const logger = pino(loggerOptions(options.level));
      logger.warn("LOG_FORMAT=pretty needs the development dependency pino-pretty; writing JSON");
      return logger;
    }
  }
  return pino(loggerOptions(options.level));
}

// One logger per process, kept on globalThis so Vite's dev-mode module reloads reuse it.
const holder = globalThis as typeof globalThis & { __partnernetLogger?: Logger };

export const logger: Logger = (holder.__partnernetLogger ??= createLogger({ level: config.log.level, pretty: config.log.format === "pretty" }));

/**
 * The user of a request as logged: the first 16 hex digits of HMAC-SHA256(SESSION_SECRET, user id).
 * The same user gives the same value in every line and instance (requests can be followed), but
 * the lines name nobody; an operator who has the secret can compute the value of a given account.
 */
export function userHash(userId: string, secret: string = config.sessionSecret): string {
  return createHmac("sha256", secret).update(`log-user:${userId}`).digest("hex").slice(0, 16);
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The id of a request: the incoming X-Request-Id when it is a short token of letters, digits and
 * `._-` (a load balancer's or a proxy's id, so both logs can be joined), otherwise a new UUID.
 * Anything else a client sends there (long, with spaces, quotes or line breaks) is not taken: it
 * lands in logs, a response header and the error page.
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === "string" && SAFE_REQUEST_ID.test(header) ? header : randomUUID();
}
