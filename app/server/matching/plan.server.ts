import { eq } from "drizzle-orm";
import { registrationClosesAt } from "~/schemas/event-state";
import type { Db } from "~/server/db/client.server";
import { b2bPlans, type events } from "~/server/db/schema";

export type B2bPlanRow = typeof b2bPlans.$inferSelect;

/** The meeting plan as the pages and the scheduler read it (defaults before the first save). */
export interface B2bPlan {
  eventId: string;
  saved: boolean;
  roundStarts: string[];
  meetingMinutes: number;
  tableCount: number;
  tableLabels: string[];
  disabledTables: number[];
  maxPreferences: number;
  preferenceDeadline: Date | null;
  /** Event day: minutes before a round after which a company without check-in is a no-show (decision 059). */
  noShowCutoffMinutes: number;
  /** Re-match no-shows by itself at the cut-off: PAGES (agendas marked) or MAIL (and mailed); null = off. */
  noShowAuto: NoShowAuto | null;
  /** The cut-off moment the automatic re-match has handled. */
  noShowAutoDoneFor: Date | null;
  currentRunId: string | null;
  publishedRunId: string | null;
  publishedAt: Date | null;
}

export const DEFAULT_MAX_PREFERENCES = 10;
export const DEFAULT_MEETING_MINUTES = 20;
export const DEFAULT_TABLE_COUNT = 10;
export const DEFAULT_NO_SHOW_CUTOFF_MINUTES = 10;
export const NO_SHOW_AUTO = ["PAGES", "MAIL"] as const;
export type NoShowAuto = (typeof NO_SHOW_AUTO)[number];

export function planFromRow(eventId: string, row: B2bPlanRow | undefined): B2bPlan {
  if (!row) {
    return {
      eventId,
      saved: false,
      roundStarts: [],
      meetingMinutes: DEFAULT_MEETING_MINUTES,
      tableCount: DEFAULT_TABLE_COUNT,
      tableLabels: [],
      disabledTables: [],
      maxPreferences: DEFAULT_MAX_PREFERENCES,
      preferenceDeadline: null,
      noShowCutoffMinutes: DEFAULT_NO_SHOW_CUTOFF_MINUTES,
      noShowAuto: null,
      noShowAutoDoneFor: null,
      currentRunId: null,
      publishedRunId: null,
      publishedAt: null,
    };
  }
  return { ...row, saved: true };
}

/** The event's plan, or the defaults when the organiser has not saved one yet. */
export async function loadPlan(db: Db, eventId: string): Promise<B2bPlan> {
  const [row] = await db.select().from(b2bPlans).where(eq(b2bPlans.eventId, eventId));
  return planFromRow(eventId, row);
}

/** Table numbers in use (the table filter applied), ascending. */
export function usableTables(plan: Pick<B2bPlan, "tableCount" | "disabledTables">): number[] {
  const disabled = new Set(plan.disabledTables);
  return Array.from({ length: plan.tableCount }, (_, i) => i + 1).filter((n) => !disabled.has(n));
}

/** What a table is called on plans and agendas: its label, or its number. */
export function tableName(plan: Pick<B2bPlan, "tableLabels">, table: number): string {
  const label = plan.tableLabels[table - 1]?.trim();
  return label ? label : String(table);
}

/** End of a round's meeting. */
export function roundEnd(plan: Pick<B2bPlan, "meetingMinutes">, start: string): Date {
  return new Date(Date.parse(start) + plan.meetingMinutes * 60_000);
}

type EventTimes = Pick<typeof events.$inferSelect, "registrationDeadline" | "startsAt">;

/**
 * When companies may rank (spec §4: "B2B matching is released to participants after the
 * registration period ends"): from the close of registration until the plan's preference deadline
 * (or the start of the event when none is set). Organisers may correct rankings at any time.
 */
export function preferenceWindow(event: EventTimes, plan: Pick<B2bPlan, "preferenceDeadline">, now: Date): { opensAt: Date; closesAt: Date; open: boolean } {
  const opensAt = registrationClosesAt(event);
  const closesAt = plan.preferenceDeadline ?? new Date(event.startsAt);
  return { opensAt, closesAt, open: now >= opensAt && now < closesAt };
}
