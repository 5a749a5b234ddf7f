import { and, asc, eq, gt, inArray, isNotNull } from "drizzle-orm";
import type { Locale } from "~/i18n/locales";
import { href } from "~/routing/paths";
import { type PreferenceListInput, preferenceListSchema } from "~/schemas/b2b-preferences";
import type { Country } from "~/schemas/enums";
import * as clock from "~/server/clock.server";
import { type Db, withTransaction } from "~/server/db/client.server";
import { b2bPreferenceLists, b2bPreferences, companyNace, companyServices, companyTags, events, naceCodes, tags, users } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { loadEventRelation } from "~/server/events/relation.server";
import { eventPolicy } from "~/server/policy/event-policy";
import type { Actor } from "~/server/policy/policy";
import { type B2bEvent, participatingCompaniesOfActor, requireB2bOrganiser } from "./access.server";
import { type B2bParticipant, participatingCompanies } from "./participants.server";
import { loadPlan, preferenceWindow } from "./plan.server";

/*
 * A company's B2B wishes (issue 12, "Set-up and preferences"): the ranking page's data, saving a
 * list (by the company's members while the window is open, by organisers at any time), the lists
 * as the scheduler reads them, and the organiser's overview of who has ranked.
 */

export interface PreferenceWindow {
  opensAt: Date;
  closesAt: Date;
  open: boolean;
  /** Before the close of registration, open, or after the deadline (the read-only view says which). */
  phase: "before" | "open" | "after";
}

function windowAt(event: B2bEvent, plan: Awaited<ReturnType<typeof loadPlan>>, now: Date): PreferenceWindow {
  const w = preferenceWindow(event, plan, now);
  return { ...w, phase: w.open ? "open" : now < w.opensAt ? "before" : "after" };
}

/** Another participating company, with what a buyer needs to choose it. */
export interface PreferenceCandidate {
  companyId: string;
  name: string;
  logoKey: string | null;
  city: string | null;
  country: Country | null;
  industries: Array<{ code: string; label: string }>;
  tags: string[];
  offers: string[];
  requests: string[];
  href: string;
}

export interface SubmittedInfo {
  at: Date;
  byName: string | null;
  byOrganiser: boolean;
}

export interface PreferencePageData {
  event: { id: string; title: string; startsAt: Date; endsAt: Date };
  company: { id: string; name: string };
  /** The actor's participating companies (a chooser when there are several; empty for organisers). */
  ownCompanies: Array<{ id: string; name: string }>;
  maxPreferences: number;
  window: PreferenceWindow;
  candidates: PreferenceCandidate[];
  /** Current wishes, rank 1 first, and exclusions (only partners still taking part). */
  ranking: string[];
  excluded: string[];
  submitted: SubmittedInfo | null;
  asOrganiser: boolean;
}

/**
 * The gate of a company's own wishes (policy "preferences only by members of a participating
 * company, for their own company"): anonymous → UNAUTHENTICATED; an event the actor may not see or
 * that is no B2B event → NOT_FOUND; not a confirmed member of a participating company (or not of
 * the one asked for) → B2B_NOT_PARTICIPANT. Returns the event and the actor's companies.
 */
async function requireRanker(db: Db, actor: Actor, eventId: string, companyId: string | null, now: Date) {
  const relation = await loadEventRelation(db, actor, eventId, now);
  if (!actor) throw new AppError("UNAUTHENTICATED");
  if (!eventPolicy.canView(actor, relation)) throw new AppError("NOT_FOUND");
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  if (!event || !event.b2b) throw new AppError("NOT_FOUND");
  const own = await participatingCompaniesOfActor(db, actor, eventId);
  const chosen = companyId ?? null;
  if (own.length === 0 || (chosen !== null && !own.includes(chosen))) throw new AppError("B2B_NOT_PARTICIPANT");
  if (!eventPolicy.canRankFor(actor, relation, true)) throw new AppError("B2B_NOT_PARTICIPANT");
  return { event, own };
}

const title = (event: B2bEvent, locale: Locale) => (locale === "cs" ? event.titleCs : event.titleDe);

