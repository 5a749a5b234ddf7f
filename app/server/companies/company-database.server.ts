import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, or, type SQL, sql } from "drizzle-orm";
import { fromBerlin } from "~/schemas/berlin-time";
import { COMPANY_DATABASE_PAGE_SIZE, type CompanyDatabaseFilter } from "~/schemas/company-database";
import type { DateParts } from "~/schemas/date-input";
import type { Db } from "~/server/db/client.server";
import { companies, companyAddresses, companyContacts, companyIdentifiers, companyNace, companyTags, companyUserLinks, programmeRegions, tags, users } from "~/server/db/schema";
import { expandNace } from "~/server/reference/nace.server";
import { foldedPattern } from "~/server/news/list-managed.server";
import { adminPolicy } from "~/server/policy/company-policy";
import { type Actor, authorize } from "~/server/policy/policy";
import { companyNotDeleted, restorableUntil } from "./deleted";

/**
 * The admin company database (spec §2, decisions 026 and 034): every profile — pending,
 * deactivated and deleted ones (until the purge) included — with search, filters, sorting, the
 * linked accounts per row. The same filter (`companyDatabaseWhere`) drives the list, the bulk
 * selection's count and the download.
 */
export const DEFAULT_COMPANY_DATABASE_FILTER: CompanyDatabaseFilter = {
  q: "",
  state: "ALL",
  origin: null,
  country: null,
  region: null,
  nace: [],
  tags: [],
  contacts: "ANY",
  changedFrom: null,
  changedTo: null,
  sort: "name",
  dir: "asc",
  page: 1,
};

const startOfBerlinDay = (d: DateParts) => fromBerlin({ ...d, hour: 0, minute: 0 });
function startOfNextBerlinDay(d: DateParts): Date {
  const next = new Date(Date.UTC(d.year, d.month - 1, d.day + 1));
  return startOfBerlinDay({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() });
}

/**
 * SQL: one of the company's identifiers (IČO, commercial register, KWIZ id, others) is the search
 * text, compared in their stored form (upper case, letters and digits only); an IČO typed without
 * its leading zeros still matches.
 */
function identifierMatches(q: string): SQL | undefined {
  const normalized = q.toUpperCase().replace(/[^\p{L}\p{N}]/gu, "");
  if (normalized.length < 2) return undefined;
  const candidates = /^\d{1,7}$/.test(normalized) ? [normalized, normalized.padStart(8, "0")] : [normalized];
  return sql`exists (select 1 from ${companyIdentifiers} where ${companyIdentifiers.companyId} = ${companies.id} and ${inArray(companyIdentifiers.normalized, candidates)})`;
}

/**
 * SQL: the company matches the filter (everything but sort and page). `expandedNace`: the filter's
 * NACE codes with all their sub-codes (`expandNace`), so a section selects its divisions, groups
 * and classes; any of them matches.
 */
export function companyDatabaseWhere(filter: CompanyDatabaseFilter, expandedNace: string[] | null): SQL | undefined {
  const conditions: Array<SQL | undefined> = [];
  if (filter.state === "DELETED") conditions.push(isNotNull(companies.deletedAt));
  else if (filter.state !== "EVERY") conditions.push(companyNotDeleted());
  if (filter.state === "VERIFIED" || filter.state === "PENDING" || filter.state === "DEACTIVATED") conditions.push(eq(companies.status, filter.state));
  if (filter.q) {
    const pattern = foldedPattern(filter.q);
    conditions.push(or(sql`pn_norm(${companies.name}) like ${pattern}`, sql`pn_norm(${companies.website}) like ${pattern}`, identifierMatches(filter.q)));
  }
  if (filter.origin) conditions.push(eq(companies.origin, filter.origin));
  if (filter.country || filter.region) {
    const where = and(
      filter.country ? eq(companyAddresses.country, filter.country) : undefined,
      filter.region ? eq(companyAddresses.regionCode, filter.region) : undefined,
    );
    conditions.push(sql`exists (select 1 from ${companyAddresses} where ${companyAddresses.companyId} = ${companies.id} and ${where})`);
  }
  if (filter.nace.length > 0) {
    const codes = expandedNace ?? [];
    conditions.push(
      codes.length === 0
        ? sql`false`
        : sql`exists (select 1 from ${companyNace} where ${companyNace.companyId} = ${companies.id} and ${inArray(companyNace.naceCode, codes)})`,
    );
  }
  for (const tagId of filter.tags) {
    conditions.push(sql`exists (select 1 from ${companyTags} where ${companyTags.companyId} = ${companies.id} and ${companyTags.tagId} = ${tagId})`);
  }
  const hasContact = sql`exists (select 1 from ${companyContacts} where ${companyContacts.companyId} = ${companies.id})`;
  if (filter.contacts === "WITH") conditions.push(hasContact);
  if (filter.contacts === "WITHOUT") conditions.push(sql`not ${hasContact}`);
  if (filter.changedFrom) conditions.push(gte(companies.updatedAt, startOfBerlinDay(filter.changedFrom)));
  if (filter.changedTo) conditions.push(lt(companies.updatedAt, startOfNextBerlinDay(filter.changedTo)));
  return and(...conditions);
}

