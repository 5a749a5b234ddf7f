import { z } from "zod";
import { requiredLine } from "./text";

/** Saved searches (issue 25, decision 061): the forms of the search page and the manage page. */
export const SAVED_SEARCH_NAME_MAX = 80;
/** A user keeps at most this many saved searches (server-enforced). */
export const SAVED_SEARCHES_PER_USER = 20;
export const SAVED_SEARCH_FREQUENCIES = ["DAILY", "WEEKLY"] as const;

const frequency = z.enum(SAVED_SEARCH_FREQUENCIES, "INVALID_INPUT");
const name = requiredLine(SAVED_SEARCH_NAME_MAX, "NAME_REQUIRED", "TEXT_TOO_LONG");

/** "Save this search": the search itself comes from the page's URL (parseSearchParams). */
export const SaveSearchSchema = z.object({ name, frequency });
export type SaveSearchInput = z.infer<typeof SaveSearchSchema>;

export const SavedSearchIdSchema = z.object({ id: z.uuid("NOT_FOUND") });
/** The manage page's edit form: name and frequency together. */
export const UpdateSavedSearchSchema = z.object({ id: z.uuid("NOT_FOUND"), name, frequency });
export type UpdateSavedSearchInput = z.infer<typeof UpdateSavedSearchSchema>;
