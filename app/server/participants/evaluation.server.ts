import { eq, sql } from "drizzle-orm";
import type { Country } from "~/schemas/enums";
import type { EvaluationInput } from "~/schemas/evaluation";
import { DEFAULT_FILTER } from "~/schemas/participant-selection";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { eventEvaluations } from "~/server/db/schema";
import type { Actor } from "~/server/policy/policy";
import { requireParticipantAccess } from "./access.server";
import { listParticipants, type ParticipantRow } from "./list.server";

/**
 * Event evaluation (spec §2 "event statistics and evaluation", issue 11): registrations and
 * attendance by country and by region of the participating companies' headquarters, and what the
 * organiser records afterwards (actual attendance, notes).
 */

export interface EvaluationCount {
  /** Confirmed places: registered or checked in. */
  registered: number;
  /** Checked in at the event. */
  attended: number;
  waiting: number;
  cancelled: number;
}

export interface RegionCount extends EvaluationCount {
  country: Country | null;
  region: string | null;
}

export interface CountryCount extends EvaluationCount {
  country: Country | null;
}

export interface Evaluation {
  totals: EvaluationCount;
  byCountry: CountryCount[];
  byRegion: RegionCount[];
  record: { actualAttendance: number | null; notes: string; updatedAt: Date | null };
}

const empty = (): EvaluationCount => ({ registered: 0, attended: 0, waiting: 0, cancelled: 0 });

function add(count: EvaluationCount, row: ParticipantRow): void {
  if (row.status === "REGISTERED") count.registered += 1;
  if (row.status === "ATTENDED") {
    count.registered += 1;
    count.attended += 1;
  }
  if (row.status === "WAITING") count.waiting += 1;
  if (row.status === "CANCELLED") count.cancelled += 1;
}

const byRegistered = (a: EvaluationCount, b: EvaluationCount) => b.registered - a.registered || b.waiting - a.waiting;

export async function getEvaluation(db: Db, actor: Actor, eventId: string, now = clock.now()): Promise<Evaluation> {
  const list = await listParticipants(db, actor, eventId, { filter: { ...DEFAULT_FILTER }, ids: [] }, now);
  const totals = empty();
  const countries = new Map<string, CountryCount>();
  const regions = new Map<string, RegionCount>();
  for (const row of list.rows) {
    add(totals, row);
    const countryKey = row.country ?? "";
    const country = countries.get(countryKey) ?? { country: row.country, ...empty() };
    add(country, row);
    countries.set(countryKey, country);
    const regionKey = `${countryKey}\u0000${row.region ?? ""}`;
    const region = regions.get(regionKey) ?? { country: row.country, region: row.region, ...empty() };
    add(region, row);
    regions.set(regionKey, region);
  }
  const [record] = await db.select().from(eventEvaluations).where(eq(eventEvaluations.eventId, eventId));
  return {
    totals,
    byCountry: [...countries.values()].sort(byRegistered),
    byRegion: [...regions.values()].sort((a, b) => byRegistered(a, b) || (a.region ?? "").localeCompare(b.region ?? "", "de")),
    record: { actualAttendance: record?.actualAttendance ?? null, notes: record?.notes ?? "", updatedAt: record?.updatedAt ?? null },
  };
}


/** Saves the record (one row per event; two saves at once: the later one stands, both whole). */
export async function saveEvaluation(db: Db, actor: Actor, eventId: string, input: EvaluationInput, now = clock.now()): Promise<void> {
  await requireParticipantAccess(db, actor, eventId, now);
  const values = { actualAttendance: input.actualAttendance, notes: input.notes, updatedBy: actor!.id, updatedAt: now };
  await db
    .insert(eventEvaluations)
    .values({ eventId, ...values })
    .onConflictDoUpdate({ target: eventEvaluations.eventId, set: { ...values, updatedAt: sql`greatest(${eventEvaluations.updatedAt}, excluded.updated_at)` } });
}