/** NACE labels, tags and current offers and requests of the given companies. */
async function profiles(db: Db, companyIds: string[], locale: Locale, now: Date) {
  const result = new Map<string, { industries: Array<{ code: string; label: string }>; tags: string[]; offers: string[]; requests: string[] }>(
    companyIds.map((id) => [id, { industries: [], tags: [], offers: [], requests: [] }]),
  );
  if (companyIds.length === 0) return result;
  const [nace, tagRows, services] = await Promise.all([
    db
      .select({ companyId: companyNace.companyId, code: naceCodes.code, labelDe: naceCodes.labelDe, labelCs: naceCodes.labelCs })
      .from(companyNace)
      .innerJoin(naceCodes, eq(naceCodes.code, companyNace.naceCode))
      .where(inArray(companyNace.companyId, companyIds))
      .orderBy(asc(naceCodes.code)),
    db
      .select({ companyId: companyTags.companyId, labelDe: tags.labelDe, labelCs: tags.labelCs })
      .from(companyTags)
      .innerJoin(tags, eq(tags.id, companyTags.tagId))
      .where(inArray(companyTags.companyId, companyIds)),
    db
      .select({ companyId: companyServices.companyId, type: companyServices.type, title: companyServices.title })
      .from(companyServices)
      .where(and(inArray(companyServices.companyId, companyIds), eq(companyServices.active, true), gt(companyServices.validUntil, now)))
      .orderBy(asc(companyServices.createdAt)),
  ]);
  for (const n of nace) result.get(n.companyId)!.industries.push({ code: n.code, label: locale === "cs" ? n.labelCs : n.labelDe });
  const collator = new Intl.Collator(locale);
  for (const t of tagRows) result.get(t.companyId)!.tags.push(locale === "cs" ? t.labelCs : t.labelDe);
  for (const entry of result.values()) entry.tags.sort(collator.compare);
  for (const s of services) (s.type === "OFFER" ? result.get(s.companyId)!.offers : result.get(s.companyId)!.requests).push(s.title);
  return result;
}

/** A company's stored list, restricted to partners in `current` (a cancelled partner drops out; the others move up). */
async function storedList(db: Db, eventId: string, companyId: string, current: Set<string>) {
  const rows = await db
    .select()
    .from(b2bPreferences)
    .where(and(eq(b2bPreferences.eventId, eventId), eq(b2bPreferences.companyId, companyId)))
    .orderBy(asc(b2bPreferences.rank));
  return {
    ranking: rows.filter((r) => r.rank !== null && current.has(r.partnerCompanyId)).map((r) => r.partnerCompanyId),
    excluded: rows.filter((r) => r.excluded && current.has(r.partnerCompanyId)).map((r) => r.partnerCompanyId),
  };
}

async function submittedInfo(db: Db, eventId: string, companyId: string): Promise<SubmittedInfo | null> {
  const [row] = await db
    .select({ at: b2bPreferenceLists.submittedAt, byName: users.name, byOrganiser: b2bPreferenceLists.byOrganiser })
    .from(b2bPreferenceLists)
    .leftJoin(users, eq(users.id, b2bPreferenceLists.submittedBy))
    .where(and(eq(b2bPreferenceLists.eventId, eventId), eq(b2bPreferenceLists.companyId, companyId)));
  return row ? { at: row.at, byName: row.byName, byOrganiser: row.byOrganiser } : null;
}

/**
 * Everything the ranking page shows for one company. Participants: `companyId` chooses among
 * their participating companies (default the first by name). Organisers (`asOrganiser`, gate
 * `requireB2bOrganiser`): any participating company; another id is NOT_FOUND.
 */
export async function loadPreferencePage(
  db: Db,
  actor: Actor,
  eventId: string,
  options: { companyId?: string | null; locale: Locale; asOrganiser?: boolean },
  now = clock.now(),
): Promise<PreferencePageData> {
  const asOrganiser = options.asOrganiser ?? false;
  let event: B2bEvent;
  let own: string[] = [];
  if (asOrganiser) {
    event = await requireB2bOrganiser(db, actor, eventId, now);
  } else {
    ({ event, own } = await requireRanker(db, actor, eventId, options.companyId ?? null, now));
  }
  const participants = await participatingCompanies(db, eventId);
  const byId = new Map(participants.map((p) => [p.companyId, p]));
  const companyId = options.companyId ?? participants.find((p) => own.includes(p.companyId))?.companyId;
  const company = companyId ? byId.get(companyId) : undefined;
  if (!company) throw new AppError(asOrganiser ? "NOT_FOUND" : "B2B_NOT_PARTICIPANT");

  const plan = await loadPlan(db, eventId);
  const others = participants.filter((p) => p.companyId !== company.companyId);
  const [details, list, submitted] = await Promise.all([
    profiles(
      db,
      others.map((p) => p.companyId),
      options.locale,
      now,
    ),
    storedList(db, eventId, company.companyId, new Set(others.map((p) => p.companyId))),
    submittedInfo(db, eventId, company.companyId),
  ]);
  const candidate = (p: B2bParticipant): PreferenceCandidate => ({
    companyId: p.companyId,
    name: p.name,
    logoKey: p.logoKey,
    city: p.city,
    country: p.country,
    ...details.get(p.companyId)!,
    href: href("companyDetail", options.locale, { id: p.companyId }),
  });
  return {
    event: { id: event.id, title: title(event, options.locale), startsAt: event.startsAt, endsAt: event.endsAt },
    company: { id: company.companyId, name: company.name },
    ownCompanies: participants.filter((p) => own.includes(p.companyId)).map((p) => ({ id: p.companyId, name: p.name })),
    maxPreferences: plan.maxPreferences,
    window: windowAt(event, plan, now),
    candidates: others.map(candidate),
    ranking: list.ranking,
    excluded: list.excluded,
    submitted,
    asOrganiser,
  };
}

