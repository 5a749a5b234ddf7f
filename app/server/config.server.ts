import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

const DEV_SESSION_SECRET = "dev-secret-change-me-in-production";

/** All environment configuration, parsed once at boot. Nothing else reads process.env. */
const EnvSchema = z.object({
  APP_ENV: z.enum(["development", "test", "staging", "production"]).default("development"),
  NODE_ENV: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL: a statement running longer is cancelled (0 = no limit, for bulk scripts). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().nonnegative().default(30_000),
  /** PostgreSQL: giving up on a new connection after this long. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  DATA_DIR: z.string().default("./data"),
  /** The port server.js listens on; the default public URL points at it. */
  PORT: z.coerce.number().int().positive().default(3000),
  PUBLIC_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(16).default(DEV_SESSION_SECRET),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("PartnerNet <no-reply@partnernet.example>"),
  MAIL_OUTBOX_DIR: z.string().optional(),
  STORAGE_DIR: z.string().optional(),
  /** Uploaded files in an S3-compatible bucket instead of STORAGE_DIR (decision 056): instances on several machines share them. */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("true"),
  S3_KEY_PREFIX: z.string().regex(/^([a-z0-9][a-z0-9-]{0,62}\/)?$/, "S3_KEY_PREFIX must look like name/").default(""),
  SEED_DEMO_DATA: z.enum(["true", "false"]).optional(),
  LOGIN_CODE_TTL_MINUTES: z.coerce.number().int().positive().default(10),
  LOGIN_CODE_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
  LOGIN_CODE_RESEND_SECONDS: z.coerce.number().int().nonnegative().default(120),
  RATE_LIMIT_PER_EMAIL_PER_HOUR: z.coerce.number().int().positive().default(6),
  RATE_LIMIT_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(30),
  /** Public API (decision 064): requests per client IP in API_RATE_LIMIT_WINDOW_SECONDS, across all instances. */
  API_RATE_LIMIT: z.coerce.number().int().positive().default(120),
  API_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().max(3600).default(60),
  VERIFICATION_TTL_HOURS: z.coerce.number().int().positive().default(48),
  SESSION_TTL_SECONDS: z.coerce.number().int().positive().default(28_800),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_LABEL: z.string().default("OpenID Connect"),
  OPERATOR_NAME: z.string().optional(),
  OPERATOR_ADDRESS: z.string().optional(),
  OPERATOR_EMAIL: z.string().optional(),
  OPERATOR_PHONE: z.string().optional(),
  OPERATOR_REPRESENTATIVE: z.string().optional(),
  /** Which proxies may set X-Forwarded-For/-Proto/-Host (parseTrustProxy, decision 012). */
  TRUST_PROXY: z.string().optional(),
  /** Requests the app works on at once, and how many more may wait (decision 012). */
  MAX_CONCURRENT_REQUESTS: z.coerce.number().int().positive().default(20),
  REQUEST_QUEUE_LENGTH: z.coerce.number().int().nonnegative().default(40),
  /** The longest a request waits before its work starts, counted from accepting its connection (decision 043). */
  REQUEST_QUEUE_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** "1": a connection accepted from the listen backlog after an event-loop stall counts its wait from the stall (decision 043). */
  REQUEST_BACKLOG_ESTIMATE: z.enum(["0", "1"]).default("0"),
  /** Test servers only: GET /_test/block-event-loop blocks the event loop while this file exists (decision 043); refused in production. */
  TEST_BLOCK_EVENT_LOOP_FILE: z.string().min(1).optional(),
  /** Background jobs (decision 021): this instance works on queued jobs; `false` only enqueues. */
  JOBS_WORKER: z.enum(["true", "false"]).default("true"),
  /** How often an idle worker looks for new jobs (pg-boss's minimum is 0.5 s). */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  /** Participant mails: how long a claimed recipient is reserved for its worker; attempts before FAILED; first retry delay (doubling). */
  MAIL_LEASE_SECONDS: z.coerce.number().positive().default(120),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
  MAIL_RETRY_SECONDS: z.coerce.number().nonnegative().default(30),
  /** Web analytics (decision 035): first-party counting (default) or off; a Plausible-compatible script replaces it when both PLAUSIBLE_* are set. */
  ANALYTICS: z.enum(["first-party", "off"]).default("first-party"),
  PLAUSIBLE_SCRIPT_URL: z.string().url().optional(),
  PLAUSIBLE_DOMAIN: z.string().min(1).optional(),
  /** The external web-analytics dashboard the statistics page links to (spec §2). */
  ANALYTICS_DASHBOARD_URL: z.string().url().optional(),
  /** Machine translation (decision 041): DeepL when its key is set, else LibreTranslate when its URL is set, else none (buttons hidden). */
  DEEPL_API_KEY: z.string().min(1).optional(),
  /** Another DeepL endpoint (tests, a proxy); default by the key: ":fx" keys https://api-free.deepl.com, others https://api.deepl.com. */
  DEEPL_API_URL: z.string().url().optional(),
  LIBRETRANSLATE_URL: z.string().url().optional(),
  LIBRETRANSLATE_API_KEY: z.string().min(1).optional(),
  /** One request to the translation service gives up after this long. */
  TRANSLATION_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  /** Translation jobs: attempts before FAILED, first retry delay (doubling), lease of a running job. */
  TRANSLATION_MAX_ATTEMPTS: z.coerce.number().int().positive().default(4),
  TRANSLATION_RETRY_SECONDS: z.coerce.number().nonnegative().default(10),
  TRANSLATION_LEASE_SECONDS: z.coerce.number().positive().default(120),
  /**
   * Imported logos (decision 042): "1" lets the logo fetcher connect to loopback addresses
   * (127.0.0.0/8, ::1), so tests can serve images from a local server. Refused in production
   * (APP_ENV=production: the server does not start with it).
   */
  LOGO_FETCH_ALLOW_LOOPBACK: z.enum(["0", "1"]).optional(),
  /**
   * Imported logos, end-to-end tests only: host names the logo fetcher resolves without DNS,
   * "name=address" separated by commas (the import accepts domain names only, so the e2e names its
   * local logo server). Refused in production (APP_ENV); the address is
   * still checked like any other.
   */
  LOGO_FETCH_TEST_HOSTS: z.string().optional(),
  /** Test clock for e2e runs (app/server/clock.server.ts); refused in production. */
  E2E_CLOCK: z.enum(["0", "1"]).optional(),
  /** How long an anonymous public page is reused in each instance (decision 045); 0 turns it off. */
  PAGE_CACHE_TTL_MS: z.coerce.number().int().nonnegative().max(60_000).default(2_000),
  /** `npm run backup`/`restore` on PostgreSQL (decision 052): the folder of pg_dump, pg_restore and psql; default the newest /usr/lib/postgresql/<major>/bin, else PATH. */
  PG_BIN_DIR: z.string().min(1).optional(),
  /** Prometheus metrics (decision 050) on their own port; 0 or unset: off. In a cluster the primary serves them for all workers. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).default(0),
  /** The metrics port's address: loopback unless told otherwise (the metrics need no sign-in). */
  METRICS_HOST: z
    .string()
    .trim()
    .refine((value) => value === "localhost" || isIP(value) !== 0, "must be an IP address or localhost")
    .default("127.0.0.1"),
  /** Graceful shutdown (decision 051): after SIGTERM the process exits within this long, non-zero when it had to cut work short. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(25_000),
  /** The least severe log lines written (decision 049); `silent` writes none. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** `json` (one object a line, for collectors) or `pretty` (coloured text, development; `node server.js --dev` sets it). */
  LOG_FORMAT: z.enum(["json", "pretty"]).default("json"),
});

