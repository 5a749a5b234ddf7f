import { describe, expect, it } from "vitest";
import { fieldErrors } from "./form-errors";
import { b2bPlanFormSchema, splitTableLabels } from "./b2b-plan";

// 12 March 2027, 09:00–17:00 Berlin (CET, UTC+1); registration closed on 5 March.
const EVENT = { startsAt: new Date("2027-03-12T08:00:00Z"), endsAt: new Date("2027-03-12T16:00:00Z"), registrationClosesAt: new Date("2027-03-05T12:00:00Z") };
const schema = b2bPlanFormSchema(2027, EVENT);
const base = { day: "12.03.2027", roundTimes: ["09:30", "10:00", "10:45"], meetingMinutes: "25", tableCount: "6", tableLabels: "", disabledTables: [] as string[], maxPreferences: "10", deadlineDate: "", deadlineTime: "" };
const errors = (patch: Partial<typeof base>) => {
  const parsed = schema.safeParse({ ...base, ...patch });
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe("the B2B plan form", () => {
  it("reads rounds as Berlin times on the day, breaks being gaps", () => {
    const plan = schema.parse({ ...base, tableLabels: "A1, A2;B1", disabledTables: ["5", "2", "5"], deadlineDate: "10. 3. 2027", deadlineTime: "18:00" });
    expect(plan.roundStarts.map((d) => d.toISOString())).toEqual(["2027-03-12T08:30:00.000Z", "2027-03-12T09:00:00.000Z", "2027-03-12T09:45:00.000Z"]);
    expect(plan).toMatchObject({ meetingMinutes: 25, tableCount: 6, tableLabels: ["A1", "A2", "B1"], disabledTables: [2, 5], maxPreferences: 10 });
    expect(plan.preferenceDeadline?.toISOString()).toBe("2027-03-10T17:00:00.000Z");
  });

  it("reports each rule on its field", () => {
    expect(errors({ roundTimes: [] })).toMatchObject({ roundTimes: "B2B_ROUNDS_REQUIRED" });
    expect(errors({ roundTimes: ["09:30", "09:40"] })).toMatchObject({ "roundTimes.1": "B2B_ROUNDS_OVERLAP" });
    expect(errors({ roundTimes: ["09:30", "8:00"] })).toMatchObject({ "roundTimes.1": "B2B_ROUNDS_OVERLAP" });
    expect(errors({ roundTimes: ["16:50"] })).toMatchObject({ "roundTimes.0": "B2B_ROUNDS_OUTSIDE_EVENT" });
    expect(errors({ roundTimes: ["09:30", "25:00"] })).toMatchObject({ "roundTimes.1": "TIME_INVALID" });
    expect(errors({ roundTimes: Array.from({ length: 41 }, () => "09:00") })).toMatchObject({ roundTimes: "B2B_ROUNDS_TOO_MANY" });
    expect(errors({ meetingMinutes: "4" })).toMatchObject({ meetingMinutes: "B2B_MEETING_LENGTH_INVALID" });
    expect(errors({ tableCount: "0" })).toMatchObject({ tableCount: "B2B_TABLES_INVALID" });
    expect(errors({ tableCount: "2", tableLabels: "A, B, C" })).toMatchObject({ tableLabels: "B2B_TABLE_LABELS_TOO_MANY" });
    expect(errors({ tableLabels: "A, a" })).toMatchObject({ tableLabels: "B2B_TABLE_LABEL_DUPLICATE" });
    expect(errors({ tableCount: "2", disabledTables: ["1", "2"] })).toMatchObject({ disabledTables: "B2B_TABLE_FILTER_EMPTY" });
    expect(errors({ tableCount: "2", disabledTables: ["3"] })).toMatchObject({ disabledTables: "INVALID_INPUT" });
    expect(errors({ maxPreferences: "51" })).toMatchObject({ maxPreferences: "B2B_MAX_PREFERENCES_INVALID" });
    expect(errors({ day: "31.02.2027" })).toMatchObject({ day: "DATE_INVALID" });
    // The deadline lies after registration closes and no later than the start.
    expect(errors({ deadlineDate: "04.03.2027", deadlineTime: "12:00" })).toMatchObject({ deadlineDate: "B2B_DEADLINE_INVALID" });
    expect(errors({ deadlineDate: "12.03.2027", deadlineTime: "09:01" })).toMatchObject({ deadlineDate: "B2B_DEADLINE_INVALID" });
    expect(errors({ deadlineDate: "10.03.2027" })).toMatchObject({ deadlineTime: "TIME_REQUIRED" });
  });

  it("splits table labels on commas, semicolons and lines", () => {
    expect(splitTableLabels(" A1 ,A2;\nB1,, ")).toEqual(["A1", "A2", "B1"]);
  });
});
