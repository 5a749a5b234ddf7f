import type { Country } from "./enums";

/**
 * A participating company's B2B agenda as the server builds it and the event page shows it
 * (issue 12): the published run's meetings by round, and the free rounds.
 */
export interface AgendaPartner {
  id: string;
  name: string;
  city: string | null;
  country: Country | null;
  /** The partner's public profile exists (verified company): link to it. */
  profileLinked: boolean;
  /** The partner's contact person: its first live registrant. */
  contactName: string | null;
  contactEmail: string | null;
}

export interface AgendaItem {
  round: number;
  /** ISO instants; null when the plan no longer has this round (changed after publishing). */
  startsAt: string | null;
  endsAt: string | null;
  /** null: the company is free in this round ("Pause"). */
  meeting: {
    table: number;
    tableName: string;
    partner: AgendaPartner;
    /** The company's rank of the partner and the partner's rank of the company (null = not ranked). */
    ownRank: number | null;
    partnerRank: number | null;
    score: number;
  } | null;
  /**
   * The published run is a repair (a late cancellation or a no-show re-match, decision 059) and
   * this round differs from the run it repaired: the participant sees "changed".
   */
  changed?: boolean;
}

export interface Agenda {
  eventId: string;
  runId: string;
  publishedAt: string | null;
  company: { id: string; name: string };
  /** The actor's participating companies (a member of several picks with ?company=). */
  choices: { id: string; name: string }[];
  items: AgendaItem[];
  meetingCount: number;
  /** Some round changed with the last repair (when it was published); null otherwise. */
  changedAt?: string | null;
  /** Its event day (from a day before the first round until the last one ends): the page refreshes it every minute. */
  live?: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether `now` is within a day before the first round's start and the last round's end. */
export function agendaIsLive(items: readonly Pick<AgendaItem, "startsAt" | "endsAt">[], now: Date): boolean {
  const starts = items.flatMap((i) => (i.startsAt ? [Date.parse(i.startsAt)] : []));
  const ends = items.flatMap((i) => (i.endsAt ? [Date.parse(i.endsAt)] : []));
  if (starts.length === 0 || ends.length === 0) return false;
  return now.getTime() >= Math.min(...starts) - DAY_MS && now.getTime() <= Math.max(...ends);
}
