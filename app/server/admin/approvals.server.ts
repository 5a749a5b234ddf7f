import { and, asc, eq, gt, inArray, isNull, ne } from "drizzle-orm";
import { listPendingRoleRequests } from "~/server/accounts/role-requests.server";
import { listPendingLinks } from "~/server/companies/links.server";
import type { Db } from "~/server/db/client.server";
import * as clock from "~/server/clock.server";
import { companies, companyAddresses, eventRegistrations, events, users } from "~/server/db/schema";
import { adminPolicy } from "~/server/policy/company-policy";
import { type Actor, authorize } from "~/server/policy/policy";
import { companyNotDeleted } from "~/server/companies/deleted";

/**
 * New profiles waiting for approval (decision 006), with who created them and the upcoming events
 * they registered for meanwhile (decision 031). Those with registrations come first, the nearest
 * event first — a registered company should be checked before its event; the rest oldest first.
 */
export async function listPendingCompanies(db: Db, actor: Actor, now = clock.now()) {
  authorize(actor, adminPolicy.canListApprovals(actor));
  const rows = await db
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
    .orderBy(asc(companies.createdAt), asc(companies.id));
  const ids = rows.map((r) => r.id);
  const registrations =
    ids.length === 0
      ? []
      : await db
          .select({ companyId: eventRegistrations.companyId, eventId: events.id, titleDe: events.titleDe, titleCs: events.titleCs, startsAt: events.startsAt })
          .from(eventRegistrations)
          .innerJoin(events, eq(events.id, eventRegistrations.eventId))
          .where(and(inArray(eventRegistrations.companyId, ids), ne(eventRegistrations.status, "CANCELLED"), gt(events.endsAt, now), isNull(events.deletedAt)))
          .orderBy(asc(events.startsAt), asc(events.id));
  const byCompany = new Map<string, typeof registrations>();
  for (const r of registrations) {
    const list = byCompany.get(r.companyId) ?? [];
    // One line per event (several members may have registered the company for it).
    if (!list.some((x) => x.eventId === r.eventId)) list.push(r);
    byCompany.set(r.companyId, list);
  }
  const withEvents = rows.map((r) => ({ ...r, events: (byCompany.get(r.id) ?? []).map(({ companyId: _c, ...e }) => e) }));
  const nearest = (r: (typeof withEvents)[number]) => r.events[0]?.startsAt.getTime() ?? Number.POSITIVE_INFINITY;
  // Stable sort: equal keys (no registrations) keep the oldest-first order of the query.
  return withEvents.sort((a, b) => (nearest(a) === nearest(b) ? 0 : nearest(a) - nearest(b)));
}

/** Everything on the approvals page (spec §2: companies, links, role changes). */
export async function getApprovals(db: Db, actor: Actor, now = clock.now()) {
  authorize(actor, adminPolicy.canListApprovals(actor));
  const [pendingCompanies, links, roleRequests] = await Promise.all([
    listPendingCompanies(db, actor, now),
    listPendingLinks(db, actor),
    listPendingRoleRequests(db, actor),
  ]);
  return { companies: pendingCompanies, links, roleRequests };
}
