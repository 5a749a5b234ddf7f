import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Locale } from "~/i18n/locales";
import type { Country } from "~/schemas/enums";
import { SEARCH_LIMITS, SEARCH_PAGE_SIZE, type SearchKindParam, type SearchQuery } from "~/schemas/search";
import { recordAudit } from "~/server/audit.server";
import * as clock from "~/server/clock.server";
import { type Db, rowsOf, withTransaction } from "~/server/db/client.server";
import { companies, companyServices, companyTags, searchDocuments, tags } from "~/server/db/schema";
import type { Actor } from "~/server/policy/policy";
import { TOTAL_CAP, type TermQuery, searchCountSql, searchPageSql, termQuerySql } from "./search-sql.server";
import type { SearchHit, SearchPage } from "./types";

const EXCERPT_LENGTH = 240;

interface MatchRow {
  docId: string;
  kind: SearchKindParam;
  companyId: string;
  lat: number | null;
  lon: number | null;
  validUntil: Date | string | null;
  distance_m: number | null;
}

/**
 * Companies, offers or inquiries matching a validated search (parseSearchParams). Only verified
 * companies and their unexpired ads are in the search table at all, and results never carry
 * contact data, so the same answer is safe for every viewer. Records SEARCHED for statistics:
 * the filters used and the number of matches; the user id only for signed-in users.
 */
export async function searchCatalogue(db: Db, actor: Actor, query: SearchQuery, locale: Locale, now = clock.now()): Promise<SearchPage> {
  const term = query.term ? await expandTerm(db, query.term) : null;
  // A term without any searchable word (only punctuation, say) matches nothing.
  let rows: MatchRow[] = [];
  let matchCount = 0;
  if (!term || term.query) {
    await withTransaction(db, async (tx) => {
      // The planner underrates testing a tsvector row by row and would pick a sequential scan
      // for "the first N matches"; the GIN bitmap is several times faster (bench/README.md).
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      rows = rowsOf<MatchRow & { total: number }>(await tx.execute(searchPageSql(query, now, term)));
      const fromPage = (rows[0] as { total?: number } | undefined)?.total;
      // Past the last page there is no row to carry the total: count on its own.
      matchCount =
        fromPage ?? (query.page === 1 ? 0 : Number(rowsOf<{ total: number }>(await tx.execute(searchCountSql(query, now, term)))[0]?.total ?? 0));
    });
  }
  const hits = await hydrate(db, rows, locale);
  const totalCapped = matchCount > TOTAL_CAP;
  const total = Math.min(matchCount, TOTAL_CAP);
  await recordAudit(db, "SEARCHED", actor?.id ?? null, {
    type: query.type,
    term: query.term || undefined,
    tags: query.tagIds.length,
    nace: query.nace,
    countries: query.countries,
    radiusKm: query.radiusKm ?? undefined,
    locale,
    results: total,
  });
  return {
    hits,
    total,
    totalCapped,
    page: query.page,
    pageCount: Math.min(Math.ceil(total / SEARCH_PAGE_SIZE), SEARCH_LIMITS.maxPage),
  };
}

/** The tsquery texts of a search term (see termQuerySql). */
export async function expandTerm(db: Db, term: string): Promise<TermQuery> {
  const [row] = rowsOf<TermQuery>(await db.execute(termQuerySql(term)));
  return row ?? { query: "", exact: "" };
}

/** The newest unexpired offers and inquiries (home page). */
export async function latestAds(db: Db, locale: Locale, limit: number, now = clock.now()): Promise<SearchHit[]> {
  const rows = await db
    .select({
      docId: searchDocuments.docId,
      kind: searchDocuments.kind,
      companyId: searchDocuments.companyId,
      lat: searchDocuments.lat,
      lon: searchDocuments.lon,
      validUntil: searchDocuments.validUntil,
      distance_m: sql<null>`NULL`,
    })
    .from(searchDocuments)
    .where(and(inArray(searchDocuments.kind, ["OFFER", "INQUIRY"]), gt(searchDocuments.validUntil, now)))
    .orderBy(desc(searchDocuments.createdAt))
    .limit(limit);
  return hydrate(db, rows as MatchRow[], locale);
}

