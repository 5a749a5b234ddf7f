import { and, asc, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Locale } from "~/i18n/locales";
import type { FormAnswers } from "~/schemas/event-form";
import type { AnswerErrors } from "~/schemas/event-form-logic";
import { recordAudit } from "~/server/audit.server";
import * as clock from "~/server/clock.server";
import { companyNotDeleted } from "~/server/companies/deleted";
import { type Db, withTransaction } from "~/server/db/client.server";
import {
  companies,
  companyAddresses,
  companyContacts,
  companyRegistrationGrants,
  companyUserLinks,
  eventRegistrations,
  events,
  memberRegistrations,
  users,
} from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { checkedAnswers, insertRegistrationLocked, lockEvent, mailRegistration, openFormLocked, RegistrationAnswersFailure } from "~/server/events/registrations.server";
import { loadEventRelation } from "~/server/events/relation.server";
import { eventPolicy } from "~/server/policy/event-policy";
import { memberPolicy } from "~/server/policy/member-policy";
import type { Actor } from "~/server/policy/policy";

/**
 * Multiplikators acting for their member companies (issue 25, decision 063): who the members are,
 * the "may register us for events" grant, registering several members at once through the same
 * rules as a single registration, and the list of the members' registrations.
 */

export interface MemberCompany {
  id: string;
  name: string;
  pending: boolean;
  via: "link" | "grant";
}

/** The companies the actor may register: their confirmed links, and companies that granted one of those. */
export async function memberCompanies(db: Db, actor: Actor): Promise<MemberCompany[]> {
  if (!memberPolicy.canActForMembers(actor)) return [];
  const linked = await db
    .select({ id: companies.id, name: companies.name, status: companies.status })
    .from(companyUserLinks)
    .innerJoin(companies, eq(companies.id, companyUserLinks.companyId))
    .where(and(eq(companyUserLinks.userId, actor!.id), eq(companyUserLinks.status, "CONFIRMED"), inArray(companies.status, ["VERIFIED", "PENDING"]), companyNotDeleted()));
  const granted = await db
    .select({ id: companies.id, name: companies.name })
    .from(companyRegistrationGrants)
    .innerJoin(companies, eq(companies.id, companyRegistrationGrants.companyId))
    .innerJoin(companyUserLinks, eq(companyUserLinks.companyId, companyRegistrationGrants.granteeCompanyId))
    .where(
      and(
        isNull(companyRegistrationGrants.revokedAt),
        eq(companyUserLinks.userId, actor!.id),
        eq(companyUserLinks.status, "CONFIRMED"),
        eq(companies.status, "VERIFIED"),
        companyNotDeleted(),
        // The grantee organisation itself must still exist.
        sql`EXISTS (SELECT 1 FROM companies g WHERE g.id = ${companyRegistrationGrants.granteeCompanyId} AND g.deleted_at IS NULL)`,
      ),
    );
  const byId = new Map<string, MemberCompany>();
  for (const c of linked) byId.set(c.id, { id: c.id, name: c.name, pending: c.status === "PENDING", via: "link" });
  for (const c of granted) if (!byId.has(c.id)) byId.set(c.id, { id: c.id, name: c.name, pending: false, via: "grant" });
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, "de"));
}

export interface MemberContact {
  id: string;
  name: string | null;
  function: string;
  email: string;
}

export interface MemberRegistrationTarget extends MemberCompany {
  contacts: MemberContact[];
  /** The language its mails default to: the contact's account language, else cs for Czech companies. */
  defaultLocale: Locale;
  /** Its live registration for the event, if any (shown as already registered). */
  registered: "REGISTERED" | "WAITING" | "ATTENDED" | null;
}

