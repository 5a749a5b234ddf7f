import { and, asc, count, desc, eq, inArray, ne } from "drizzle-orm";
import { type Locale, LOCALE_TAGS } from "~/i18n/locales";
import { EVENT_TIME_ZONE, zoneLabel } from "~/schemas/event-time-zone";
import { EMPTY_FORM, type FormAnswers } from "~/schemas/event-form";
import { validateAnswers, type AnswerErrors } from "~/schemas/event-form-logic";
import { acceptsRegistrations, registrationClosesAt, registrationState } from "~/schemas/event-state";
import { absoluteUrl } from "~/server/accounts/links.server";
import * as clock from "~/server/clock.server";
import { type Db, withTransaction } from "~/server/db/client.server";
import { companies, companyUserLinks, eventForms, eventRegistrations, events, memberRegistrations, users } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { sendNotification } from "~/server/mail/mailer.server";
import { renderMail } from "~/server/mail/templates.server";
import { eventPolicy } from "~/server/policy/event-policy";
import type { Actor } from "~/server/policy/policy";
import { eventIcs, icsFileName } from "./ics.server";
import { loadEventRelation } from "./relation.server";
import { queueAgendaMails } from "~/server/matching/agenda-mail.server";
import { repairScheduleAfterCancellation } from "~/server/matching/repair.server";
import { companyNotDeleted } from "~/server/companies/deleted";

/**
 * Registering for an event and cancelling (spec §4, decision 018). Every change runs in one
 * transaction holding the event row `FOR UPDATE`: registrations and cancellations of one event
 * queue behind each other (on every app instance, the lock is in PostgreSQL), so the places
 * counted are the places taken, and capacity holds under concurrent requests. The unique partial
 * index (one live registration per user and event) backs the ALREADY_REGISTERED check.
 */

/** The answers broke the form's rules; `errors` are per field, for the form to show. */
export class RegistrationAnswersFailure extends AppError {
  readonly errors: AnswerErrors;
  constructor(errors: AnswerErrors) {
    super("INVALID_INPUT");
    this.errors = errors;
  }
}

export type EventRow = typeof events.$inferSelect;

/** Places taken: REGISTERED + ATTENDED. */
export async function placesTaken(db: Db, eventId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), inArray(eventRegistrations.status, ["REGISTERED", "ATTENDED"])));
  return row?.n ?? 0;
}

/**
 * The companies the actor may register for: their confirmed links to verified companies and to
 * new profiles awaiting approval (decision 031: a first-time company must not miss a deadline
 * while the agency checks it; `pending` marks those). Deactivated profiles never register.
 */
export async function registrableCompanies(db: Db, actor: Actor): Promise<Array<{ id: string; name: string; pending: boolean }>> {
  if (!actor) return [];
  const rows = await db
    .select({ id: companies.id, name: companies.name, status: companies.status })
    .from(companyUserLinks)
    .innerJoin(companies, eq(companies.id, companyUserLinks.companyId))
    .where(and(eq(companyUserLinks.userId, actor.id), eq(companyUserLinks.status, "CONFIRMED"), inArray(companies.status, ["VERIFIED", "PENDING"]), companyNotDeleted()))
    .orderBy(asc(companies.name));
  return rows.map((r) => ({ id: r.id, name: r.name, pending: r.status === "PENDING" }));
}