export interface SaveRankingResult {
  submittedAt: Date;
  ranked: number;
  excluded: number;
  byOrganiser: boolean;
}

/**
 * Saves a company's whole list at once. Members of the participating company (policy "for their
 * own company") while the preference window is open; organisers and admins (`asOrganiser`,
 * gate `requireB2bOrganiser`) for any participating company at any time (`by_organiser`).
 * Partners must be other participating companies (B2B_PARTNER_INVALID), at most the plan's
 * maximum ranked (B2B_PREFERENCES_TOO_MANY { max }), none both ranked and excluded (INVALID_INPUT).
 *
 * One transaction: the list row is upserted first, which locks it (a concurrent save of the same
 * company waits on it until this one commits, then replaces the whole list), then the lines are
 * replaced. Two simultaneous saves leave one complete list, never a mix.
 */
export async function saveRanking(
  db: Db,
  actor: Actor,
  eventId: string,
  companyId: string,
  input: PreferenceListInput,
  now = clock.now(),
  options: { asOrganiser?: boolean } = {},
): Promise<SaveRankingResult> {
  const byOrganiser = options.asOrganiser ?? false;
  let event: B2bEvent;
  if (byOrganiser) {
    event = await requireB2bOrganiser(db, actor, eventId, now);
  } else {
    ({ event } = await requireRanker(db, actor, eventId, companyId, now));
    const plan = await loadPlan(db, eventId);
    if (!preferenceWindow(event, plan, now).open) throw new AppError("B2B_PREFERENCES_CLOSED");
  }
  const parsed = preferenceListSchema.safeParse(input);
  if (!parsed.success) {
    const tooMany = parsed.error.issues.some((i) => i.message === "B2B_PREFERENCES_TOO_MANY");
    if (tooMany) throw new AppError("B2B_PREFERENCES_TOO_MANY", { max: (await loadPlan(db, eventId)).maxPreferences });
    throw new AppError("INVALID_INPUT");
  }
  const { ranking, excluded } = parsed.data;

  return withTransaction(db, async (tx) => {
    const plan = await loadPlan(tx, eventId);
    const participants = new Set((await participatingCompanies(tx, eventId)).map((p) => p.companyId));
    if (!participants.has(companyId)) throw new AppError(byOrganiser ? "NOT_FOUND" : "B2B_NOT_PARTICIPANT");
    if ([...ranking, ...excluded].some((id) => id === companyId || !participants.has(id))) throw new AppError("B2B_PARTNER_INVALID");
    if (ranking.length > plan.maxPreferences) throw new AppError("B2B_PREFERENCES_TOO_MANY", { max: plan.maxPreferences });

    const submitter = actor?.id ?? null;
    await tx
      .insert(b2bPreferenceLists)
      .values({ eventId, companyId, submittedAt: now, submittedBy: submitter, byOrganiser })
      .onConflictDoUpdate({ target: [b2bPreferenceLists.eventId, b2bPreferenceLists.companyId], set: { submittedAt: now, submittedBy: submitter, byOrganiser } });
    await tx.delete(b2bPreferences).where(and(eq(b2bPreferences.eventId, eventId), eq(b2bPreferences.companyId, companyId)));
    const lines = [
      ...ranking.map((partnerCompanyId, i) => ({ eventId, companyId, partnerCompanyId, rank: i + 1, excluded: false })),
      ...excluded.map((partnerCompanyId) => ({ eventId, companyId, partnerCompanyId, rank: null, excluded: true })),
    ];
    if (lines.length > 0) await tx.insert(b2bPreferences).values(lines);
    return { submittedAt: now, ranked: ranking.length, excluded: excluded.length, byOrganiser };
  });
}

