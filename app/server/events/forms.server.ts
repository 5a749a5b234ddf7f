import { and, count, desc, eq, lt, ne } from "drizzle-orm";
import { EMPTY_FORM, type EventFormDefinition } from "~/schemas/event-form";
import { checkFormDefinition, type FormRuleErrors, hasRuleErrors, parseFormDefinition } from "~/schemas/event-form-rules";
import { type Db, withTransaction } from "~/server/db/client.server";
import { eventForms, eventRegistrations, events } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { eventPolicy } from "~/server/policy/event-policy";
import type { Actor } from "~/server/policy/policy";
import { ensureEvent, loadEventRelation } from "./relation.server";

/**
 * The registration form of an event, in versions (decisions 015, 016). Every save writes a new
 * version; registrations store the version they answered (`event_registrations.form_version`), so
 * their answers keep their labels however the form changes later. An event without a form row has
 * the empty form as version 0.
 */

export interface EventFormVersion {
  version: number;
  definition: EventFormDefinition;
}

/** The builder's input broke the rules; `errors` are per field, for the builder to show. */
export class FormRulesFailure extends AppError {
  readonly errors: FormRuleErrors;
  constructor(errors: FormRuleErrors) {
    super("INVALID_INPUT");
    this.errors = errors;
  }
}

async function currentVersion(db: Db, eventId: string): Promise<EventFormVersion> {
  const [row] = await db
    .select({ version: eventForms.version, definition: eventForms.definition })
    .from(eventForms)
    .where(eq(eventForms.eventId, eventId))
    .orderBy(desc(eventForms.version))
    .limit(1);
  return row ?? { version: 0, definition: EMPTY_FORM };
}

/** Live (not cancelled) registrations that answered a version before `version`. */
async function registrationsBefore(db: Db, eventId: string, version: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), lt(eventRegistrations.formVersion, version), ne(eventRegistrations.status, "CANCELLED")));
  return row?.n ?? 0;
}

async function ensureManager(db: Db, actor: Actor, eventId: string) {
  const relation = await loadEventRelation(db, actor, eventId);
  ensureEvent(eventPolicy.canManage(actor, relation), eventPolicy.canView(actor, relation));
}

export interface BuilderForm extends EventFormVersion {
  /** Live registrations that answered an older version than the current one. */
  olderRegistrations: number;
  event: { titleDe: string; titleCs: string };
}

/** The current form for the builder (managers only), with the event's title and how many live registrations answered older versions. */
export async function getEventForm(db: Db, actor: Actor, eventId: string): Promise<BuilderForm> {
  await ensureManager(db, actor, eventId);
  const [event] = await db.select({ titleDe: events.titleDe, titleCs: events.titleCs }).from(events).where(eq(events.id, eventId));
  if (!event) throw new AppError("NOT_FOUND");
  const current = await currentVersion(db, eventId);
  return { ...current, olderRegistrations: await registrationsBefore(db, eventId, current.version), event };
}

/**
 * The form for registering: the current version, or the given one (to validate answers against
 * the version the page was rendered with). Only for events the public may see.
 */
export async function getPublicEventForm(db: Db, eventId: string, version?: number): Promise<EventFormVersion> {
  const relation = await loadEventRelation(db, null, eventId);
  if (!eventPolicy.canView(null, relation)) throw new AppError("NOT_FOUND");
  if (version === undefined) return currentVersion(db, eventId);
  if (!Number.isSafeInteger(version) || version < 0) throw new AppError("NOT_FOUND");
  const [row] = await db
    .select({ version: eventForms.version, definition: eventForms.definition })
    .from(eventForms)
    .where(and(eq(eventForms.eventId, eventId), eq(eventForms.version, version)));
  if (row) return row;
  if (version === 0 && (await currentVersion(db, eventId)).version === 0) return { version: 0, definition: EMPTY_FORM };
  throw new AppError("NOT_FOUND");
}

const isUniqueViolation = (error: unknown) => {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
};

/**
 * Saves a new version of the form. `baseVersion` is the version the builder was loaded with: if
 * someone saved in between, the save is refused (FORM_CHANGED) instead of silently overwriting
 * their work. The check and the insert run under a row lock on the event, so of two saves on the
 * same base exactly one wins (the primary key on (event, version) would refuse the second anyway).
 * Validation: the structure (zod), the builder rules, and the edit rules against the version
 * saved so far — throws FormRulesFailure with per-field errors.
 */
export async function saveEventForm(
  db: Db,
  actor: Actor,
  eventId: string,
  input: unknown,
  baseVersion: number,
): Promise<{ version: number; olderRegistrations: number }> {
  await ensureManager(db, actor, eventId);
  const parsed = parseFormDefinition(input);
  if (!parsed.ok) throw new FormRulesFailure(parsed.errors);
  try {
    return await withTransaction(db, async (tx) => {
      const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for("update");
      if (!event) throw new AppError("NOT_FOUND");
      const current = await currentVersion(tx, eventId);
      if (current.version !== baseVersion) throw new AppError("FORM_CHANGED", { version: current.version });
      const errors = checkFormDefinition(current.definition, parsed.definition);
      if (hasRuleErrors(errors)) throw new FormRulesFailure(errors);
      const version = current.version + 1;
      await tx.insert(eventForms).values({ eventId, version, definition: parsed.definition, createdBy: actor?.id ?? null });
      return { version, olderRegistrations: await registrationsBefore(tx, eventId, version) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("FORM_CHANGED");
    throw error;
  }
}