/** What the member registration page needs about the actor's members for one event. */
export async function memberTargets(db: Db, actor: Actor, eventId: string): Promise<MemberRegistrationTarget[]> {
  const members = await memberCompanies(db, actor);
  if (members.length === 0) return [];
  const ids = members.map((m) => m.id);
  const [contacts, countries, live] = await Promise.all([
    db
      .select({ id: companyContacts.id, companyId: companyContacts.companyId, name: companyContacts.name, function: companyContacts.function, email: companyContacts.email, userLocale: users.locale })
      .from(companyContacts)
      .leftJoin(users, sql`lower(${users.email}) = lower(${companyContacts.email})`)
      .where(inArray(companyContacts.companyId, ids))
      .orderBy(asc(companyContacts.createdAt), asc(companyContacts.id)),
    db
      .select({ companyId: companyAddresses.companyId, country: companyAddresses.country })
      .from(companyAddresses)
      .where(and(inArray(companyAddresses.companyId, ids), eq(companyAddresses.kind, "HEADQUARTERS"))),
    db
      .select({ companyId: eventRegistrations.companyId, status: eventRegistrations.status })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), inArray(eventRegistrations.companyId, ids), ne(eventRegistrations.status, "CANCELLED"))),
  ]);
  const country = new Map(countries.map((c) => [c.companyId, c.country]));
  const status = new Map(live.map((l) => [l.companyId, l.status]));
  return members.map((m) => {
    const own = contacts.filter((c) => c.companyId === m.id);
    const first = own[0];
    const defaultLocale: Locale = first?.userLocale ?? (country.get(m.id) === "CZ" ? "cs" : "de");
    const s = status.get(m.id);
    return {
      ...m,
      contacts: own.map(({ id, name, function: fn, email }) => ({ id, name, function: fn, email })),
      defaultLocale,
      registered: s && s !== "CANCELLED" ? s : null,
    };
  });
}

export interface MemberEntry {
  companyId: string;
  contactId: string;
  /** The language of the company's mails (its contact's). */
  locale: Locale;
  answers: FormAnswers;
}

export interface MemberRegisterInput {
  eventId: string;
  formVersion?: number | undefined;
  entries: MemberEntry[];
}

export type MemberOutcome =
  | { companyId: string; outcome: "REGISTERED" | "WAITING"; registrationId: string }
  | { companyId: string; outcome: "REFUSED"; reason: "ALREADY_REGISTERED" };

/** Some companies' answers broke the form's rules: the errors per company and field; nothing was registered. */
export class MemberAnswersFailure extends AppError {
  readonly errors: Record<string, AnswerErrors>;
  constructor(errors: Record<string, AnswerErrors>) {
    super("INVALID_INPUT");
    this.errors = errors;
  }
}

export const MAX_MEMBER_ENTRIES = 50;

/**
 * Registers several member companies for one event at once. The request as a whole is checked
 * first (nothing changes when it fails): a Multiplikator, the event open to it, only member
 * companies, each once, each with one of its own contacts, every company's answers valid. Then
 * one transaction holds the event row lock (the same lock every single registration and
 * cancellation takes, decision 018) and registers the companies in the order given through the
 * single registration's own steps: a company gets a place while one is free, the waiting list
 * after. A company that already has a live registration for the event is refused (the others
 * still register). Each company's contact then gets the confirmation or waiting-list mail in the
 * chosen language.
 */
