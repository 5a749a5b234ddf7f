import { z } from "zod";
import { plainText } from "./text";

export const EVALUATION_NOTES_MAX = 4000;
export const ATTENDANCE_MAX = 100_000;

/** The organiser's record; shared by the form (live checks) and the action. */
export const evaluationSchema = z.object({
  actualAttendance: z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === "") return null;
      if (!/^\d{1,6}$/.test(v) || Number(v) > ATTENDANCE_MAX) {
        ctx.addIssue({ code: "custom", message: "ATTENDANCE_INVALID" });
        return z.NEVER;
      }
      return Number(v);
    }),
  notes: plainText().trim().max(EVALUATION_NOTES_MAX, "TEXT_TOO_LONG"),
});
export type EvaluationInput = z.infer<typeof evaluationSchema>;
