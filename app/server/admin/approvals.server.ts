import { and, asc, eq } from "drizzle-orm";
import { listPendingRoleRequests } from "~/server/accounts/role-requests.server";
import { listPendingLinks } from "~/server/companies/links.server";
import type { Db } from "~/server/db/client.server";
import { companies, companyAddresses, users } from "~/server/db/schema";
import { adminPolicy } from "~/server/policy/company-policy";
import { type Actor, authorize } from "~/server/policy/policy";
import { companyNotDeleted } from "~/server/companies/deleted";

/** New profiles waiting for approval (decision 006), oldest first, with who created them. */
export async function listPendingCompanies(db: Db, actor: Actor) {
  authorize(actor, adminPolicy.canListApprovals(actor));
  return db
    .select({
      id: companies.id,
      name: companies.name,
      website: companies.website,
      createdAt: companies.createdAt,
      city: companyAddresses.city,
      country: companyAddresses.country,
      creatorName: users.name,
      creatorEmail: users.email,
    })
    .from(companies)
    .leftJoin(companyAddresses, and(eq(companyAddresses.companyId, companies.id), eq(companyAddresses.kind, "HEADQUARTERS")))
    .leftJoin(users, eq(users.id, companies.createdBy))
    .where(and(eq(companies.status, "PENDING"), companyNotDeleted()))
    .orderBy(asc(companies.createdAt));
}

/** Everything on the approvals page (spec §2: companies, links, role changes). */
export async function getApprovals(db: Db, actor: Actor) {
  authorize(actor, adminPolicy.canListApprovals(actor));
  const [pendingCompanies, links, roleRequests] = await Promise.all([
    listPendingCompanies(db, actor),
    listPendingLinks(db, actor),
    listPendingRoleRequests(db, actor),
  ]);
  return { companies: pendingCompanies, links, roleRequests };
}