export async function registerMemberCompanies(db: Db, actor: Actor, input: MemberRegisterInput, now = clock.now()): Promise<MemberOutcome[]> {
  if (!actor) throw new AppError("UNAUTHENTICATED");
  if (!memberPolicy.canActForMembers(actor)) throw new AppError("FORBIDDEN");
  const relation = await loadEventRelation(db, actor, input.eventId, now);
  if (!eventPolicy.canView(actor, relation)) throw new AppError("NOT_FOUND");
  if (!relation.isPublic || relation.isDeleted) throw new AppError("REGISTRATION_CLOSED");
  if (input.entries.length === 0 || input.entries.length > MAX_MEMBER_ENTRIES) throw new AppError("INVALID_INPUT");
  const companyIds = input.entries.map((e) => e.companyId);
  if (new Set(companyIds).size !== companyIds.length) throw new AppError("INVALID_INPUT");
  const members = new Set((await memberCompanies(db, actor)).map((m) => m.id));
  for (const id of companyIds) if (!memberPolicy.canRegisterMember(actor, members.has(id))) throw new AppError("REGISTRATION_COMPANY_INVALID");
  const contactRows = await db
    .select({ id: companyContacts.id, companyId: companyContacts.companyId, name: companyContacts.name, email: companyContacts.email })
    .from(companyContacts)
    .where(inArray(companyContacts.companyId, companyIds));
  const contacts = new Map(contactRows.map((c) => [c.id, c]));
  for (const e of input.entries) if (contacts.get(e.contactId)?.companyId !== e.companyId) throw new AppError("INVALID_INPUT");

  const done = await withTransaction(db, async (tx) => {
    const event = await lockEvent(tx, input.eventId);
    const form = await openFormLocked(tx, event, now, input.formVersion);
    const answers = new Map<string, FormAnswers>();
    const errors: Record<string, AnswerErrors> = {};
    for (const e of input.entries) {
      try {
        answers.set(e.companyId, checkedAnswers(form, e.answers));
      } catch (error) {
        if (!(error instanceof RegistrationAnswersFailure)) throw error;
        errors[e.companyId] = error.errors;
      }
    }
    if (Object.keys(errors).length > 0) throw new MemberAnswersFailure(errors);
    const live = await tx
      .select({ companyId: eventRegistrations.companyId })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, event.id), inArray(eventRegistrations.companyId, companyIds), ne(eventRegistrations.status, "CANCELLED")));
    const registered = new Set(live.map((l) => l.companyId));
    const outcomes: MemberOutcome[] = [];
    const mails: Array<{ email: string; locale: Locale; kind: "registered" | "waiting" }> = [];
    // The waiting list goes by arrival time: one batch's companies arrive a millisecond apart in
    // the order submitted, or two waiting in one batch would be promoted in random (id) order.
    let arrival = 0;
    for (const e of input.entries) {
      if (registered.has(e.companyId)) {
        outcomes.push({ companyId: e.companyId, outcome: "REFUSED", reason: "ALREADY_REGISTERED" });
        continue;
      }
      const contact = contacts.get(e.contactId)!;
      const r = await insertRegistrationLocked(tx, event, new Date(now.getTime() + arrival++), { companyId: e.companyId, userId: null, formVersion: form.version, answers: answers.get(e.companyId)!, locale: e.locale });
      await tx.insert(memberRegistrations).values({ registrationId: r.id, registeredBy: actor.id, contactId: contact.id, contactName: contact.name, contactEmail: contact.email, createdAt: now });
      outcomes.push({ companyId: e.companyId, outcome: r.status, registrationId: r.id });
      mails.push({ email: contact.email, locale: e.locale, kind: r.status === "REGISTERED" ? "registered" : "waiting" });
    }
    return { event, outcomes, mails };
  });
  for (const m of done.mails) await mailRegistration(m.email, m.locale, done.event, m.kind);
  return done.outcomes;
}

export interface MemberRegistrationRow {
  id: string;
  eventId: string;
  titleDe: string;
  titleCs: string;
  startsAt: Date;
  companyName: string;
  contact: string | null;
  status: string;
  byMe: boolean;
}

export const MEMBER_LIST_LIMIT = 500;

/**
 * The member companies' registrations across events (not deleted ones), newest event first,
 * optionally for one event; plus the events for the filter. A Multiplikator sees every
 * registration of its members (also those the companies made themselves); an admin sees every
 * registration a Multiplikator made for a member.
 */