/**
 * What makes a production configuration unsafe, as sentences that say what to change. A
 * production server refuses to start while any remain, so an operator cannot run it with a
 * guessable secret, test hooks, demo accounts, or links and cookies for the wrong origin.
 */
function productionProblems(e: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  if (e.SESSION_SECRET === DEV_SESSION_SECRET) problems.push("SESSION_SECRET must be set in production (a random value of at least 32 characters)");
  else if (e.SESSION_SECRET.length < 32) problems.push("SESSION_SECRET must have at least 32 characters in production");
  if (e.E2E_CLOCK === "1") problems.push("E2E_CLOCK must not be set in production");
  if (e.LOGO_FETCH_TEST_HOSTS) problems.push("LOGO_FETCH_TEST_HOSTS must not be set in production (it is for end-to-end tests)");
  if (e.LOGO_FETCH_ALLOW_LOOPBACK === "1") problems.push("LOGO_FETCH_ALLOW_LOOPBACK must not be set in production (imported logo URLs could reach services on this machine)");
  if (e.TEST_BLOCK_EVENT_LOOP_FILE) problems.push("TEST_BLOCK_EVENT_LOOP_FILE must not be set in production");
  if (e.SEED_DEMO_DATA === "true") problems.push("SEED_DEMO_DATA=true must not be set in production (demo accounts have public e-mail addresses)");
  if (!e.PUBLIC_URL) problems.push("PUBLIC_URL must be set in production (the https:// address users open)");
  else if (!e.PUBLIC_URL.startsWith("https://")) problems.push("PUBLIC_URL must start with https:// in production (sessions use Secure cookies)");
  if (!e.SMTP_URL) problems.push("SMTP_URL must be set in production (without it login codes are only written to a local folder)");
  return problems;
}