export async function lockEvent(tx: Db, eventId: string): Promise<EventRow> {
  const [row] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

async function currentForm(tx: Db, eventId: string) {
  const [row] = await tx
    .select({ version: eventForms.version, definition: eventForms.definition })
    .from(eventForms)
    .where(eq(eventForms.eventId, eventId))
    .orderBy(desc(eventForms.version))
    .limit(1);
  return row ?? { version: 0, definition: EMPTY_FORM };
}

const isUniqueViolation = (error: unknown) => {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
};

export interface RegisterInput {
  eventId: string;
  companyId: string;
  answers: FormAnswers;
  locale: Locale;
  /** The form version the page showed; a newer one means the form changed meanwhile (FORM_CHANGED). */
  formVersion?: number | undefined;
}

export interface RegisterResult {
  id: string;
  status: "REGISTERED" | "WAITING";
}

export type CurrentForm = Awaited<ReturnType<typeof currentForm>>;

/**
 * Inside the event lock: the event takes registrations now (not deleted meanwhile, internal, OPEN
 * or FULL) and the form to answer is the one the page showed (FORM_CHANGED otherwise). Shared by
 * the single registration and a Multiplikator's registration of member companies (decision 063).
 */
export async function openFormLocked(tx: Db, event: EventRow, now: Date, formVersion: number | undefined): Promise<CurrentForm> {
  // Deleted while this request waited for the lock (its organiser, or its company): refused,
  // never a registration nobody is told about (decision 026).
  if (event.deletedAt) throw new AppError("NOT_FOUND");
  if (event.registrationKind !== "INTERNAL") throw new AppError("REGISTRATION_EXTERNAL");
  const taken = await placesTaken(tx, event.id);
  if (!acceptsRegistrations(registrationState(event, now, { taken }))) throw new AppError("REGISTRATION_CLOSED");
  const form = await currentForm(tx, event.id);
  if (formVersion !== undefined && formVersion !== form.version) throw new AppError("FORM_CHANGED");
  return form;
}

/** The cleaned answers (hidden fields dropped), or RegistrationAnswersFailure with the errors per field. */
export function checkedAnswers(form: CurrentForm, answers: FormAnswers): FormAnswers {
  const checked = validateAnswers(form.definition, answers);
  if (!checked.ok) throw new RegistrationAnswersFailure(checked.errors);
  return checked.answers;
}

/**
 * Inside the event lock: inserts one registration, REGISTERED while a place is free, WAITING once
 * the places are taken (counted again for every insert, so a batch fills the last places in order).
 */
export async function insertRegistrationLocked(
  tx: Db,
  event: EventRow,
  now: Date,
  r: { companyId: string; userId: string | null; formVersion: number; answers: FormAnswers; locale: Locale },
): Promise<RegisterResult> {
  const taken = await placesTaken(tx, event.id);
  const status = registrationState(event, now, { taken }) === "FULL" ? ("WAITING" as const) : ("REGISTERED" as const);
  const [row] = await tx
    .insert(eventRegistrations)
    .values({ eventId: event.id, companyId: r.companyId, userId: r.userId, status, formVersion: r.formVersion, answers: r.answers, locale: r.locale, createdAt: now, updatedAt: now })
    .returning({ id: eventRegistrations.id });
  return { id: row!.id, status };
}

export async function registerForEvent(db: Db, actor: Actor, input: RegisterInput, now = clock.now()): Promise<RegisterResult> {
  if (!actor) throw new AppError("UNAUTHENTICATED");
  const relation = await loadEventRelation(db, actor, input.eventId, now);
  if (!eventPolicy.canView(actor, relation)) throw new AppError("NOT_FOUND");
  const mine = await registrableCompanies(db, actor);
  if (!eventPolicy.canRegister(actor, relation, { hasCompany: mine.length > 0, hasRegistrableCompany: mine.length > 0 })) {
    throw new AppError(relation.isPublic ? "REGISTRATION_NEEDS_VERIFIED_COMPANY" : "REGISTRATION_CLOSED");
  }
  if (!mine.some((c) => c.id === input.companyId)) throw new AppError("REGISTRATION_COMPANY_INVALID");

  let event: EventRow;
  let result: RegisterResult;
  try {
    ({ event, result } = await withTransaction(db, async (tx) => {
      const event = await lockEvent(tx, input.eventId);
      const form = await openFormLocked(tx, event, now, input.formVersion);
      const answers = checkedAnswers(form, input.answers);
      const [live] = await tx
        .select({ id: eventRegistrations.id })
        .from(eventRegistrations)
        .where(and(eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.userId, actor.id), ne(eventRegistrations.status, "CANCELLED")));
      if (live) throw new AppError("ALREADY_REGISTERED");
      const result = await insertRegistrationLocked(tx, event, now, { companyId: input.companyId, userId: actor.id, formVersion: form.version, answers, locale: input.locale });
      return { event, result };
    }));
  } catch (error) {
    // The lock makes this rare; the index is the last word on "one live registration".
    if (isUniqueViolation(error)) throw new AppError("ALREADY_REGISTERED");
    throw error;
  }
  await mailRegistrant(db, actor.id, input.locale, event, result.status === "REGISTERED" ? "registered" : "waiting");
  return result;
}

export interface Promoted {
  id: string;
  userId: string | null;
  locale: Locale;
}

/**
 * Gives freed places (or room from a raised capacity) to the waiting list in arrival order, as
 * long as the event has not started. Call inside the transaction that holds the event row lock.
 */
export async function promoteWaiting(tx: Db, event: EventRow, now: Date): Promise<Promoted[]> {
  if (now.getTime() >= event.startsAt.getTime()) return [];
  const free = event.maxParticipants === null ? Number.MAX_SAFE_INTEGER : event.maxParticipants - (await placesTaken(tx, event.id));
  if (free <= 0) return [];
  const waiting = await tx
    .select({ id: eventRegistrations.id, userId: eventRegistrations.userId, locale: eventRegistrations.locale })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.status, "WAITING")))
    .orderBy(asc(eventRegistrations.createdAt), asc(eventRegistrations.id))
    .limit(Math.min(free, 1000));
  if (waiting.length === 0) return [];
  await tx
    .update(eventRegistrations)
    .set({ status: "REGISTERED", promotedAt: now, updatedAt: now })
    .where(inArray(eventRegistrations.id, waiting.map((w) => w.id)));
  return waiting;
}