export async function memberRegistrationList(db: Db, actor: Actor, filter: { eventId?: string | undefined } = {}) {
  if (!actor) throw new AppError("UNAUTHENTICATED");
  if (!memberPolicy.canSeeMemberRegistrations(actor)) throw new AppError("FORBIDDEN");
  const admin = actor.role === "Admin";
  const ids = admin ? [] : (await memberCompanies(db, actor)).map((m) => m.id);
  if (!admin && ids.length === 0) return { rows: [] as MemberRegistrationRow[], events: [] as Array<{ id: string; titleDe: string; titleCs: string; startsAt: Date }>, truncated: false };
  const registrant = alias(users, "registrant");
  const base = and(
    admin ? sql`EXISTS (SELECT 1 FROM member_registrations m WHERE m.registration_id = ${eventRegistrations.id})` : inArray(eventRegistrations.companyId, ids),
    isNull(events.deletedAt),
  );
  const where = filter.eventId ? and(base, eq(eventRegistrations.eventId, filter.eventId)) : base;
  const [raw, eventRows] = await Promise.all([
    db
      .select({
        id: eventRegistrations.id,
        eventId: events.id,
        titleDe: events.titleDe,
        titleCs: events.titleCs,
        startsAt: events.startsAt,
        companyName: companies.name,
        contactName: memberRegistrations.contactName,
        contactEmail: memberRegistrations.contactEmail,
        registrantName: registrant.name,
        registeredBy: memberRegistrations.registeredBy,
        status: eventRegistrations.status,
      })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .innerJoin(companies, eq(companies.id, eventRegistrations.companyId))
      .leftJoin(memberRegistrations, eq(memberRegistrations.registrationId, eventRegistrations.id))
      .leftJoin(registrant, eq(registrant.id, eventRegistrations.userId))
      .where(where)
      .orderBy(desc(events.startsAt), asc(companies.name), asc(eventRegistrations.createdAt))
      .limit(MEMBER_LIST_LIMIT + 1),
    db
      .selectDistinct({ id: events.id, titleDe: events.titleDe, titleCs: events.titleCs, startsAt: events.startsAt })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .where(base)
      .orderBy(desc(events.startsAt))
      .limit(200),
  ]);
  const rows = raw.slice(0, MEMBER_LIST_LIMIT).map((r) => ({
    id: r.id,
    eventId: r.eventId,
    titleDe: r.titleDe,
    titleCs: r.titleCs,
    startsAt: r.startsAt,
    companyName: r.companyName,
    contact: r.contactName ?? r.contactEmail ?? r.registrantName,
    status: r.status,
    byMe: r.registeredBy === actor.id,
  }));
  return { rows, events: eventRows, truncated: raw.length > MEMBER_LIST_LIMIT };
}

// --- "May register us for events" ---------------------------------------------------------

async function confirmedMember(db: Db, actor: Actor, companyId: string): Promise<boolean> {
  if (!actor) return false;
  const [row] = await db
    .select({ id: companyUserLinks.id })
    .from(companyUserLinks)
    .innerJoin(companies, eq(companies.id, companyUserLinks.companyId))
    .where(and(eq(companyUserLinks.companyId, companyId), eq(companyUserLinks.userId, actor.id), eq(companyUserLinks.status, "CONFIRMED"), companyNotDeleted()));
  return !!row;
}

/** Organisations a company may grant to: verified companies with at least one active Multiplikator member. */
async function multiplikatorOrganisations(db: Db, exclude: string[] = []) {
  const rows = await db
    .selectDistinct({ id: companies.id, name: companies.name })
    .from(companies)
    .innerJoin(companyUserLinks, and(eq(companyUserLinks.companyId, companies.id), eq(companyUserLinks.status, "CONFIRMED")))
    .innerJoin(users, and(eq(users.id, companyUserLinks.userId), eq(users.role, "Multiplikator"), eq(users.active, true)))
    .where(and(eq(companies.status, "VERIFIED"), companyNotDeleted()))
    .orderBy(asc(companies.name))
    .limit(500);
  return rows.filter((r) => !exclude.includes(r.id));
}

