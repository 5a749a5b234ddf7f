import { z } from "zod";
import { applyPreferenceOp, PREFERENCE_ARRAY_FIELDS, type PreferenceDraft, parsePreferenceOp, preferenceFormObject, preferenceListSchema } from "~/schemas/b2b-preferences";
import type { Db } from "~/server/db/client.server";
import { AppError, isAppError } from "~/server/errors";
import { handleAction, parseForm, readForm } from "~/server/http/actions.server";
import { throwPageError } from "~/server/http/page-errors.server";
import type { Actor } from "~/server/policy/policy";
import { remindMissingPreferences } from "./preference-reminders.server";
import type { PreferencePageData, PreferenceStatus } from "./preferences.server";
import { saveRanking } from "./preferences.server";
import { logger } from "~/server/logger.server";

/*
 * The frame the two ranking pages share (participant and organiser on the company's behalf) and
 * the organiser's remind intent: thin wrappers that parse the form with the shared schema and
 * call the domain functions.
 */

/** The page data as JSON for the loader (dates as ISO strings). */
export function serializePreferencePage(page: PreferencePageData) {
  return {
    ...page,
    event: { ...page.event, startsAt: page.event.startsAt.toISOString(), endsAt: page.event.endsAt.toISOString() },
    window: { open: page.window.open, phase: page.window.phase, opensAt: page.window.opensAt.toISOString(), closesAt: page.window.closesAt.toISOString() },
    submitted: page.submitted ? { ...page.submitted, at: page.submitted.at.toISOString() } : null,
  };
}
export type SerializedPreferencePage = ReturnType<typeof serializePreferencePage>;

/**
 * For the ranking pages' loaders: a domain error becomes its page (403 with the translated
 * reason …); anything unexpected is logged and shown as the spec's "preferences could not be
 * loaded" (§8).
 */
export function throwPreferencePageError(error: unknown): never {
  if (isAppError(error)) throwPageError(error);
  logger.error({ err: error }, "B2B preferences could not be loaded");
  throwPageError(new AppError("B2B_PREFERENCES_LOAD_FAILED"));
}

/** The organiser's status as JSON (for `PreferenceStatusPanel`). */
export function serializePreferenceStatus(status: PreferenceStatus) {
  return {
    ...status,
    rows: status.rows.map((r) => ({ ...r, submittedAt: r.submittedAt?.toISOString() ?? null })),
    window: { open: status.window.open, phase: status.window.phase, opensAt: status.window.opensAt.toISOString(), closesAt: status.window.closesAt.toISOString() },
  };
}
export type SerializedPreferenceStatus = ReturnType<typeof serializePreferenceStatus>;

/** What the posted form says the list is now (a draft; malformed values are dropped, never an error here). */
function draftOf(form: FormData): PreferenceDraft {
  const raw = preferenceFormObject(form);
  const ids = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && z.uuid().safeParse(v).success) : []);
  return { ranking: [...new Set(ids(raw.ranking))], excluded: [...new Set(ids(raw.excluded))] };
}

/**
 * The action of a ranking page. `op=<step>:<id>` (the editor's buttons without JavaScript)
 * applies one editing step to the posted draft and renders it again, unsaved; otherwise the list
 * is saved. A refused save answers with its code and keeps the user's draft.
 */
export async function preferenceAction(request: Request, save: (db: Db, input: z.infer<typeof preferenceListSchema>, form: FormData) => Promise<unknown>, db: () => Promise<Db>) {
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  const draft = draftOf(form);
  return handleAction(async () => {
    const op = parsePreferenceOp(form.get("op"));
    if (op) return { ok: true as const, saved: false, draft: applyPreferenceOp(draft, op.op, op.id) };
    const input = parseForm(preferenceListSchema, form, PREFERENCE_ARRAY_FIELDS);
    await save(await db(), input, form);
    return { ok: true as const, saved: true, draft: null };
  }, { draft });
}

/** Saves for the participant page (the company chosen in the form) or, `asOrganiser`, for the organiser's page. */
export function saveFromPage(actor: Actor, eventId: string, company: string | ((form: FormData) => string), asOrganiser: boolean) {
  return (db: Db, input: z.infer<typeof preferenceListSchema>, form: FormData) =>
    saveRanking(db, actor, eventId, typeof company === "string" ? company : company(form), input, undefined, { asOrganiser });
}

/**
 * For the organiser's B2B page: `intent=remind` → `remindMissingPreferences`. Returns
 * `{ ok, intent: "remind", reminded }` or the coded failure (with `intent`), which
 * `PreferenceStatusPanel` shows.
 */
export function handleRemindIntent(db: Db, actor: Actor, eventId: string) {
  return handleAction(async () => ({ ok: true as const, intent: "remind" as const, reminded: await remindMissingPreferences(db, actor, eventId) }), { intent: "remind" as const });
}
