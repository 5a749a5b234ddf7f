import { and, asc, desc, eq } from "drizzle-orm";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { companies, companyAddresses, companyContacts, companyNace, companyServices, companyTags, naceCodes, tags } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { companyPolicy } from "~/server/policy/company-policy";
import type { Actor } from "~/server/policy/policy";
import { loadRelation } from "./membership.server";
import { serviceState } from "./service-state";

/**
 * Everything the company page shows, already filtered by the policy: hidden profiles are
 * NOT_FOUND, contacts are null for anonymous visitors, and expired ads only reach members
 * and admins. `can` tells the UI which actions to offer (the server checks again on use).
 */
export async function getCompanyDetail(db: Db, actor: Actor, companyId: string, now = clock.now()) {
  const relation = await loadRelation(db, actor, companyId);
  if (!companyPolicy.canView(actor, relation)) throw new AppError("NOT_FOUND");
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw new AppError("NOT_FOUND");
  const canEdit = companyPolicy.canEdit(actor, relation);
  const canModerate = companyPolicy.canModerate(actor);
  const canViewContacts = companyPolicy.canViewContacts(actor, relation);

  const [nace, tagRows, addresses, contacts, services] = await Promise.all([
    db
      .select({ code: naceCodes.code, labelDe: naceCodes.labelDe, labelCs: naceCodes.labelCs })
      .from(companyNace)
      .innerJoin(naceCodes, eq(naceCodes.code, companyNace.naceCode))
      .where(eq(companyNace.companyId, companyId))
      .orderBy(asc(naceCodes.code)),
    db
      .select({ id: tags.id, labelDe: tags.labelDe, labelCs: tags.labelCs })
      .from(companyTags)
      .innerJoin(tags, eq(tags.id, companyTags.tagId))
      .where(eq(companyTags.companyId, companyId))
      .orderBy(asc(tags.labelDe)),
    db.select().from(companyAddresses).where(eq(companyAddresses.companyId, companyId)).orderBy(asc(companyAddresses.kind), asc(companyAddresses.createdAt)),
    canViewContacts
      ? db.select().from(companyContacts).where(eq(companyContacts.companyId, companyId)).orderBy(asc(companyContacts.createdAt))
      : Promise.resolve(null),
    db
      .select()
      .from(companyServices)
      .where(and(eq(companyServices.companyId, companyId), eq(companyServices.active, true)))
      .orderBy(desc(companyServices.createdAt)),
  ]);

  const visibleServices = services
    .map((s) => ({ ...s, state: serviceState(s.validUntil, now) }))
    .filter((s) => canEdit || s.state !== "expired");

  return {
    company: {
      id: company.id,
      name: company.name,
      descriptionDe: company.descriptionDe,
      descriptionCs: company.descriptionCs,
      website: company.website,
      logoKey: company.logoKey,
      status: company.status,
      verified: company.status === "VERIFIED",
      updatedAt: company.updatedAt,
      // Origin and last change are shown to admins (spec §3).
      origin: canModerate ? company.origin : null,
    },
    nace,
    tags: tagRows,
    addresses: addresses.map(({ id, kind, country, state, line1, line2, postalCode, city, lat, lon }) => ({
      id,
      kind,
      country,
      state,
      line1,
      line2,
      postalCode,
      city,
      lat,
      lon,
    })),
    contacts: contacts?.map(({ id, function: fn, name, email, phone }) => ({ id, function: fn, name, email, phone })) ?? null,
    services: visibleServices,
    membership: { isMember: relation.isMember },
    can: {
      edit: canEdit,
      delete: companyPolicy.canDelete(actor, relation),
      moderate: canModerate,
      requestLink: companyPolicy.canRequestLink(actor, relation),
      fileChallenge: companyPolicy.canFileChallenge(actor, relation),
      viewContacts: canViewContacts,
      manageServices: companyPolicy.canManageServices(actor, relation),
    },
  };
}
export type CompanyDetail = Awaited<ReturnType<typeof getCompanyDetail>>;
