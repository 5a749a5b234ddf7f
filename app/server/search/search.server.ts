import { sql } from "drizzle-orm";
import type { Locale } from "~/i18n/locales";
import type { Country } from "~/schemas/enums";
import { SEARCH_KINDS, SEARCH_LIMITS, SEARCH_PAGE_SIZE, type SearchKindParam, type SearchQuery } from "~/schemas/search";
import { recordAudit } from "~/server/audit.server";
import * as clock from "~/server/clock.server";
import { type Db, rowsOf, withTransaction } from "~/server/db/client.server";
import type { Actor } from "~/server/policy/policy";
import {
  type SearchAudit,
  TOTAL_CAP,
  type TermQuery,
  kindCountsSql,
  latestAdsSql,
  searchCountSql,
  searchPageSql,
  termQuerySql,
} from "./search-sql.server";
import type { KindCount, SearchHit, SearchPage } from "./types";

const EXCERPT_LENGTH = 240;

/** A row of searchPageSql / latestAdsSql. */
interface DisplayRow {
  docId: string;
  kind: SearchKindParam;
  companyId: string;
  title: string;
  lat: number | null;
  lon: number | null;
  validUntil: Date | string | null;
  distance_m: number | null;
  total: number | null;
  companyName: string;
  logoKey: string | null;
  imageKey: string | null;
  description: string | null;
  city: string | null;
  country: Country | null;
  tags: Array<{ id: string; label: string }> | string;
}

/**
 * Companies, offers or inquiries matching a validated search (parseSearchParams). Only verified
 * companies and their unexpired ads are in the search table at all, and results never carry
 * contact data, so the same answer is safe for every viewer. Records SEARCHED for statistics:
 * the filters used and the number of matches; the user id only for signed-in users.
 */
export async function searchCatalogue(
  db: Db,
  actor: Actor,
  query: SearchQuery,
  locale: Locale,
  now = clock.now(),
  options: { withKindCounts?: boolean } = {},
): Promise<SearchPage> {
  const term = query.term ? await expandTerm(db, query.term) : null;
  const audit = searchAudit(actor, query, locale);
  const otherKinds = options.withKindCounts ? SEARCH_KINDS.filter((kind) => kind !== query.type) : [];
  const { rows, matchCount, otherCounts } = await withTransaction(db, async (tx) => {
    // The planner underrates testing a tsvector row by row and would pick a sequential scan for
    // "the first N matches" of a common word; the GIN bitmap is faster (bench/README.md). The
    // audit entry is statistics: its commit need not wait for the disk.
    await tx.execute(sql`SELECT set_config('enable_seqscan', 'off', true), set_config('synchronous_commit', 'off', true)`);
    if (term && !term.query) {
      // A term without any searchable word (only punctuation, say) matches nothing.
      await recordAudit(tx, "SEARCHED", audit.userId, { ...audit.details, results: 0 });
      return { rows: [], matchCount: 0, otherCounts: {} as Record<string, number> };
    }
    const found = rowsOf<DisplayRow>(await tx.execute(searchPageSql(query, now, term, locale, audit)));
    // Past the last page there is no row to carry the total: count on its own.
    const count =
      found[0]?.total ?? (query.page === 1 ? 0 : Number(rowsOf<{ total: number }>(await tx.execute(searchCountSql(query, now, term)))[0]?.total ?? 0));
    // The other tabs' counts: the same filters, one bounded count per kind (decision 014).
    const others =
      otherKinds.length > 0 ? (rowsOf<Record<string, number>>(await tx.execute(kindCountsSql(query, now, term, otherKinds)))[0] ?? {}) : {};
    return { rows: found, matchCount: count, otherCounts: others };
  });
  const total = Math.min(matchCount, TOTAL_CAP);
  const capped = (n: number): KindCount => ({ total: Math.min(n, TOTAL_CAP), totalCapped: n > TOTAL_CAP });
  const kindCounts = options.withKindCounts
    ? (Object.fromEntries(
        SEARCH_KINDS.map((kind) => [kind, kind === query.type ? capped(matchCount) : capped(Number(otherCounts[kind] ?? 0))]),
      ) as Record<SearchKindParam, KindCount>)
    : undefined;
  return {
    hits: toHits(rows, locale),
    total,
    totalCapped: matchCount > TOTAL_CAP,
    page: query.page,
    pageCount: Math.min(Math.ceil(total / SEARCH_PAGE_SIZE), SEARCH_LIMITS.maxPage),
    ...(kindCounts ? { kindCounts } : {}),
  };
}

/** What SEARCHED records: the filters used (no term text beyond what was typed, no location), the user only if signed in. */
export function searchAudit(actor: Actor, query: SearchQuery, locale: Locale): SearchAudit {
  return {
    userId: actor?.id ?? null,
    details: {
      type: query.type,
      term: query.term || undefined,
      tags: query.tagIds.length,
      nace: query.nace,
      countries: query.countries,
      radiusKm: query.radiusKm ?? undefined,
      locale,
    },
  };
}

/** The tsquery texts of a search term (see termQuerySql). */
export async function expandTerm(db: Db, term: string): Promise<TermQuery> {
  const [row] = rowsOf<TermQuery>(await db.execute(termQuerySql(term)));
  return row ?? { query: "", exact: "" };
}

/** The newest unexpired offers and inquiries (home page). */
export async function latestAds(db: Db, locale: Locale, limit: number, now = clock.now()): Promise<SearchHit[]> {
  return toHits(rowsOf<DisplayRow>(await db.execute(latestAdsSql(now, limit, locale))), locale);
}

function toHits(rows: DisplayRow[], locale: Locale): SearchHit[] {
  const collator = new Intl.Collator(locale);
  return rows.map((row) => {
    // node-postgres parses json columns; keep working if a driver hands over the text.
    const tagList = typeof row.tags === "string" ? (JSON.parse(row.tags) as Array<{ id: string; label: string }>) : row.tags;
    return {
      kind: row.kind,
      id: row.docId,
      companyId: row.companyId,
      companyName: row.companyName,
      title: row.title,
      excerpt: excerpt(row.description ?? ""),
      logoKey: row.logoKey,
      imageKey: row.imageKey,
      city: row.city,
      country: row.country,
      lat: row.lat,
      lon: row.lon,
      distanceKm: row.distance_m === null || row.distance_m === undefined ? null : Number(row.distance_m) / 1000,
      tags: tagList.sort((a, b) => collator.compare(a.label, b.label)),
      validUntil: row.validUntil ? new Date(row.validUntil) : null,
    };
  });
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= EXCERPT_LENGTH) return flat;
  const cut = flat.slice(0, EXCERPT_LENGTH);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), EXCERPT_LENGTH - 40))}…`;
}
