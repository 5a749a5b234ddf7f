import { z } from "zod";
import { formToObject } from "./form-data";

/**
 * A company's B2B wishes as submitted (issue 12): `ranking` the partners it wants to meet, most
 * wanted first (rank 1 = index 0), `excluded` those it does not want to meet. Shared by the
 * ranking editor (live checks) and the server. The organiser's maximum (plan.maxPreferences) and
 * "partners must be other participating companies" are checked on the server, which knows them.
 */
/** The schema's own cap (the plan's maximum is 1–50); exclusions are bounded by the event's size. */
export const PREFERENCES_HARD_MAX = 50;
export const EXCLUSIONS_HARD_MAX = 500;

const uuid = z.string().trim().toLowerCase().pipe(z.uuid());

export const preferenceListSchema = z
  .object({
    ranking: z.array(uuid).max(PREFERENCES_HARD_MAX, "B2B_PREFERENCES_TOO_MANY"),
    excluded: z.array(uuid).max(EXCLUSIONS_HARD_MAX),
  })
  .superRefine((value, ctx) => {
    if (new Set(value.ranking).size !== value.ranking.length) ctx.addIssue({ code: "custom", path: ["ranking"], message: "INVALID_INPUT" });
    if (new Set(value.excluded).size !== value.excluded.length) ctx.addIssue({ code: "custom", path: ["excluded"], message: "INVALID_INPUT" });
    // A partner is either wanted or not wanted, never both.
    const ranked = new Set(value.ranking);
    if (value.excluded.some((id) => ranked.has(id))) ctx.addIssue({ code: "custom", path: ["excluded"], message: "INVALID_INPUT" });
  });
export type PreferenceListInput = z.infer<typeof preferenceListSchema>;

/** The repeated fields of the form, in document order (hidden inputs of the ordered list). */
export const PREFERENCE_ARRAY_FIELDS = ["ranking", "excluded"] as const;

/** FormData → the object the schema reads: `ranking` and `excluded` collect every value, in order. */
export function preferenceFormObject(form: FormData): Record<string, unknown> {
  return formToObject(form, PREFERENCE_ARRAY_FIELDS);
}

/**
 * The editing steps of the ranking editor. With JavaScript they run in the browser; without it
 * each is a submit button (`op=up:<id>` …) that the server applies to the posted draft and
 * renders again, unsaved, so the list can be built and ordered without a script.
 */
export const PREFERENCE_OPS = ["add", "exclude", "remove", "up", "down", "top"] as const;
export type PreferenceOp = (typeof PREFERENCE_OPS)[number];

export interface PreferenceDraft {
  ranking: string[];
  excluded: string[];
}

export function parsePreferenceOp(value: unknown): { op: PreferenceOp; id: string } | null {
  if (typeof value !== "string") return null;
  const [op, id] = value.split(":");
  if (!op || !id || !(PREFERENCE_OPS as readonly string[]).includes(op) || !z.uuid().safeParse(id).success) return null;
  return { op: op as PreferenceOp, id: id.toLowerCase() };
}

/** One editing step, pure (shared by the browser and the no-JavaScript path). */
export function applyPreferenceOp(draft: PreferenceDraft, op: PreferenceOp, id: string): PreferenceDraft {
  const ranking = draft.ranking.filter((x) => x !== id);
  const excluded = draft.excluded.filter((x) => x !== id);
  const index = draft.ranking.indexOf(id);
  switch (op) {
    case "add":
      return { ranking: index >= 0 ? draft.ranking : [...ranking, id], excluded };
    case "exclude":
      return { ranking, excluded: [...excluded, id] };
    case "remove":
      return { ranking, excluded };
    case "top":
      return index < 0 ? draft : { ranking: [id, ...ranking], excluded: draft.excluded };
    case "up":
    case "down": {
      const target = op === "up" ? index - 1 : index + 1;
      if (index < 0 || target < 0 || target >= draft.ranking.length) return draft;
      return { ranking: moveItem(draft.ranking, index, target), excluded: draft.excluded };
    }
  }
}

/** The list with the item at `from` moved to `to` (drag and drop, keyboard moves). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const result = [...list];
  const [item] = result.splice(from, 1);
  if (item === undefined) return result;
  result.splice(to, 0, item);
  return result;
}