export interface CancelResult {
  /** Registrations moved up from the waiting list by this cancellation. */
  promoted: string[];
}

export async function cancelRegistration(db: Db, actor: Actor, registrationId: string, now = clock.now()): Promise<CancelResult> {
  if (!actor) throw new AppError("UNAUTHENTICATED");
  if (!/^[0-9a-f-]{36}$/i.test(registrationId)) throw new AppError("NOT_FOUND");
  const [reg] = await db
    .select({ eventId: eventRegistrations.eventId, userId: eventRegistrations.userId, registeredBy: memberRegistrations.registeredBy })
    .from(eventRegistrations)
    .leftJoin(memberRegistrations, eq(memberRegistrations.registrationId, eventRegistrations.id))
    .where(eq(eventRegistrations.id, registrationId));
  if (!reg) throw new AppError("NOT_FOUND");
  const relation = await loadEventRelation(db, actor, reg.eventId, now);
  // "Not yours" is "not found": registration ids are not public.
  if (!eventPolicy.canCancelRegistration(actor, relation, reg.userId, reg.registeredBy)) throw new AppError("NOT_FOUND");
  const manager = eventPolicy.canManage(actor, relation);

  const done = await withTransaction(db, async (tx) => {
    const event = await lockEvent(tx, reg.eventId);
    // Participants cancel until registration closes; organisers and admins any time.
    if (!manager && now.getTime() >= registrationClosesAt(event).getTime()) throw new AppError("CANCEL_DEADLINE_PASSED");
    const [current] = await tx.select().from(eventRegistrations).where(eq(eventRegistrations.id, registrationId));
    if (!current || current.status === "CANCELLED") throw new AppError("REGISTRATION_ALREADY_CANCELLED");
    await tx
      .update(eventRegistrations)
      .set({ status: "CANCELLED", cancelledAt: now, updatedAt: now })
      .where(eq(eventRegistrations.id, registrationId));
    const promoted = await promoteWaiting(tx, event, now);
    // A B2B company whose last live registration this was leaves the published schedule (issue 12).
    const repair = event.b2b ? await repairScheduleAfterCancellation(tx, event.id, current.companyId, now) : null;
    return { event, cancelled: current, promoted, repair };
  });
  if (done.repair) await queueAgendaMails(done.repair.notification);

  await mailRegistrant(db, done.cancelled.userId, done.cancelled.locale, done.event, "cancelled", done.cancelled.id);
  for (const p of done.promoted) await mailRegistrant(db, p.userId, p.locale, done.event, "promoted", p.id);
  return { promoted: done.promoted.map((p) => p.id) };
}

export type MailKind = "registered" | "waiting" | "promoted" | "cancelled" | "removed";

/**
 * Mails about a registration, after the commit, in the language the user registered in.
 * Confirmation and promotion carry the calendar file. A failing mail server is logged only:
 * the registration stands (sendNotification).
 */
export async function mailRegistrant(db: Db, userId: string | null, locale: Locale, event: EventRow, kind: MailKind, registrationId?: string): Promise<void> {
  let email: string | undefined;
  if (userId) {
    [{ email } = { email: undefined }] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  } else if (registrationId) {
    // A Multiplikator's registration of a member company: its contact person (decision 063).
    [{ email } = { email: undefined }] = await db
      .select({ email: memberRegistrations.contactEmail })
      .from(memberRegistrations)
      .where(eq(memberRegistrations.registrationId, registrationId));
  }
  if (email) await mailRegistration(email, locale, event, kind);
}

/** One registration mail to `email` in `locale`. */
export async function mailRegistration(email: string, locale: Locale, event: EventRow, kind: MailKind): Promise<void> {
  const title = locale === "cs" ? event.titleCs : event.titleDe;
  // The start in the venue's zone, named in words that fit both countries (decision 031).
  const date = `${new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "long", timeStyle: "short", timeZone: EVENT_TIME_ZONE }).format(event.startsAt)} (${zoneLabel(locale, event.startsAt).long})`;
  const mail = renderMail(email, locale, {
    subject: `mail.eventRegistration.${kind}.subject`,
    paragraphs: [{ key: `mail.eventRegistration.${kind}.body`, values: { title, date } }],
    action: { label: "mail.eventRegistration.action", url: absoluteUrl("eventDetail", locale, undefined, { id: event.id }) },
  });
  if (kind === "registered" || kind === "promoted") {
    mail.attachments = [{ filename: icsFileName(title), contentType: "text/calendar; charset=utf-8; method=PUBLISH", content: eventIcs(event, locale) }];
  }
  await sendNotification(mail);
}
