import { sql } from "drizzle-orm";
import type { Country } from "~/schemas/enums";
import type { DateParts } from "~/schemas/date-input";
import type { Db } from "~/server/db/client.server";
import { rowsOf } from "~/server/db/client.server";
import { companyAddresses } from "~/server/db/schema";
import { regionSql } from "~/server/participants/list.server";
import { type Actor, authorize } from "~/server/policy/policy";
import { reportPolicy } from "~/server/policy/report-policy";
import { endOfDay, startOfDay } from "./period.server";

/**
 * The funder report (Interreg reporting; issue 20, decision 036) for a period of whole Berlin days,
 * across all events that start in it (not deleted):
 * - participating companies: distinct companies with a registration that counts as a place
 *   (REGISTERED or ATTENDED; waiting and cancelled ones do not), by the country and region of their
 *   headquarters (region as in the event evaluation: Landkreis / kraj); "attended" = at least one
 *   check-in (ATTENDED); participations = company × event pairs;
 * - B2B meetings of the published plan of each such event (what participants were given); a meeting
 *   is cross-border when one company's headquarters is in Germany and the other's in Czechia;
 * - new company profiles (created in the period, not deleted) by country of headquarters;
 * - new ads (offers and inquiries created in the period and still stored);
 * - searches (SEARCHED entries of the audit trail in the period).
 */
export interface ParticipationCount {
  companies: number;
  attended: number;
  participations: number;
}

export interface FunderReport {
  from: DateParts;
  to: DateParts;
  events: { total: number; b2b: number };
  participation: {
    total: ParticipationCount;
    byCountry: Array<ParticipationCount & { country: Country | null }>;
    byRegion: Array<ParticipationCount & { country: Country | null; region: string | null }>;
  };
  meetings: { total: number; crossBorder: number; sameCountry: number };
  newProfiles: { total: number; byCountry: Array<{ country: Country | null; count: number }> };
  newAds: { offers: number; inquiries: number };
  searches: number;
}

const COUNTRY_ORDER: Record<string, number> = { DE: 0, CZ: 1 };
const byCountry = (a: { country: Country | null }, b: { country: Country | null }) => (COUNTRY_ORDER[a.country ?? ""] ?? 2) - (COUNTRY_ORDER[b.country ?? ""] ?? 2);
const num = (v: unknown) => Number(v ?? 0);

export async function funderReport(db: Db, actor: Actor, from: DateParts, to: DateParts): Promise<FunderReport> {
  authorize(actor, reportPolicy.canReadFunderReport(actor));
  const start = startOfDay(from).toISOString();
  const end = endOfDay(to).toISOString();
  const inPeriod = (column: string) => sql`${sql.raw(column)} >= ${start}::timestamptz AND ${sql.raw(column)} < ${end}::timestamptz`;
  const eventsInPeriod = sql`SELECT e.id, e.b2b FROM events e WHERE e.deleted_at IS NULL AND ${inPeriod("e.starts_at")}`;

  const [events] = rowsOf<{ total: number; b2b: number }>(
    await db.execute(sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE ev.b2b)::int AS b2b FROM (${eventsInPeriod}) ev`),
  );

  const regions = rowsOf<{ country: Country | null; region: string | null; companies: number; attended: number; participations: number }>(
    await db.execute(sql`
      WITH ev AS (${eventsInPeriod}),
      taking_part AS (
        SELECT r.company_id, count(DISTINCT r.event_id)::int AS participations, bool_or(r.status = 'ATTENDED') AS attended
          FROM event_registrations r JOIN ev ON ev.id = r.event_id
         WHERE r.status IN ('REGISTERED', 'ATTENDED')
         GROUP BY r.company_id)
      SELECT ${companyAddresses.country} AS country, ${regionSql} AS region,
             count(*)::int AS companies, count(*) FILTER (WHERE tp.attended)::int AS attended, sum(tp.participations)::int AS participations
        FROM taking_part tp
        LEFT JOIN ${companyAddresses} ON ${companyAddresses.companyId} = tp.company_id AND ${companyAddresses.kind} = 'HEADQUARTERS'
       GROUP BY 1, 2`),
  ).map((r) => ({ country: r.country, region: r.region, companies: num(r.companies), attended: num(r.attended), participations: num(r.participations) }));

  const countries = new Map<string, ParticipationCount & { country: Country | null }>();
  const total: ParticipationCount = { companies: 0, attended: 0, participations: 0 };
  for (const r of regions) {
    const c = countries.get(r.country ?? "") ?? { country: r.country, companies: 0, attended: 0, participations: 0 };
    for (const into of [c, total]) {
      into.companies += r.companies;
      into.attended += r.attended;
      into.participations += r.participations;
    }
    countries.set(r.country ?? "", c);
  }

  const [meetings] = rowsOf<{ total: number; cross_border: number; same_country: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS total,
             count(*) FILTER (WHERE ha.country IS NOT NULL AND hb.country IS NOT NULL AND ha.country <> hb.country)::int AS cross_border,
             count(*) FILTER (WHERE ha.country = hb.country)::int AS same_country
        FROM (${eventsInPeriod}) ev
        JOIN b2b_plans p ON p.event_id = ev.id
        JOIN b2b_meetings m ON m.run_id = p.published_run_id
        LEFT JOIN company_addresses ha ON ha.company_id = m.company_a AND ha.kind = 'HEADQUARTERS'
        LEFT JOIN company_addresses hb ON hb.company_id = m.company_b AND hb.kind = 'HEADQUARTERS'`),
  );

  const profiles = rowsOf<{ country: Country | null; count: number }>(
    await db.execute(sql`
      SELECT a.country, count(*)::int AS count
        FROM companies c LEFT JOIN company_addresses a ON a.company_id = c.id AND a.kind = 'HEADQUARTERS'
       WHERE c.deleted_at IS NULL AND ${inPeriod("c.created_at")}
       GROUP BY a.country`),
  ).map((r) => ({ country: r.country, count: num(r.count) }));

  const [ads] = rowsOf<{ offers: number; inquiries: number }>(
    await db.execute(sql`
      SELECT count(*) FILTER (WHERE s.type = 'OFFER')::int AS offers, count(*) FILTER (WHERE s.type = 'INQUIRY')::int AS inquiries
        FROM company_services s WHERE ${inPeriod("s.created_at")}`),
  );

  // audit_trail_action_created_idx serves this count.
  const [searches] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM audit_trail a WHERE a.action = 'SEARCHED' AND ${inPeriod("a.created_at")}`));

  const meetingTotal = num(meetings?.total);
  const crossBorder = num(meetings?.cross_border);
  return {
    from,
    to,
    events: { total: num(events?.total), b2b: num(events?.b2b) },
    participation: {
      total,
      byCountry: [...countries.values()].sort((a, b) => byCountry(a, b)),
      byRegion: regions.sort((a, b) => byCountry(a, b) || b.companies - a.companies || (a.region ?? "").localeCompare(b.region ?? "", "de")),
    },
    meetings: { total: meetingTotal, crossBorder, sameCountry: num(meetings?.same_country) },
    newProfiles: { total: profiles.reduce((sum, p) => sum + p.count, 0), byCountry: profiles.sort(byCountry) },
    newAds: { offers: num(ads?.offers), inquiries: num(ads?.inquiries) },
    searches: num(searches?.n),
  };
}
