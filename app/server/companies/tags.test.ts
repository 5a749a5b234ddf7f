import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, TEST_ENGINE } from "../../../tests/support/db";
import { type DbHandle, withTransaction } from "~/server/db/client.server";
import { resolveTagIds } from "./tags.server";

let handle: DbHandle;
const db = () => handle.db;

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

describe("resolving new tags", () => {
  it("reuses an existing tag whatever the case", async () => {
    const [id] = await resolveTagIds(db(), null, [], [{ de: "Wiederholt", cs: "Opakovaný" }]);
    expect(await resolveTagIds(db(), null, [], [{ de: "WIEDERHOLT", cs: "opakovaný" }])).toEqual([id]);
  });
});

describe.skipIf(TEST_ENGINE !== "postgres")("creating the same new tag at once (PostgreSQL; PGlite has one connection)", () => {
  it("one transaction creates it, the others wait and reuse it", async () => {
    const label = `Zugleich ${Date.now()}`;
    // Each profile save resolves its tags inside its transaction and commits a little later.
    const save = () =>
      withTransaction(db(), async (tx) => {
        const ids = await resolveTagIds(tx, null, [], [{ de: label, cs: `${label} cs` }]);
        await new Promise((resolve) => setTimeout(resolve, 100));
        return ids;
      });
    const results = await Promise.allSettled([save(), save(), save()]);
    // Before: the later inserts failed on the unique label (a 500 for the second owner).
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
    const ids = results.map((r) => (r as PromiseFulfilledResult<string[]>).value[0]);
    expect(new Set(ids).size).toBe(1);
  });
});