export interface MatchingPreferences {
  /** Per company its wishes, most wanted first, only partners among the participants (ranks compacted). */
  ranking: Record<string, string[]>;
  excluded: Record<string, string[]>;
  /** Companies that have submitted a list (possibly empty). */
  submitted: Set<string>;
}

/**
 * The lists as the scheduler reads them: only the given (current) participants count, on both
 * sides; a partner who cancelled drops out and the partners after it move up.
 */
export async function loadPreferencesForMatching(db: Db, eventId: string, participantIds: readonly string[]): Promise<MatchingPreferences> {
  const ids = [...new Set(participantIds)];
  const ranking: Record<string, string[]> = Object.fromEntries(ids.map((id) => [id, []]));
  const excluded: Record<string, string[]> = Object.fromEntries(ids.map((id) => [id, []]));
  if (ids.length === 0) return { ranking, excluded, submitted: new Set() };
  const [rows, lists] = await Promise.all([
    db
      .select()
      .from(b2bPreferences)
      .where(and(eq(b2bPreferences.eventId, eventId), inArray(b2bPreferences.companyId, ids), inArray(b2bPreferences.partnerCompanyId, ids)))
      .orderBy(asc(b2bPreferences.companyId), asc(b2bPreferences.rank)),
    db
      .select({ companyId: b2bPreferenceLists.companyId })
      .from(b2bPreferenceLists)
      .where(and(eq(b2bPreferenceLists.eventId, eventId), inArray(b2bPreferenceLists.companyId, ids))),
  ]);
  for (const r of rows) {
    if (r.rank !== null) ranking[r.companyId]!.push(r.partnerCompanyId);
    else if (r.excluded) excluded[r.companyId]!.push(r.partnerCompanyId);
  }
  return { ranking, excluded, submitted: new Set(lists.map((l) => l.companyId)) };
}

export interface PreferenceStatusRow {
  companyId: string;
  name: string;
  submitted: boolean;
  submittedAt: Date | null;
  submittedByName: string | null;
  byOrganiser: boolean;
  ranked: number;
  excluded: number;
}

export interface PreferenceStatus {
  rows: PreferenceStatusRow[];
  totals: { companies: number; submitted: number; missing: number };
  maxPreferences: number;
  window: PreferenceWindow;
}

/** The organiser's overview (gate `requireB2bOrganiser`): per participating company whether and when it ranked. */
export async function preferenceStatus(db: Db, actor: Actor, eventId: string, now = clock.now()): Promise<PreferenceStatus> {
  const event = await requireB2bOrganiser(db, actor, eventId, now);
  const participants = await participatingCompanies(db, eventId);
  const ids = participants.map((p) => p.companyId);
  const [prefs, lists, plan] = await Promise.all([
    loadPreferencesForMatching(db, eventId, ids),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({ companyId: b2bPreferenceLists.companyId, at: b2bPreferenceLists.submittedAt, byOrganiser: b2bPreferenceLists.byOrganiser, byName: users.name })
          .from(b2bPreferenceLists)
          .leftJoin(users, eq(users.id, b2bPreferenceLists.submittedBy))
          .where(and(eq(b2bPreferenceLists.eventId, eventId), inArray(b2bPreferenceLists.companyId, ids), isNotNull(b2bPreferenceLists.submittedAt))),
    loadPlan(db, eventId),
  ]);
  const listOf = new Map(lists.map((l) => [l.companyId, l]));
  const rows = participants.map((p): PreferenceStatusRow => {
    const list = listOf.get(p.companyId);
    return {
      companyId: p.companyId,
      name: p.name,
      submitted: !!list,
      submittedAt: list?.at ?? null,
      submittedByName: list?.byName ?? null,
      byOrganiser: list?.byOrganiser ?? false,
      ranked: prefs.ranking[p.companyId]!.length,
      excluded: prefs.excluded[p.companyId]!.length,
    };
  });
  const submitted = rows.filter((r) => r.submitted).length;
  return {
    rows,
    totals: { companies: rows.length, submitted, missing: rows.length - submitted },
    maxPreferences: plan.maxPreferences,
    window: windowAt(event, plan, now),
  };
}
