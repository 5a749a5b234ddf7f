import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const ROLES = ["Admin", "Organisation", "Multiplikator"] as const;
export type Role = (typeof ROLES)[number];

export const AUDIT_ACTIONS = [
  "LOGIN",
  "CREATED_COMPANY_PROFILE",
  "UPDATED_COMPANY_PROFILE",
  "SEARCHED",
  "CREATED_COMPANY_SERVICE",
  "UPDATED_COMPANY_SERVICE",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role").$type<Role>().notNull().default("Organisation"),
    verified: boolean("verified").notNull().default(false),
    active: boolean("active").notNull().default(true),
    locale: text("locale").$type<"de" | "cs">().notNull().default("de"),
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_key").on(t.email)],
);

export const verificationTokens = pgTable(
  "verification_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("verification_tokens_user_idx").on(t.userId)],
);

/** One-time login codes; only an HMAC of the code is stored. */
export const loginCodes = pgTable(
  "login_codes",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("login_codes_user_idx").on(t.userId, t.createdAt)],
);

/** Sliding-window rate limiting shared by all app servers (keys like `login-email:<email>`). */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    key: text("key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("rate_limit_hits_key_idx").on(t.key, t.createdAt)],
);

/** Server-side sessions; the cookie carries a random id, the table stores its SHA-256. */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Accounts at third-party identity providers (OpenID Connect), linked to a user. */
export const externalAuths = pgTable(
  "external_auths",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("external_auths_provider_subject_key").on(t.provider, t.subject)],
);

export const auditTrail = pgTable(
  "audit_trail",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    action: text("action").$type<AuditAction>().notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    details: jsonb("details").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_trail_action_created_idx").on(t.action, t.createdAt),
    // The admin audit view (decision 036): newest first across all actions, one person's entries
    // (also what deleting a user needs: the foreign key sets user_id to NULL), one company's entries.
    // The last two are partial, so the anonymous searches (most rows) do not pay for them.
    index("audit_trail_created_idx").on(t.createdAt, t.id),
    index("audit_trail_user_idx").on(t.userId, t.createdAt).where(sql`${t.userId} IS NOT NULL`),
    index("audit_trail_company_idx").on(sql`(${t.details} ->> 'companyId')`, t.createdAt).where(sql`${t.details} ? 'companyId'`),
  ],
);

export * from "./schema-reference";
export * from "./schema-companies";
export * from "./schema-search";
export * from "./schema-events";
export * from "./schema-organisers";
export * from "./schema-b2b";
export * from "./schema-news";
export * from "./schema-analytics";
export * from "./schema-imports";
export * from "./schema-translations";
export * from "./schema-duplicates";
export * from "./schema-ad-matches";
export * from "./schema-members";
export * from "./schema-saved-searches";
export * from "./schema-network";