/** Loads names, texts, images and tags for one page of matches, keeping the match order. */
async function hydrate(db: Db, rows: MatchRow[], locale: Locale): Promise<SearchHit[]> {
  if (rows.length === 0) return [];
  const companyIds = [...new Set(rows.map((r) => r.companyId))];
  const adIds = rows.filter((r) => r.kind !== "COMPANY").map((r) => r.docId);
  const [companyRows, adRows, tagRows] = await Promise.all([
    db
      .select({
        id: companies.id,
        name: companies.name,
        descriptionDe: companies.descriptionDe,
        descriptionCs: companies.descriptionCs,
        logoKey: companies.logoKey,
        city: sql<string | null>`(SELECT a.city FROM company_addresses a WHERE a.company_id = "companies"."id"
          ORDER BY (a.kind = 'HEADQUARTERS') DESC, a.created_at LIMIT 1)`,
        country: sql<Country | null>`(SELECT a.country FROM company_addresses a WHERE a.company_id = "companies"."id"
          ORDER BY (a.kind = 'HEADQUARTERS') DESC, a.created_at LIMIT 1)`,
      })
      .from(companies)
      .where(inArray(companies.id, companyIds)),
    adIds.length > 0
      ? db
          .select({ id: companyServices.id, title: companyServices.title, description: companyServices.description, imageKey: companyServices.imageKey })
          .from(companyServices)
          .where(inArray(companyServices.id, adIds))
      : Promise.resolve([]),
    db
      .select({ companyId: companyTags.companyId, id: tags.id, labelDe: tags.labelDe, labelCs: tags.labelCs })
      .from(companyTags)
      .innerJoin(tags, eq(tags.id, companyTags.tagId))
      .where(inArray(companyTags.companyId, companyIds)),
  ]);
  const companyById = new Map(companyRows.map((c) => [c.id, c]));
  const adById = new Map(adRows.map((a) => [a.id, a]));
  const tagsByCompany = new Map<string, Array<{ id: string; label: string }>>();
  for (const t of tagRows) {
    const list = tagsByCompany.get(t.companyId) ?? [];
    list.push({ id: t.id, label: locale === "cs" ? t.labelCs : t.labelDe });
    tagsByCompany.set(t.companyId, list);
  }
  const collator = new Intl.Collator(locale);

  return rows.flatMap((row): SearchHit[] => {
    const company = companyById.get(row.companyId);
    if (!company) return []; // deleted between the two queries
    const ad = row.kind === "COMPANY" ? null : adById.get(row.docId);
    if (row.kind !== "COMPANY" && !ad) return [];
    const description = ad ? ad.description : locale === "cs" ? company.descriptionCs : company.descriptionDe;
    return [
      {
        kind: row.kind,
        id: row.docId,
        companyId: row.companyId,
        companyName: company.name,
        title: ad ? ad.title : company.name,
        excerpt: excerpt(description),
        logoKey: company.logoKey,
        imageKey: ad?.imageKey ?? null,
        city: company.city,
        country: company.country,
        lat: row.lat,
        lon: row.lon,
        distanceKm: row.distance_m === null || row.distance_m === undefined ? null : Number(row.distance_m) / 1000,
        tags: (tagsByCompany.get(row.companyId) ?? []).sort((a, b) => collator.compare(a.label, b.label)),
        validUntil: row.validUntil ? new Date(row.validUntil) : null,
      },
    ];
  });
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= EXCERPT_LENGTH) return flat;
  const cut = flat.slice(0, EXCERPT_LENGTH);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), EXCERPT_LENGTH - 40))}…`;
}