export function loadConfig(env: NodeJS.ProcessEnv) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => i.path.join(".") + " " + i.message).join("; ")}`);
  }
  const e = parsed.data;
  const isProduction = e.APP_ENV === "production";
  const problems = isProduction ? productionProblems(e) : [];
  if (problems.length > 0) throw new Error(`Unsafe production configuration:\n- ${problems.join("\n- ")}`);
  if (e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) throw new Error(`Invalid environment: METRICS_PORT must differ from PORT (both are ${e.PORT})`);
  const dataDir = path.resolve(e.DATA_DIR);
  /** Corrections made while reading the settings (parseTrustProxy), logged once the logger exists. */
  const warnings: string[] = [];
  return {
    appEnv: e.APP_ENV,
    isProduction,
    databaseUrl: e.DATABASE_URL,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    dataDir,
    pgliteDir: path.join(dataDir, "pglite"),
    /** Links in mails, sitemap, social cards. Unset (development only): this machine on PORT, and mail links follow the request's origin (request-origin.server.ts). */
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    publicUrlConfigured: Boolean(e.PUBLIC_URL),
    sessionSecret: e.SESSION_SECRET,
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    outboxDir: path.resolve(e.MAIL_OUTBOX_DIR ?? path.join(dataDir, "outbox")),
    storageDir: path.resolve(e.STORAGE_DIR ?? path.join(dataDir, "files")),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
          keyPrefix: e.S3_KEY_PREFIX,
        }
      : null,
    seedDemoData: e.SEED_DEMO_DATA ? e.SEED_DEMO_DATA === "true" : !isProduction,
    login: {
      codeTtlMinutes: e.LOGIN_CODE_TTL_MINUTES,
      maxAttempts: e.LOGIN_CODE_MAX_ATTEMPTS,
      resendSeconds: e.LOGIN_CODE_RESEND_SECONDS,
      perEmailPerHour: e.RATE_LIMIT_PER_EMAIL_PER_HOUR,
      perIpPerHour: e.RATE_LIMIT_PER_IP_PER_HOUR,
    },
    verificationTtlHours: e.VERIFICATION_TTL_HOURS,
    publicApi: { rateLimit: e.API_RATE_LIMIT, rateLimitWindowSeconds: e.API_RATE_LIMIT_WINDOW_SECONDS },
    trustProxy: parseTrustProxy(e.TRUST_PROXY, (warning) => warnings.push(warning)),
    concurrency: {
      maxInFlight: e.MAX_CONCURRENT_REQUESTS,
      queueLength: e.REQUEST_QUEUE_LENGTH,
      queueTimeoutMs: e.REQUEST_QUEUE_TIMEOUT_MS,
      estimateBacklog: e.REQUEST_BACKLOG_ESTIMATE === "1",
    },
    /** Test hook (overload tests): the file whose existence keeps GET /_test/block-event-loop blocking. */
    testBlockEventLoopFile: e.TEST_BLOCK_EVENT_LOOP_FILE ?? null,
    jobs: {
      worker: e.JOBS_WORKER === "true",
      pollSeconds: e.JOBS_POLL_SECONDS,
    },
    participantMail: {
      leaseSeconds: e.MAIL_LEASE_SECONDS,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      retrySeconds: e.MAIL_RETRY_SECONDS,
    },
    translation: translationConfig(e),
    pageCacheTtlMs: e.PAGE_CACHE_TTL_MS,
    pgBinDir: e.PG_BIN_DIR,
    /** Prometheus metrics (decision 050): `port` 0 = off. */
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    log: { level: e.LOG_LEVEL, format: e.LOG_FORMAT },
    /** Settings that were read with a correction; logged at start (bootstrap), since the logger needs this config first. */
    warnings,
    /** Imported logos (decision 042): loopback addresses allowed (tests only; never under NODE_ENV=production). */
    logoFetch: logoFetchConfig(e, isProduction),
    /** Requests may shift the domain clock with the `e2e_clock` cookie (end-to-end tests only). */
    e2eClock: e.E2E_CLOCK === "1",
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET ?? "", label: e.OIDC_LABEL }
        : null,
    analytics: analyticsConfig(e),
    operator: {
      configured: Boolean(e.OPERATOR_NAME),
      name: e.OPERATOR_NAME ?? "Wirtschaftsförderung Sachsen-Böhmen (Beispiel)",
      address: e.OPERATOR_ADDRESS ?? "Musterstraße 1, 01067 Dresden, Deutschland",
      email: e.OPERATOR_EMAIL ?? "kontakt@partnernet.example",
      phone: e.OPERATOR_PHONE ?? "+49 351 000000",
      representative: e.OPERATOR_REPRESENTATIVE ?? "Max Mustermann",
    },
  };
}

/** Imported logos (decision 042): the two test-only settings, never active in production. */
function logoFetchConfig(e: z.infer<typeof EnvSchema>, isProduction: boolean) {
  // APP_ENV decides, not NODE_ENV: every built server runs with NODE_ENV=production (React's
  // production build, decision 045), tests included; APP_ENV=production refuses these settings at start.
  const testing = !isProduction;
  const testHosts = new Map<string, string>();
  if (testing) {
    for (const entry of (e.LOGO_FETCH_TEST_HOSTS ?? "").split(",")) {
      const [name, address] = entry.split("=").map((part) => part.trim());
      if (name && address && isIP(address)) testHosts.set(name.toLowerCase(), address);
    }
  }
  return { allowLoopback: testing && e.LOGO_FETCH_ALLOW_LOOPBACK === "1", testHosts };
}

export type TranslationServiceConfig =
  | { provider: "deepl"; url: string; apiKey: string }
  | { provider: "libretranslate"; url: string; apiKey: string | null };

/**
 * The machine-translation service (decision 041): DeepL when DEEPL_API_KEY is set (free keys,
 * ending in ":fx", use DeepL's free endpoint), else LibreTranslate at LIBRETRANSLATE_URL, else
 * none: the translate buttons are hidden and admins complete missing languages by hand.
 */
function translationConfig(e: z.infer<typeof EnvSchema>) {
  const service: TranslationServiceConfig | null = e.DEEPL_API_KEY
    ? {
        provider: "deepl",
        url: (e.DEEPL_API_URL ?? (e.DEEPL_API_KEY.endsWith(":fx") ? "https://api-free.deepl.com" : "https://api.deepl.com")).replace(/\/$/, ""),
        apiKey: e.DEEPL_API_KEY,
      }
    : e.LIBRETRANSLATE_URL
      ? { provider: "libretranslate", url: e.LIBRETRANSLATE_URL.replace(/\/$/, ""), apiKey: e.LIBRETRANSLATE_API_KEY ?? null }
      : null;
  return {
    service,
    timeoutMs: e.TRANSLATION_TIMEOUT_MS,
    maxAttempts: e.TRANSLATION_MAX_ATTEMPTS,
    retrySeconds: e.TRANSLATION_RETRY_SECONDS,
    leaseSeconds: e.TRANSLATION_LEASE_SECONDS,
  };
}

export type AnalyticsMode = "firstParty" | "plausible" | "off";

/** Which web analytics runs (decision 035): an external Plausible-compatible script turns first-party counting off. */
function analyticsConfig(e: z.infer<typeof EnvSchema>) {
  const plausible = e.PLAUSIBLE_SCRIPT_URL && e.PLAUSIBLE_DOMAIN ? { scriptUrl: e.PLAUSIBLE_SCRIPT_URL, domain: e.PLAUSIBLE_DOMAIN, origin: new URL(e.PLAUSIBLE_SCRIPT_URL).origin } : null;
  const mode: AnalyticsMode = plausible ? "plausible" : e.ANALYTICS === "off" ? "off" : "firstParty";
  return { mode, plausible, dashboardUrl: e.ANALYTICS_DASHBOARD_URL ?? null };
}

/**
 * Express's `trust proxy` setting from TRUST_PROXY (decision 012): unset, empty, `false` or `0`
 * trusts no proxy; a number is the count of proxy hops in front of the app (`1` = one load
 * balancer, and the app must not be reachable around it); otherwise a comma-separated list of
 * proxy addresses or CIDR ranges (or Express's names loopback, linklocal, uniquelocal). Only those
 * proxies' X-Forwarded-For/-Proto/-Host count. `true` (trust every hop, which lets any client
 * forge its address) is read as `1` with a warning (passed to `warn`: this module cannot log, the
 * logger is configured from it).
 */
export function parseTrustProxy(value: string | undefined, warn: (message: string) => void = () => undefined): false | number | string[] {
  const raw = value?.trim() ?? "";
  if (raw === "" || raw === "false" || raw === "0") return false;
  if (raw === "true") {
    warn("TRUST_PROXY=true would trust every X-Forwarded-For hop (forgeable client addresses); using 1 hop. Set a hop count or the proxy addresses.");
    return 1;
  }
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw.split(",").map((entry) => entry.trim()).filter(Boolean);
  for (const entry of entries) {
    const [address = "", prefix, ...rest] = entry.split("/");
    const named = ["loopback", "linklocal", "uniquelocal"].includes(entry);
    const family = isIP(address);
    const prefixOk = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (!named && (family === 0 || !prefixOk || rest.length > 0)) {
      throw new Error(`Invalid environment: TRUST_PROXY entry "${entry}" is neither a hop count, an IP address, a CIDR range nor loopback/linklocal/uniquelocal`);
    }
  }
  return entries;
}

export type AppConfig = ReturnType<typeof loadConfig>;
export const config: AppConfig = loadConfig(process.env);