const SORT_COLUMNS = {
  name: companies.name,
  state: companies.status,
  origin: companies.origin,
  updated: companies.updatedAt,
  created: companies.createdAt,
} as const;

/** The confirmed accounts linked to the company, "Name <e-mail>", by e-mail. */
export const linkedAccountsSql = sql<string[]>`array(
  select u.name || ' <' || u.email || '>' from ${companyUserLinks} l join ${users} u on u.id = l.user_id
  where l.company_id = ${sql.raw(`"companies"."id"`)} and l.status = 'CONFIRMED' order by u.email)`;

export async function resolveCompanyDatabaseWhere(db: Db, actor: Actor, filter: CompanyDatabaseFilter): Promise<SQL | undefined> {
  authorize(actor, adminPolicy.canManageCompanyDatabase(actor));
  return companyDatabaseWhere(filter, filter.nace.length > 0 ? await expandNace(db, filter.nace) : null);
}

export async function countCompanyDatabase(db: Db, actor: Actor, filter: CompanyDatabaseFilter): Promise<number> {
  const where = await resolveCompanyDatabaseWhere(db, actor, filter);
  const [total] = await db.select({ n: count() }).from(companies).where(where);
  return total?.n ?? 0;
}

export async function listCompanyDatabase(db: Db, actor: Actor, partial: Partial<CompanyDatabaseFilter>) {
  const filter = { ...DEFAULT_COMPANY_DATABASE_FILTER, ...partial };
  const where = await resolveCompanyDatabaseWhere(db, actor, filter);
  const [total] = await db.select({ n: count() }).from(companies).where(where);
  const n = total?.n ?? 0;
  const order = filter.dir === "desc" ? desc : asc;
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      status: companies.status,
      origin: companies.origin,
      city: companyAddresses.city,
      country: companyAddresses.country,
      createdAt: companies.createdAt,
      updatedAt: companies.updatedAt,
      deletedAt: companies.deletedAt,
      accounts: linkedAccountsSql,
      contacts: sql<number>`(select count(*) from ${companyContacts} k where k.company_id = ${companies.id})`.mapWith(Number),
    })
    .from(companies)
    .leftJoin(companyAddresses, and(eq(companyAddresses.companyId, companies.id), eq(companyAddresses.kind, "HEADQUARTERS")))
    .where(where)
    .orderBy(order(SORT_COLUMNS[filter.sort]), asc(companies.name), asc(companies.id))
    .limit(COMPANY_DATABASE_PAGE_SIZE)
    .offset((filter.page - 1) * COMPANY_DATABASE_PAGE_SIZE);
  return {
    items: rows.map((r) => ({ ...r, accounts: r.accounts ?? [], restorableUntil: r.deletedAt ? restorableUntil(r.deletedAt) : null })),
    total: n,
    page: filter.page,
    pageCount: Math.max(1, Math.ceil(n / COMPANY_DATABASE_PAGE_SIZE)),
  };
}

/** What the filter form offers: programme regions and all tags, in the reader's language. */
export async function companyDatabaseChoices(db: Db, actor: Actor, locale: "de" | "cs") {
  authorize(actor, adminPolicy.canManageCompanyDatabase(actor));
  const [regions, allTags] = await Promise.all([
    db.select().from(programmeRegions).orderBy(asc(programmeRegions.country), asc(locale === "cs" ? programmeRegions.nameCs : programmeRegions.nameDe)),
    db
      .select({ id: tags.id, labelDe: tags.labelDe, labelCs: tags.labelCs })
      .from(tags)
      .orderBy(asc(locale === "cs" ? tags.labelCs : tags.labelDe)),
  ]);
  return {
    regions: regions.map((r) => ({ value: r.regionCode, label: `${locale === "cs" ? r.nameCs : r.nameDe} (${locale === "cs" ? r.typeCs : r.typeDe})`, country: r.country })),
    tags: allTags.map((tag) => ({ value: tag.id, label: locale === "cs" ? tag.labelCs : tag.labelDe })),
  };
}
