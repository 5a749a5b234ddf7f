import { describe, expect, it } from "vitest";
import { B2bMoveSchema, parseTableFilter } from "./b2b-schedule";

const ids = { runId: "3f0b2a1c-7d7e-4c1a-9b2e-0c4d5e6f7a8b", meetingId: "5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d" };

describe("table numbers are positive integers (decision 030)", () => {
  it.each(["0", "-1", "1.5", "abc", "", "1e9"])("a move to table %j is refused", (table) => {
    expect(B2bMoveSchema.safeParse({ ...ids, round: "1", table }).success).toBe(false);
  });

  it("accepts a whole table number", () => {
    expect(B2bMoveSchema.parse({ ...ids, round: "2", table: " 7 " })).toMatchObject({ round: 2, table: 7 });
  });

  it("the download's table filter takes only positive integers", () => {
    expect(parseTableFilter("1,2,5")).toEqual([1, 2, 5]);
    for (const bad of ["0", "1,-2", "1.5", "x"]) expect(parseTableFilter(bad)).toBeNull();
  });
});
