import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Country, RegistrationStatus } from "~/schemas/enums";
import { type AnswerCell, type AnswerColumn, answerCells, answerColumns, functionAnswer } from "~/schemas/participant-answers";
import { type ParticipantSelection, type SelectionAudience, selectionAudience } from "~/schemas/participant-selection";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { companies, companyAddresses, eventForms, eventRegistrations, memberRegistrations, postalCodes, users } from "~/server/db/schema";
import type { Actor } from "~/server/policy/policy";
import { type ManagedEvent, requireParticipantAccess } from "./access.server";

/** One registration as the organiser's tools see it (list, CSV, PDF, e-mail, name tags). */
export interface ParticipantRow {
  id: string;
  status: RegistrationStatus;
  personName: string | null;
  email: string | null;
  userId: string | null;
  /** The language the participant registered in: mails and documents for them use it. */
  locale: "de" | "cs";
  companyId: string;
  companyName: string;
  /**
   * The company's new profile still waits for an admin's approval: the registration stands, the
   * organiser sees it marked (decision 031).
   */
  companyPending: boolean;
  /** Country and region of the company's headquarters (Landkreis for Saxony, kraj for Czechia). */
  country: Country | null;
  region: string | null;
  city: string | null;
  function: string | null;
  registeredAt: Date;
  attendedAt: Date | null;
  formVersion: number;
  answers: Record<string, AnswerCell>;
}

export interface ParticipantList {
  event: ManagedEvent;
  rows: ParticipantRow[];
  /** The form's answers as columns (older labels get their own). */
  columns: AnswerColumn[];
  audience: SelectionAudience;
  /** Registrations of the event per state, whatever the selection. */
  counts: Record<RegistrationStatus, number>;
}

const STATUS_ORDER: Record<RegistrationStatus, number> = { REGISTERED: 0, ATTENDED: 1, WAITING: 2, CANCELLED: 3 };
const collator = new Intl.Collator("de", { sensitivity: "base", numeric: true });

/**
 * The region of a headquarters from the gazetteer by its district code: the Landkreis (kreisfreie
 * Stadt) for a Saxon address, the kraj for a Czech one; the typed state when the code is unknown.
 */
export const regionSql = sql<string | null>`coalesce((
  select case when ${postalCodes.country} = 'DE' then ${postalCodes.district} else ${postalCodes.region} end
  from ${postalCodes}
  where ${postalCodes.country} = ${companyAddresses.country} and ${postalCodes.districtCode} = ${companyAddresses.districtCode}
  limit 1), ${companyAddresses.state})`;

function matchesText(row: ParticipantRow, q: string): boolean {
  const norm = (v: string | null) => (v ?? "").normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const needle = norm(q);
  return [row.personName, row.email, row.companyName, row.city, row.region].some((v) => norm(v).includes(needle));
}

function compareRows(a: ParticipantRow, b: ParticipantRow, sort: ParticipantSelection["filter"]["sort"]): number {
  switch (sort) {
    case "name":
      return collator.compare(a.personName ?? "", b.personName ?? "");
    case "company":
      return collator.compare(a.companyName, b.companyName);
    case "country":
      return collator.compare(a.country ?? "", b.country ?? "") || collator.compare(a.region ?? "", b.region ?? "");
    case "state":
      return STATUS_ORDER[a.status] - STATUS_ORDER[b.status];
    default:
      return a.registeredAt.getTime() - b.registeredAt.getTime();
  }
}

/**
 * The event's registrations for its organisers (issue 11), narrowed by the selection: ticked ids
 * win over the filter; no ids and no filter means everyone. Sorted as asked, registration time
 * breaking ties. Gated by requireParticipantAccess.
 */
export async function listParticipants(db: Db, actor: Actor, eventId: string, selection: ParticipantSelection, now = clock.now()): Promise<ParticipantList> {
  const event = await requireParticipantAccess(db, actor, eventId, now);
  const { filter, ids } = selection;

  const conditions: SQL[] = [eq(eventRegistrations.eventId, eventId)];
  if (ids.length > 0) conditions.push(inArray(eventRegistrations.id, ids));
  else if (filter.state) conditions.push(eq(eventRegistrations.status, filter.state));

  const [raw, versions, perStatus] = await Promise.all([
    db
      .select({
        id: eventRegistrations.id,
        status: eventRegistrations.status,
        // A Multiplikator's registration of a member company has no user: its contact person (decision 063).
        personName: sql<string | null>`coalesce(${users.name}, ${memberRegistrations.contactName})`,
        email: sql<string | null>`coalesce(${users.email}, ${memberRegistrations.contactEmail})`,
        userId: eventRegistrations.userId,
        locale: eventRegistrations.locale,
        companyId: eventRegistrations.companyId,
        companyName: companies.name,
        companyStatus: companies.status,
        country: companyAddresses.country,
        region: regionSql,
        city: companyAddresses.city,
        registeredAt: eventRegistrations.createdAt,
        attendedAt: eventRegistrations.attendedAt,
        formVersion: eventRegistrations.formVersion,
        answers: eventRegistrations.answers,
      })
      .from(eventRegistrations)
      .innerJoin(companies, eq(companies.id, eventRegistrations.companyId))
      .leftJoin(users, eq(users.id, eventRegistrations.userId))
      .leftJoin(memberRegistrations, eq(memberRegistrations.registrationId, eventRegistrations.id))
      .leftJoin(companyAddresses, and(eq(companyAddresses.companyId, companies.id), eq(companyAddresses.kind, "HEADQUARTERS")))
      .where(and(...conditions))
      .orderBy(asc(eventRegistrations.createdAt), asc(eventRegistrations.id)),
    db.select({ version: eventForms.version, definition: eventForms.definition }).from(eventForms).where(eq(eventForms.eventId, eventId)),
    db
      .select({ status: eventRegistrations.status, n: sql<number>`count(*)::int` })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, eventId))
      .groupBy(eventRegistrations.status),
  ]);

  const definitions = new Map(versions.map((v) => [v.version, v.definition]));
  let rows: ParticipantRow[] = raw.map(({ companyStatus, ...r }) => ({
    ...r,
    companyPending: companyStatus === "PENDING",
    function: functionAnswer(r.answers),
    answers: answerCells(definitions.get(r.formVersion) ?? { fields: [] }, r.answers),
  }));
  if (ids.length === 0) {
    if (filter.country) rows = rows.filter((r) => r.country === filter.country);
    if (filter.q) rows = rows.filter((r) => matchesText(r, filter.q));
  }
  const sign = filter.dir === "desc" ? -1 : 1;
  rows.sort((a, b) => sign * compareRows(a, b, filter.sort) || a.registeredAt.getTime() - b.registeredAt.getTime());

  const usedVersions = new Set(raw.map((r) => r.formVersion));
  const latest = Math.max(0, ...versions.map((v) => v.version));
  const columns = answerColumns(versions.filter((v) => usedVersions.has(v.version) || v.version === latest));
  const counts: Record<RegistrationStatus, number> = { REGISTERED: 0, WAITING: 0, CANCELLED: 0, ATTENDED: 0 };
  for (const { status, n } of perStatus) counts[status] = n;
  return { event, rows, columns, audience: selectionAudience(selection), counts };
}
