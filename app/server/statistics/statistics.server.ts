import { and, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Country } from "~/schemas/enums";
import { monthsOf, nextMonth, type Period } from "~/schemas/statistics";
import type { Db } from "~/server/db/client.server";
import { auditTrail, companies, companyAddresses, eventRegistrations, events, users } from "~/server/db/schema";
import { regionSql } from "~/server/participants/list.server";
import type { Actor } from "~/server/policy/policy";
import { type AnalyticsReport, analyticsReport } from "./analytics-report.server";
import { requireStatisticsAccess } from "./policy";

/**
 * The admin statistics (spec §2, §3 "Statistics"; decision 035): per calendar month (Europe/Berlin)
 * of a period, new accounts (users.created_at), searches and company-profile updates (audit trail
 * SEARCHED, UPDATED_COMPANY_PROFILE), and event participations by country and by region of the
 * registering company's headquarters — the same country and region as the participant list and
 * the event evaluation. A participation is a confirmed place (REGISTERED or ATTENDED) at an event
 * that starts in that month and is not deleted.
 */
export const TIME_ZONE = "Europe/Berlin";

export interface MonthRow {
  month: string;
  newAccounts: number;
  searches: number;
  profileUpdates: number;
  participations: number;
  pageViews: number;
}

export interface CountryMonth {
  month: string;
  country: Country | null;
  count: number;
}

export interface RegionMonth extends CountryMonth {
  region: string | null;
}

export interface RegionTotal {
  country: Country | null;
  region: string | null;
  count: number;
}

export interface Statistics {
  period: Period;
  months: MonthRow[];
  /** Participations per month and country (months without any are left out). */
  byCountry: CountryMonth[];
  /** Participations per month and region. */
  byRegion: RegionMonth[];
  /** Participations per region over the whole period, most first. */
  regionTotals: RegionTotal[];
  analytics: AnalyticsReport;
}

/** Inline (no parameter), so that the same expression in SELECT and GROUP BY is one to PostgreSQL. */
const ZONE = sql.raw(`'${TIME_ZONE}'`);
/** Midnight at the start of a month in Berlin, as a timestamptz expression. */
const monthStart = (month: string) => sql`(${`${month}-01`}::timestamp AT TIME ZONE ${ZONE})`;
const monthOf = (column: unknown) => sql<string>`to_char(${column} AT TIME ZONE ${ZONE}, 'YYYY-MM')`;
/** GROUP BY the first n output columns. */
const byColumns = (n: number) => Array.from({ length: n }, (_, i) => sql.raw(String(i + 1)));
const count = sql<number>`count(*)::int`;

export interface StatisticsOptions {
  /** Narrows the top pages to paths containing this text. */
  pathContains?: string;
}

export async function getStatistics(db: Db, actor: Actor, period: Period, options: StatisticsOptions = {}): Promise<Statistics> {
  requireStatisticsAccess(actor);
  const start = monthStart(period.from);
  const end = monthStart(nextMonth(period.to));

  const accountMonth = monthOf(users.createdAt);
  const auditMonth = monthOf(auditTrail.createdAt);
  const eventMonth = monthOf(events.startsAt);
  // Row by row first, then grouped: the region is a correlated subquery on the address.
  const participation = db
    .select({ month: eventMonth.as("month"), country: companyAddresses.country, region: regionSql.as("region") })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .innerJoin(companies, eq(companies.id, eventRegistrations.companyId))
    .leftJoin(companyAddresses, and(eq(companyAddresses.companyId, companies.id), eq(companyAddresses.kind, "HEADQUARTERS")))
    .where(and(inArray(eventRegistrations.status, ["REGISTERED", "ATTENDED"]), isNull(events.deletedAt), gte(events.startsAt, start), lt(events.startsAt, end)))
    .as("participation");
  const participationRows = () =>
    db
      .select({ month: participation.month, country: participation.country, region: participation.region, n: count })
      .from(participation)
      .groupBy(participation.month, participation.country, participation.region);

  const [accounts, audits, participations, analytics] = await Promise.all([
    db
      .select({ month: accountMonth, n: count })
      .from(users)
      .where(and(gte(users.createdAt, start), lt(users.createdAt, end)))
      .groupBy(...byColumns(1)),
    db
      .select({ month: auditMonth, action: auditTrail.action, n: count })
      .from(auditTrail)
      .where(and(inArray(auditTrail.action, ["SEARCHED", "UPDATED_COMPANY_PROFILE"]), gte(auditTrail.createdAt, start), lt(auditTrail.createdAt, end)))
      .groupBy(...byColumns(2)),
    participationRows(),
    analyticsReport(db, period, options.pathContains),
  ]);

  const months = new Map<string, MonthRow>(
    monthsOf(period).map((month) => [month, { month, newAccounts: 0, searches: 0, profileUpdates: 0, participations: 0, pageViews: 0 }]),
  );
  for (const row of accounts) months.get(row.month)!.newAccounts = row.n;
  for (const row of audits) {
    const month = months.get(row.month)!;
    if (row.action === "SEARCHED") month.searches = row.n;
    else month.profileUpdates = row.n;
  }
  for (const row of analytics.pageViewsByMonth) {
    const month = months.get(row.month);
    if (month) month.pageViews = row.count;
  }

  const countries = new Map<string, CountryMonth>();
  const regionTotals = new Map<string, RegionTotal>();
  const byRegion: RegionMonth[] = [];
  for (const row of participations) {
    const country = (row.country ?? null) as Country | null;
    months.get(row.month)!.participations += row.n;
    const countryKey = `${row.month}\u0000${country ?? ""}`;
    const perCountry = countries.get(countryKey) ?? { month: row.month, country, count: 0 };
    perCountry.count += row.n;
    countries.set(countryKey, perCountry);
    byRegion.push({ month: row.month, country, region: row.region, count: row.n });
    const regionKey = `${country ?? ""}\u0000${row.region ?? ""}`;
    const total = regionTotals.get(regionKey) ?? { country, region: row.region, count: 0 };
    total.count += row.n;
    regionTotals.set(regionKey, total);
  }

  const byMonthThen = <T extends { month: string; country: Country | null }>(a: T, b: T) => a.month.localeCompare(b.month) || (a.country ?? "").localeCompare(b.country ?? "");
  return {
    period,
    months: [...months.values()],
    byCountry: [...countries.values()].sort(byMonthThen),
    byRegion: byRegion.sort((a, b) => byMonthThen(a, b) || (a.region ?? "").localeCompare(b.region ?? "", "de")),
    regionTotals: [...regionTotals.values()].sort((a, b) => b.count - a.count || (a.country ?? "").localeCompare(b.country ?? "") || (a.region ?? "").localeCompare(b.region ?? "", "de")),
    analytics,
  };
}
