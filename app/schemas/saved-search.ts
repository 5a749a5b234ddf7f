import { z } from "zod";
import {
  SAVED_SEARCH_FREQUENCIES,
  SAVED_SEARCH_NAME_MAX,
} from "./saved-search-limits";
import { requiredLine } from "./text";

/** Saved searches (issue 25, decision 061): the forms of the search page and the manage page. */

export {
  SAVED_SEARCH_FREQUENCIES,
  SAVED_SEARCH_NAME_MAX,
  SAVED_SEARCHES_PER_USER,
} from "./saved-search-limits";

const frequency = z.enum(SAVED_SEARCH_FREQUENCIES, "INVALID_INPUT");
const name = requiredLine(
  SAVED_SEARCH_NAME_MAX,
  "NAME_REQUIRED",
  "TEXT_TOO_LONG",
);

/** "Save this search": the search itself comes from the page's URL (parseSearchParams). */
export const SaveSearchSchema = z.object({ name, frequency });
export type SaveSearchInput = z.infer<typeof SaveSearchSchema>;

export const SavedSearchIdSchema = z.object({ id: z.uuid("NOT_FOUND") });
/** The manage page's edit form: name and frequency together. */
export const UpdateSavedSearchSchema = z.object({
  id: z.uuid("NOT_FOUND"),
  name,
  frequency,
});
export type UpdateSavedSearchInput = z.infer<typeof UpdateSavedSearchSchema>;
