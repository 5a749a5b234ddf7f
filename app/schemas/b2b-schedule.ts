import { z } from "zod";

/** The organiser's edits of a schedule (issue 12): lock, move, restore, publish all name the run they saw. */
const id = z.string().uuid("INVALID_INPUT");
const positive = z.coerce.number().int("INVALID_INPUT").min(1, "INVALID_INPUT").max(1000, "INVALID_INPUT");

export const B2bLockSchema = z.object({ runId: id, meetingId: id, locked: z.enum(["true", "false"]).transform((v) => v === "true") });
export const B2bMoveSchema = z.object({ runId: id, meetingId: id, round: positive, table: positive });
export const B2bRunRefSchema = z.object({ runId: id });

/** "?tables=1,2,5" of the downloads: the table filter; absent or empty = all usable tables. */
export function parseTableFilter(value: string | null): number[] | null {
  if (!value) return null;
  const numbers = value.split(",").map((v) => Number(v.trim()));
  if (numbers.length > 1000 || numbers.some((n) => !Number.isInteger(n) || n < 1 || n > 1000)) return null;
  return [...new Set(numbers)];
}
