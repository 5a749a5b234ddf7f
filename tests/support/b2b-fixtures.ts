import { eq } from "drizzle-orm";
import type { MatchFigures } from "~/server/matching/algorithm/types";
import { type Db, withTransaction } from "~/server/db/client.server";
import { b2bPlans, eventRegistrations, events } from "~/server/db/schema";
import { type B2bRunRow, storeRun } from "~/server/matching/run-store.server";
import { insertCompany, insertUser, type TestUser } from "./approvals-fixtures";
import { insertEvent } from "./event-fixtures";

/**
 * B2B events with participating companies and a published schedule, for the agenda, repair and
 * organiser tests (issue 12). Everything is inserted directly: the plan row, a run stored with
 * `storeRun` and the plan's published pointer, as the organiser's "publish" leaves them.
 */

const DAY = 86_400_000;

export interface B2bCompany {
  id: string;
  name: string;
  /** Its member, who registered it (the contact person). */
  user: TestUser & { name: string; locale: "de" | "cs" };
  registrationId: string;
}

export interface B2bScenario {
  organiser: TestUser;
  organiserCompany: string;
  eventId: string;
  companies: B2bCompany[];
  /** Round starts (ISO) of the plan, 20-minute meetings. */
  roundStarts: string[];
}

export const B2B_PEOPLE = [
  { name: "Jürgen Weiß", company: "Weiß Straßenbau GmbH", locale: "de", city: "Dresden", country: "DE" },
  { name: "Jana Dvořáková", company: "Stavby Ústí nad Labem s.r.o.", locale: "cs", city: "Ústí nad Labem", country: "CZ" },
  { name: "Řehoř Růžička", company: "Sklárna Děčín a.s.", locale: "cs", city: "Děčín", country: "CZ" },
  { name: "Änne Groß", company: "Groß & Söhne KG", locale: "de", city: "Görlitz", country: "DE" },
  { name: "Květa Šťastná", company: "Šťastná Logistika s.r.o.", locale: "cs", city: "Liberec", country: "CZ" },
  { name: "Ömer Schäfer", company: "Schäfer Maschinenbau AG", locale: "de", city: "Zittau", country: "DE" },
] as const;

export interface B2bScenarioOptions {
  /** How many of B2B_PEOPLE take part (default 4). */
  companies?: number;
  rounds?: number;
  /** The event's start (default: in 30 days at 09:00 UTC); rounds start then, every 30 minutes. */
  startsAt?: Date;
  b2b?: boolean;
  tableLabels?: string[];
  tableCount?: number;
}

export async function b2bScenario(db: Db, o: B2bScenarioOptions = {}, now = new Date()): Promise<B2bScenario> {
  const organiser = await insertUser(db, "Multiplikator", { name: "Olga Organisatorin" });
  const organiserCompany = await insertCompany(db, { members: [organiser.id], name: `Veranstalter ${Math.random().toString(36).slice(2, 8)}` });
  const day = new Date(now.getTime() + 30 * DAY);
  const startsAt = o.startsAt ?? new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 9, 0));
  const eventId = await insertEvent(
    db,
    {
      companyId: organiserCompany,
      b2b: o.b2b ?? true,
      titleDe: "B2B-Börse Straße der Wirtschaft",
      titleCs: "B2B burza v Ústí nad Labem",
      city: "Ústí nad Labem",
      startsAt,
      registrationDeadline: new Date(now.getTime() - DAY),
    },
    now,
  );
  await db.update(events).set({ venue: "Kulturhaus Ústí", line1: "Mírové náměstí 1", postalCode: "40001", country: "CZ" }).where(eq(events.id, eventId));
  const companies: B2bCompany[] = [];
  for (const [i, p] of B2B_PEOPLE.slice(0, o.companies ?? 4).entries()) {
    const user = await insertUser(db, "Organisation", { name: p.name, locale: p.locale });
    const id = await insertCompany(db, {
      name: p.company,
      city: p.city,
      members: [user.id],
      address: p.country === "CZ" ? { country: "CZ", state: "Ústecký kraj", postalCode: "40001", districtCode: null } : {},
    });
    const [reg] = await db
      .insert(eventRegistrations)
      .values({ eventId, companyId: id, userId: user.id, status: "REGISTERED", locale: p.locale, formVersion: 1, answers: {}, createdAt: new Date(now.getTime() - (10 - i) * 60_000) })
      .returning({ id: eventRegistrations.id });
    companies.push({ id, name: p.company, user: { ...user, name: p.name, locale: p.locale }, registrationId: reg!.id });
  }
  const rounds = o.rounds ?? 3;
  const roundStarts = Array.from({ length: rounds }, (_, r) => new Date(startsAt.getTime() + r * 30 * 60_000).toISOString());
  await db.insert(b2bPlans).values({ eventId, roundStarts, meetingMinutes: 20, tableCount: o.tableCount ?? 4, tableLabels: o.tableLabels ?? ["Elbe", "", "Labe"] });
  return { organiser, organiserCompany, eventId, companies, roundStarts };
}

