import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companies, companyContacts } from "./schema-companies";
import { eventRegistrations } from "./schema-events";
import { users } from "./schema";

/*
 * Multiplikators acting for their member companies (issue 25, decision 063).
 */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * "May register us for events": a company (`company_id`, granted by one of its confirmed members)
 * allows the Multiplikators of an organisation company (`grantee_company_id`) to register it.
 * Revoking sets `revoked_at` (the row stays as history); at most one live grant per pair.
 */
export const companyRegistrationGrants = pgTable(
  "company_registration_grants",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    granteeCompanyId: uuid("grantee_company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    grantedBy: uuid("granted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: uuid("revoked_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("company_registration_grants_live_key").on(t.companyId, t.granteeCompanyId).where(sql`${t.revokedAt} IS NULL`),
    index("company_registration_grants_grantee_idx").on(t.granteeCompanyId).where(sql`${t.revokedAt} IS NULL`),
  ],
);

/**
 * A registration a Multiplikator made for a member company: who made it and the company's contact
 * person (name and e-mail kept as chosen, so the mails and lists survive a later edit of the
 * contact). The registration itself has no user (`event_registrations.user_id` NULL).
 */
export const memberRegistrations = pgTable(
  "member_registrations",
  {
    registrationId: uuid("registration_id")
      .primaryKey()
      .references(() => eventRegistrations.id, { onDelete: "cascade" }),
    registeredBy: uuid("registered_by").references(() => users.id, { onDelete: "set null" }),
    contactId: uuid("contact_id").references(() => companyContacts.id, { onDelete: "set null" }),
    contactName: text("contact_name"),
    contactEmail: text("contact_email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("member_registrations_registered_by_idx").on(t.registeredBy)],
);
