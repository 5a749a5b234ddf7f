import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Country } from "~/schemas/enums";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { companies, companyAddresses, companyNace, companyServices, eventRegistrations, users } from "~/server/db/schema";
import type { MatchCompany } from "./algorithm/types";
import { LIVE_STATUSES } from "./access.server";

/** A company taking part in the B2B meetings, with its contact person (the first live registrant). */
export interface B2bParticipant {
  companyId: string;
  name: string;
  logoKey: string | null;
  country: Country | null;
  city: string | null;
  contactName: string | null;
  contactEmail: string | null;
  /** Language of the contact's registration (agendas and reminders are sent in it). */
  locale: "de" | "cs";
}

/**
 * The participating companies of an event: those with at least one REGISTERED or ATTENDED
 * registration (waiting and cancelled ones do not meet anyone), ordered by name.
 */
export async function participatingCompanies(db: Db, eventId: string): Promise<B2bParticipant[]> {
  const rows = await db
    .select({
      companyId: eventRegistrations.companyId,
      name: companies.name,
      logoKey: companies.logoKey,
      contactName: users.name,
      contactEmail: users.email,
      locale: eventRegistrations.locale,
      createdAt: eventRegistrations.createdAt,
    })
    .from(eventRegistrations)
    .innerJoin(companies, eq(companies.id, eventRegistrations.companyId))
    .leftJoin(users, eq(users.id, eventRegistrations.userId))
    .where(and(eq(eventRegistrations.eventId, eventId), inArray(eventRegistrations.status, [...LIVE_STATUSES])))
    .orderBy(asc(eventRegistrations.createdAt));
  const byCompany = new Map<string, B2bParticipant>();
  for (const r of rows) {
    if (byCompany.has(r.companyId)) continue;
    byCompany.set(r.companyId, { companyId: r.companyId, name: r.name, logoKey: r.logoKey, country: null, city: null, contactName: r.contactName, contactEmail: r.contactEmail, locale: r.locale });
  }
  if (byCompany.size > 0) {
    const hq = await db
      .select({ companyId: companyAddresses.companyId, country: companyAddresses.country, city: companyAddresses.city })
      .from(companyAddresses)
      .where(and(inArray(companyAddresses.companyId, [...byCompany.keys()]), eq(companyAddresses.kind, "HEADQUARTERS")));
    for (const a of hq) Object.assign(byCompany.get(a.companyId)!, { country: a.country, city: a.city });
  }
  const collator = new Intl.Collator("de");
  return [...byCompany.values()].sort((a, b) => collator.compare(a.name, b.name));
}

const normaliseKeyword = (k: string) => k.trim().toLocaleLowerCase("de");

/**
 * What the scheduler's fill-in weights use about each company (decision 023): its NACE codes and
 * the keywords of its current offers and requests (an offer keyword that matches another
 * company's request keyword makes a complementary pair).
 */
export async function matchCompanies(db: Db, companyIds: string[], now = clock.now()): Promise<MatchCompany[]> {
  const result = new Map<string, MatchCompany>(companyIds.map((id) => [id, { id, naceCodes: [], offerTags: [], requestTags: [] }]));
  if (companyIds.length === 0) return [];
  const [nace, services] = await Promise.all([
    db.select().from(companyNace).where(inArray(companyNace.companyId, companyIds)),
    db
      .select({ companyId: companyServices.companyId, type: companyServices.type, keywords: companyServices.keywords })
      .from(companyServices)
      .where(and(inArray(companyServices.companyId, companyIds), eq(companyServices.active, true), gt(companyServices.validUntil, now))),
  ]);
  for (const n of nace) result.get(n.companyId)!.naceCodes.push(n.naceCode);
  for (const s of services) {
    const target = s.type === "OFFER" ? result.get(s.companyId)!.offerTags : result.get(s.companyId)!.requestTags;
    for (const k of s.keywords) if (!target.includes(normaliseKeyword(k))) target.push(normaliseKeyword(k));
  }
  return companyIds.map((id) => result.get(id)!);
}
