import { and, desc, eq, gte, ilike, lt, ne, sql } from "drizzle-orm";
import { nextMonth, type Period } from "~/schemas/statistics";
import type { Db } from "~/server/db/client.server";
import { analyticsDaily, type DeviceClass } from "~/server/db/schema";

/**
 * What the first-party analytics counted in a period (decision 035): page views per month, the
 * most visited pages, external referrers, device width classes and outbound link targets. Called
 * by getStatistics, which checks the actor.
 */
export const TOP_LIMIT = 20;

export interface AnalyticsReport {
  pageViewsByMonth: Array<{ month: string; count: number }>;
  topPages: Array<{ path: string; count: number }>;
  /** "" = direct or from this site. */
  topReferrers: Array<{ host: string; count: number }>;
  devices: Array<{ device: DeviceClass; count: number }>;
  outbound: Array<{ target: string; count: number }>;
}

const total = sql<number>`sum(${analyticsDaily.count})::int`;

/** `pathContains`: only pages whose path contains this text (any case) in the top pages. */
export async function analyticsReport(db: Db, period: Period, pathContains = ""): Promise<AnalyticsReport> {
  const inPeriod = and(gte(analyticsDaily.day, `${period.from}-01`), lt(analyticsDaily.day, `${nextMonth(period.to)}-01`));
  const pageViews = and(inPeriod, eq(analyticsDaily.event, "pageview"));
  const escaped = pathContains.replace(/[\\%_]/g, (c) => `\\${c}`);
  const pages = pathContains ? and(pageViews, ilike(analyticsDaily.path, `%${escaped}%`)) : pageViews;
  const month = sql<string>`to_char(${analyticsDaily.day}, 'YYYY-MM')`;
  const [byMonth, topPages, topReferrers, devices, outbound] = await Promise.all([
    db.select({ month: month.as("month"), count: total }).from(analyticsDaily).where(pageViews).groupBy(sql`1`),
    db.select({ path: analyticsDaily.path, count: total }).from(analyticsDaily).where(pages).groupBy(analyticsDaily.path).orderBy(desc(total), analyticsDaily.path).limit(TOP_LIMIT),
    db
      .select({ host: analyticsDaily.referrerHost, count: total })
      .from(analyticsDaily)
      .where(pageViews)
      .groupBy(analyticsDaily.referrerHost)
      .orderBy(desc(total), analyticsDaily.referrerHost)
      .limit(TOP_LIMIT),
    db.select({ device: analyticsDaily.deviceClass, count: total }).from(analyticsDaily).where(pageViews).groupBy(analyticsDaily.deviceClass).orderBy(desc(total), analyticsDaily.deviceClass),
    db
      .select({ target: analyticsDaily.target, count: total })
      .from(analyticsDaily)
      .where(and(inPeriod, eq(analyticsDaily.event, "outbound"), ne(analyticsDaily.target, "")))
      .groupBy(analyticsDaily.target)
      .orderBy(desc(total), analyticsDaily.target)
      .limit(TOP_LIMIT),
  ]);
  return { pageViewsByMonth: byMonth, topPages, topReferrers, devices, outbound };
}
