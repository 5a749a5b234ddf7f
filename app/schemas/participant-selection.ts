import { COUNTRIES, type Country, REGISTRATION_STATUSES, type RegistrationStatus } from "./enums";
import { hasForbiddenControl } from "./text";

/**
 * Which participants an organiser means (issue 11): the participant list's filter as it stands in
 * the URL — q (person, e-mail or company), state, country, sort, dir — plus the ticked rows as
 * repeated `ids`. The list page carries it to every tool (e-mail, name tags, PDF, CSV) in the query
 * string, so a tool acts on exactly what the organiser saw. Unknown or malformed values are dropped,
 * never an error: a shared link must still open the list.
 */
export const PARTICIPANT_SORTS = ["registeredAt", "name", "company", "country", "state"] as const;
export type ParticipantSort = (typeof PARTICIPANT_SORTS)[number];

export interface ParticipantFilter {
  q: string;
  state: RegistrationStatus | null;
  country: Country | null;
  sort: ParticipantSort;
  dir: "asc" | "desc";
}

export interface ParticipantSelection {
  filter: ParticipantFilter;
  /** Ticked registrations; when present they win over the filter. */
  ids: string[];
}

/** Whom a tool reaches: everyone, the filtered list, or the ticked rows. */
export type SelectionAudience = "ALL" | "FILTERED" | "SELECTED";

export const PARTICIPANT_Q_MAX = 200;
/** More ticked rows than any event has registrations are not a selection but an attack. */
export const PARTICIPANT_IDS_MAX = 5000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const DEFAULT_FILTER: ParticipantFilter = { q: "", state: null, country: null, sort: "registeredAt", dir: "asc" };

type ParamSource = Pick<URLSearchParams, "get" | "getAll"> | Pick<FormData, "get" | "getAll">;

const text = (source: ParamSource, name: string): string => {
  const value = source.get(name);
  return typeof value === "string" ? value : "";
};

function oneOf<T extends string>(values: readonly T[], value: string): T | null {
  return (values as readonly string[]).includes(value) ? (value as T) : null;
}

export function parseParticipantSelection(source: ParamSource): ParticipantSelection {
  const rawQ = text(source, "q").trim();
  const q = rawQ.length <= PARTICIPANT_Q_MAX && !hasForbiddenControl(rawQ) ? rawQ : "";
  const ids = [
    ...new Set(
      source
        .getAll("ids")
        .filter((v): v is string => typeof v === "string" && UUID.test(v))
        .map((v) => v.toLowerCase()),
    ),
  ].slice(0, PARTICIPANT_IDS_MAX);
  return {
    filter: {
      q,
      state: oneOf(REGISTRATION_STATUSES, text(source, "state")),
      country: oneOf(COUNTRIES, text(source, "country")),
      sort: oneOf(PARTICIPANT_SORTS, text(source, "sort")) ?? DEFAULT_FILTER.sort,
      dir: text(source, "dir") === "desc" ? "desc" : "asc",
    },
    ids,
  };
}

export function isFiltered(filter: ParticipantFilter): boolean {
  return filter.q !== "" || filter.state !== null || filter.country !== null;
}

export function selectionAudience(selection: ParticipantSelection): SelectionAudience {
  if (selection.ids.length > 0) return "SELECTED";
  return isFiltered(selection.filter) ? "FILTERED" : "ALL";
}

/** The selection as query parameters (defaults left out), to carry it on in links and forms. */
export function selectionSearchParams(selection: ParticipantSelection, { withIds = true } = {}): URLSearchParams {
  const params = new URLSearchParams();
  const { q, state, country, sort, dir } = selection.filter;
  if (q) params.set("q", q);
  if (state) params.set("state", state);
  if (country) params.set("country", country);
  if (sort !== DEFAULT_FILTER.sort) params.set("sort", sort);
  if (dir !== DEFAULT_FILTER.dir) params.set("dir", dir);
  if (withIds) for (const id of selection.ids) params.append("ids", id);
  return params;
}

/** `?…` or "" for a link. */
export function selectionQuery(selection: ParticipantSelection, options?: { withIds?: boolean }): string {
  const query = selectionSearchParams(selection, options).toString();
  return query ? `?${query}` : "";
}
