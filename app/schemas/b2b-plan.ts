import { z } from "zod";
import { fromBerlin } from "./berlin-time";
import { type DateParts, parseDateInput, parseTimeInput } from "./date-input";
import { singleLine } from "./text";

/**
 * The B2B meeting plan form (issue 12, decision 024), shared by the page's live check and the
 * server: one day, a start time per round (breaks are gaps between rounds), the meeting length,
 * the tables (count, optional labels, the table filter) and the ranking rules (maximum list
 * length, preference deadline). Times are Europe/Berlin wall-clock times.
 */
export const B2B_PLAN_LIMITS = {
  rounds: 40,
  tables: 500,
  maxPreferences: 50,
  minMeetingMinutes: 5,
  maxMeetingMinutes: 240,
  labelLength: 20,
} as const;

/** The multipart fields that repeat. */
export const B2B_PLAN_ARRAY_FIELDS = ["roundTimes", "disabledTables"] as const;

/** Every field of the plan form is single-line (decision 030). */
const str = () => singleLine().optional().default("");

export const RawB2bPlanForm = z.object({
  day: str(),
  roundTimes: z.array(singleLine()).default([]),
  meetingMinutes: str(),
  tableCount: str(),
  tableLabels: str(),
  disabledTables: z.array(singleLine()).default([]),
  maxPreferences: str(),
  deadlineDate: str(),
  deadlineTime: str(),
});

export interface B2bPlanInput {
  roundStarts: Date[];
  meetingMinutes: number;
  tableCount: number;
  tableLabels: string[];
  disabledTables: number[];
  maxPreferences: number;
  preferenceDeadline: Date | null;
}

/** What the checks need to know about the event. */
export interface B2bPlanEventTimes {
  startsAt: Date | string;
  endsAt: Date | string;
  /** When registration closes (the deadline, or the start). */
  registrationClosesAt: Date | string;
}

const ms = (d: Date | string) => (typeof d === "string" ? Date.parse(d) : d.getTime());

function issue(ctx: z.RefinementCtx, field: string, message: string) {
  ctx.addIssue({ code: "custom", path: [field], message });
}

function wholeNumber(text: string, min: number, max: number): number | null {
  const t = text.trim();
  if (!/^\d{1,6}$/.test(t)) return null;
  const n = Number(t);
  return n >= min && n <= max ? n : null;
}

/** "A1, A2; B1" → ["A1", "A2", "B1"] (comma, semicolon or line break between labels). */
export function splitTableLabels(text: string): string[] {
  return text
    .split(/[,;\n]/)
    .map((l) => l.trim())
    .filter((l) => l !== "");
}

/** Field name of one round's time input (errors are reported on it). */
export const roundTimeField = (index: number) => `roundTimes.${index}`;

export function b2bPlanFormSchema(currentYear: number, event: B2bPlanEventTimes) {
  return RawB2bPlanForm.transform((raw, ctx): B2bPlanInput => {
    const meetingMinutes = wholeNumber(raw.meetingMinutes, B2B_PLAN_LIMITS.minMeetingMinutes, B2B_PLAN_LIMITS.maxMeetingMinutes);
    if (meetingMinutes === null) issue(ctx, "meetingMinutes", "B2B_MEETING_LENGTH_INVALID");

    let day: DateParts | null = null;
    if (raw.day.trim() === "") issue(ctx, "day", "DATE_REQUIRED");
    else if (!(day = parseDateInput(raw.day, currentYear))) issue(ctx, "day", "DATE_INVALID");

    const times = raw.roundTimes.map((t) => t.trim());
    if (times.length === 0 || times.every((t) => t === "")) issue(ctx, "roundTimes", "B2B_ROUNDS_REQUIRED");
    if (times.length > B2B_PLAN_LIMITS.rounds) issue(ctx, "roundTimes", "B2B_ROUNDS_TOO_MANY");
    const roundStarts: Date[] = [];
    times.forEach((text, i) => {
      const time = parseTimeInput(text);
      if (!time) return issue(ctx, roundTimeField(i), text === "" ? "TIME_REQUIRED" : "TIME_INVALID");
      if (!day) return;
      const start = fromBerlin({ ...day, ...time });
      const previous = roundStarts[roundStarts.length - 1];
      if (previous && meetingMinutes !== null && start.getTime() < previous.getTime() + meetingMinutes * 60_000) issue(ctx, roundTimeField(i), "B2B_ROUNDS_OVERLAP");
      else if (meetingMinutes !== null && (start.getTime() < ms(event.startsAt) || start.getTime() + meetingMinutes * 60_000 > ms(event.endsAt))) issue(ctx, roundTimeField(i), "B2B_ROUNDS_OUTSIDE_EVENT");
      roundStarts.push(start);
    });

    const tableCount = wholeNumber(raw.tableCount, 1, B2B_PLAN_LIMITS.tables);
    if (tableCount === null) issue(ctx, "tableCount", "B2B_TABLES_INVALID");
    const tableLabels = splitTableLabels(raw.tableLabels);
    if (tableLabels.some((l) => l.length > B2B_PLAN_LIMITS.labelLength)) issue(ctx, "tableLabels", "TEXT_TOO_LONG");
    else if (tableCount !== null && tableLabels.length > tableCount) issue(ctx, "tableLabels", "B2B_TABLE_LABELS_TOO_MANY");
    else if (new Set(tableLabels.map((l) => l.toLocaleLowerCase())).size !== tableLabels.length) issue(ctx, "tableLabels", "B2B_TABLE_LABEL_DUPLICATE");

    const disabled = [...new Set(raw.disabledTables.map((t) => wholeNumber(t, 1, B2B_PLAN_LIMITS.tables)))];
    if (disabled.some((n) => n === null || (tableCount !== null && n > tableCount))) issue(ctx, "disabledTables", "INVALID_INPUT");
    else if (tableCount !== null && disabled.length >= tableCount) issue(ctx, "disabledTables", "B2B_TABLE_FILTER_EMPTY");

    const maxPreferences = wholeNumber(raw.maxPreferences, 1, B2B_PLAN_LIMITS.maxPreferences);
    if (maxPreferences === null) issue(ctx, "maxPreferences", "B2B_MAX_PREFERENCES_INVALID");

    let preferenceDeadline: Date | null = null;
    const hasDate = raw.deadlineDate.trim() !== "";
    const hasTime = raw.deadlineTime.trim() !== "";
    if (hasDate || hasTime) {
      const date = hasDate ? parseDateInput(raw.deadlineDate, currentYear) : null;
      const time = hasTime ? parseTimeInput(raw.deadlineTime) : null;
      if (!hasDate) issue(ctx, "deadlineDate", "DATE_REQUIRED");
      else if (!date) issue(ctx, "deadlineDate", "DATE_INVALID");
      if (!hasTime) issue(ctx, "deadlineTime", "TIME_REQUIRED");
      else if (!time) issue(ctx, "deadlineTime", "TIME_INVALID");
      if (date && time) {
        preferenceDeadline = fromBerlin({ ...date, ...time });
        if (preferenceDeadline.getTime() <= ms(event.registrationClosesAt) || preferenceDeadline.getTime() > ms(event.startsAt)) issue(ctx, "deadlineDate", "B2B_DEADLINE_INVALID");
      }
    }

    if (meetingMinutes === null || tableCount === null || maxPreferences === null || roundStarts.length !== times.length || times.length === 0) return z.NEVER;
    return {
      roundStarts,
      meetingMinutes,
      tableCount,
      tableLabels,
      disabledTables: (disabled as number[]).sort((a, b) => a - b),
      maxPreferences,
      preferenceDeadline,
    };
  });
}