/** The actor's companies with their live grants, and the organisations they may grant to. */
export async function grantsOverview(db: Db, actor: Actor) {
  if (!actor) throw new AppError("UNAUTHENTICATED");
  const own = await db
    .select({ id: companies.id, name: companies.name })
    .from(companyUserLinks)
    .innerJoin(companies, eq(companies.id, companyUserLinks.companyId))
    .where(and(eq(companyUserLinks.userId, actor.id), eq(companyUserLinks.status, "CONFIRMED"), inArray(companies.status, ["VERIFIED", "PENDING"]), companyNotDeleted()))
    .orderBy(asc(companies.name));
  const ids = own.map((c) => c.id);
  const grantee = alias(companies, "grantee");
  const grants =
    ids.length === 0
      ? []
      : await db
          .select({ id: companyRegistrationGrants.id, companyId: companyRegistrationGrants.companyId, granteeId: grantee.id, granteeName: grantee.name, createdAt: companyRegistrationGrants.createdAt })
          .from(companyRegistrationGrants)
          .innerJoin(grantee, eq(grantee.id, companyRegistrationGrants.granteeCompanyId))
          .where(and(inArray(companyRegistrationGrants.companyId, ids), isNull(companyRegistrationGrants.revokedAt)))
          .orderBy(asc(grantee.name));
  const organisations = ids.length === 0 ? [] : await multiplikatorOrganisations(db);
  return {
    companies: own.map((c) => ({
      ...c,
      grants: grants.filter((g) => g.companyId === c.id),
      options: organisations.filter((o) => o.id !== c.id && !grants.some((g) => g.companyId === c.id && g.granteeId === o.id)),
    })),
  };
}

/** A confirmed member of `companyId` lets the Multiplikators of `granteeCompanyId` register it. Granting twice changes nothing. */
export async function grantRegistration(db: Db, actor: Actor, input: { companyId: string; granteeCompanyId: string }, now = clock.now()): Promise<void> {
  if (!actor) throw new AppError("UNAUTHENTICATED");
  if (!memberPolicy.canManageGrants(actor, await confirmedMember(db, actor, input.companyId))) throw new AppError("NOT_FOUND");
  if (input.companyId === input.granteeCompanyId) throw new AppError("INVALID_INPUT");
  if (!(await multiplikatorOrganisations(db)).some((o) => o.id === input.granteeCompanyId)) throw new AppError("INVALID_INPUT");
  await withTransaction(db, async (tx) => {
    const inserted = await tx
      .insert(companyRegistrationGrants)
      .values({ companyId: input.companyId, granteeCompanyId: input.granteeCompanyId, grantedBy: actor.id, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: companyRegistrationGrants.id });
    if (inserted.length > 0) {
      await recordAudit(tx, "UPDATED_COMPANY_PROFILE", actor.id, { companyId: input.companyId, part: "registrationGrant", change: "granted", granteeCompanyId: input.granteeCompanyId });
    }
  });
}

/** Revokes a live grant; only a confirmed member of the granting company. Revoking twice changes nothing. */
export async function revokeRegistrationGrant(db: Db, actor: Actor, grantId: string, now = clock.now()): Promise<void> {
  if (!actor) throw new AppError("UNAUTHENTICATED");
  if (!/^[0-9a-f-]{36}$/i.test(grantId)) throw new AppError("NOT_FOUND");
  const [grant] = await db.select().from(companyRegistrationGrants).where(eq(companyRegistrationGrants.id, grantId));
  if (!grant || !memberPolicy.canManageGrants(actor, await confirmedMember(db, actor, grant.companyId))) throw new AppError("NOT_FOUND");
  await withTransaction(db, async (tx) => {
    const updated = await tx
      .update(companyRegistrationGrants)
      .set({ revokedAt: now, revokedBy: actor.id })
      .where(and(eq(companyRegistrationGrants.id, grantId), isNull(companyRegistrationGrants.revokedAt)))
      .returning({ id: companyRegistrationGrants.id });
    if (updated.length > 0) {
      await recordAudit(tx, "UPDATED_COMPANY_PROFILE", actor.id, { companyId: grant.companyId, part: "registrationGrantRevoked", change: "revoked", granteeCompanyId: grant.granteeCompanyId });
    }
  });
}

