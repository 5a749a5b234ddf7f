import { inArray } from "drizzle-orm";
import type { FormAnswers } from "~/schemas/event-form";
import type { Db } from "~/server/db/client.server";
import { b2bPlans, b2bPreferenceLists, b2bPreferences, companies, companyAddresses, companyUserLinks, eventRegistrations, users } from "~/server/db/schema";
import { CZ_SURNAMES, DE_SURNAMES } from "./demo-catalogue";

/*
 * The demo B2B event, ready to run (issue 12): 24 participating companies — the three demo
 * participants' companies plus 21 further verified demo companies, each with one registrant —, a
 * meeting plan, and ranked wishes of 19 companies (some mutual, a few exclusions, 3–10 each). The
 * demo participants' companies and two more have no list, so the organiser sees "incomplete" and
 * the e2e test ranks with the demo accounts. Deterministic: the same every time it is seeded.
 */

/** Indices of the further participating demo companies (all verified; none of the demo accounts' own). */
export const B2B_DEMO_COMPANIES: readonly number[] = Array.from({ length: 21 }, (_, i) => 10 + i);
/** Participating companies that have not ranked yet (besides the demo participants' companies). */
const WITHOUT_LIST = new Set([28, 30]);
/** Pairs that want to meet each other first (mutual wishes). */
const MUTUAL: ReadonlyArray<[number, number]> = [
  [10, 11],
  [12, 18],
  [14, 25],
  [21, 29],
];

const DE_FIRST = ["Katrin", "Markus", "Claudia", "Stefan", "Petra", "Jörg", "Anja", "Frank"];
// Men's first names: the companies carry (masculine) surnames.
const CZ_FIRST = ["Petr", "Tomáš", "Martin", "Jiří", "Pavel", "Jan", "Lukáš", "David"];

const B2B_ANSWERS = (i: number): FormAnswers => ({ function: i % 3 === 0 ? "Geschäftsführung" : i % 3 === 1 ? "Einkauf" : "Vertrieb", looking: i % 2 === 0 ? ["suppliers"] : ["customers", "partners"], interpreter: i % 4 === 1 });

/** A small deterministic shuffle key (same result every seed). */
const mix = (a: number, b: number) => (a * 31 + b * 17 + a * b * 7) % 101;

/**
 * Registers the further companies (with a demo person each), writes the plan and the wishes.
 * `participantCompanies` are the demo participants' companies already registered (no lists).
 */
export async function seedB2bDemo(
  tx: Db,
  eventId: string,
  companyIds: string[],
  participantCompanies: string[],
  times: { startsAt: Date; registrationDeadline: Date; now: Date },
): Promise<void> {
  const indices = B2B_DEMO_COMPANIES.filter((i) => companyIds[i] !== undefined);
  if (indices.length === 0) return;
  const countries = new Map(
    (
      await tx
        .select({ companyId: companyAddresses.companyId, country: companyAddresses.country })
        .from(companyAddresses)
        .where(inArray(companyAddresses.companyId, indices.map((i) => companyIds[i]!)))
    ).map((a) => [a.companyId, a.country]),
  );
  const names = new Map((await tx.select({ id: companies.id, name: companies.name }).from(companies)).map((c) => [c.id, c.name]));

  // One registrant per further company, in the company's language.
  const people = indices.map((index, k) => {
    const companyId = companyIds[index]!;
    const czech = countries.get(companyId) === "CZ";
    const surname = names.get(companyId)?.split(" ")[0] ?? (czech ? CZ_SURNAMES[k % CZ_SURNAMES.length]! : DE_SURNAMES[k % DE_SURNAMES.length]!);
    const first = (czech ? CZ_FIRST : DE_FIRST)[k % 8]!;
    return { index, companyId, email: `b2b.${String(index).padStart(2, "0")}@partnernet.example`, name: `${first} ${surname}`, locale: czech ? ("cs" as const) : ("de" as const) };
  });
  await tx
    .insert(users)
    .values(people.map((p) => ({ email: p.email, name: p.name, locale: p.locale, role: "Organisation" as const, verified: true, active: true, termsAcceptedAt: times.now })))
    .onConflictDoNothing();
  const userIds = new Map(
    (await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, people.map((p) => p.email)))).map((u) => [u.email, u.id]),
  );
  for (const [k, p] of people.entries()) {
    const userId = userIds.get(p.email)!;
    await tx.insert(companyUserLinks).values({ userId, companyId: p.companyId, status: "CONFIRMED", decidedAt: times.now }).onConflictDoNothing();
    await tx.insert(eventRegistrations).values({
      eventId,
      companyId: p.companyId,
      userId,
      status: "REGISTERED",
      formVersion: 1,
      answers: B2B_ANSWERS(k),
      locale: p.locale,
      createdAt: new Date(times.registrationDeadline.getTime() - (5 + k) * 3_600_000 * 7),
      updatedAt: times.registrationDeadline,
    });
  }

  // The meeting plan: 8 rounds of 20 minutes with 5-minute breaks from half an hour after the start, 12 tables.
  const first = times.startsAt.getTime() + 30 * 60_000;
  await tx.insert(b2bPlans).values({
    eventId,
    roundStarts: Array.from({ length: 8 }, (_, r) => new Date(first + r * 25 * 60_000).toISOString()),
    meetingMinutes: 20,
    tableCount: 12,
    maxPreferences: 10,
    preferenceDeadline: new Date(times.startsAt.getTime() - 5 * 86_400_000),
    updatedAt: times.now,
  });

  // Wishes: every further company but WITHOUT_LIST ranks 3–10 partners; mutual pairs rank each other first.
  const participants = [...participantCompanies, ...people.map((p) => p.companyId)];
  const indexOf = new Map(people.map((p) => [p.companyId, p.index]));
  const partnerOf = new Map(MUTUAL.flatMap(([a, b]) => [[a, b] as const, [b, a] as const]));
  for (const [k, p] of people.entries()) {
    if (WITHOUT_LIST.has(p.index)) continue;
    const key = (id: string) => indexOf.get(id) ?? 100 + participants.indexOf(id);
    const others = participants.filter((id) => id !== p.companyId).sort((x, y) => mix(p.index, key(x)) - mix(p.index, key(y)) || key(x) - key(y));
    const size = 3 + ((k * 5) % 8);
    const mutual = partnerOf.get(p.index);
    const mutualId = mutual === undefined ? undefined : companyIds[mutual];
    const ranked = [...(mutualId ? [mutualId] : []), ...others.filter((id) => id !== mutualId)].slice(0, size);
    // Every fourth company does not want to meet one company it did not rank.
    const excluded = k % 4 === 2 ? others.filter((id) => !ranked.includes(id)).slice(-1) : [];
    const submittedAt = new Date(times.now.getTime() - (k + 1) * 2 * 3_600_000);
    await tx.insert(b2bPreferenceLists).values({ eventId, companyId: p.companyId, submittedAt, submittedBy: userIds.get(p.email)!, byOrganiser: false });
    await tx.insert(b2bPreferences).values([
      ...ranked.map((partnerCompanyId, i) => ({ eventId, companyId: p.companyId, partnerCompanyId, rank: i + 1, excluded: false })),
      ...excluded.map((partnerCompanyId) => ({ eventId, companyId: p.companyId, partnerCompanyId, rank: null, excluded: true })),
    ]);
  }
}