export function emptyFigures(meetings: number): MatchFigures {
  return {
    companies: 0,
    rounds: 0,
    tables: 0,
    meetings,
    wishes: 0,
    wishesMet: 0,
    mutualWishes: 0,
    mutualWishesMet: 0,
    idleCompanyRounds: 0,
    blockingPairs: 0,
    scoreDistribution: {},
    maxRoundsWithoutRepeat: 0,
    stableMatchingExists: true,
    incompletePreferences: 0,
  };
}

export interface TestMeeting {
  round: number;
  table: number;
  a: string;
  b: string;
  rankAOfB?: number | null;
  rankBOfA?: number | null;
  locked?: boolean;
}

/** Stores a run with these meetings (becomes current) and, unless `publish` is false, publishes it. */
export async function storeSchedule(db: Db, eventId: string, meetings: TestMeeting[], o: { publish?: boolean; kind?: "COMPUTED" | "REPAIR" | "RESTORED"; now?: Date } = {}): Promise<B2bRunRow> {
  return withTransaction(db, async (tx) => {
    await tx.select().from(events).where(eq(events.id, eventId)).for("update");
    const rounds = Math.max(0, ...meetings.map((m) => m.round));
    const run = await storeRun(tx, {
      eventId,
      kind: o.kind ?? "COMPUTED",
      basedOnRunId: null,
      settings: { rounds, tables: [...new Set(meetings.map((m) => m.table))], maxPreferences: 10, companies: 0, fixedMeetings: 0, missingPreferences: 0 },
      figures: emptyFigures(meetings.length),
      final: true,
      durationMs: 1,
      createdBy: null,
      meetings: meetings.map((m) => ({ round: m.round, table: m.table, a: m.a, b: m.b, rankAOfB: m.rankAOfB ?? null, rankBOfA: m.rankBOfA ?? null, score: 5, locked: m.locked ?? false })),
    });
    if (o.publish !== false) await tx.update(b2bPlans).set({ publishedRunId: run.id, publishedAt: o.now ?? new Date() }).where(eq(b2bPlans.eventId, eventId));
    return run;
  });
}

/**
 * The round-robin of the scenario's first four companies over three rounds (A–B, C–D; A–C, B–D;
 * A–D, B–C) on tables 1 and 3, A's first wish being B.
 */
export function roundRobin(c: B2bCompany[]): TestMeeting[] {
  const [a, b, cc, d] = c.map((x) => x.id) as [string, string, string, string];
  return [
    { round: 1, table: 1, a, b, rankAOfB: 1, rankBOfA: 1 },
    { round: 1, table: 3, a: cc, b: d, rankAOfB: 2, rankBOfA: null },
    { round: 2, table: 1, a, b: cc, rankAOfB: 2, rankBOfA: 3 },
    { round: 2, table: 3, a: b, b: d },
    { round: 3, table: 1, a, b: d, rankAOfB: 3, rankBOfA: 1 },
    { round: 3, table: 3, a: b, b: cc },
  ];
}
