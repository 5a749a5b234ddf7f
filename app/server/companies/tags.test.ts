import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCompany, insertUser, type TestUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb, TEST_ENGINE } from "../../../tests/support/db";
import { type DbHandle, withTransaction } from "~/server/db/client.server";
import { companies, companyTags } from "~/server/db/schema";
import { verifyCompany } from "./moderation.server";
import { listTags, resolveTagIds } from "./tags.server";

/** New tags become public with their company's approval (issue item 15). */

let handle: DbHandle;
let admin: TestUser;
const db = () => handle.db;

beforeAll(async () => {
  handle = await createTestDb();
  admin = await insertUser(db(), "Admin");
});
afterAll(() => handle.close());

async function tagCompany(companyId: string, userId: string, de: string, cs: string): Promise<string> {
  const [id] = await resolveTagIds(db(), userId, [], [{ de, cs }]);
  await db().insert(companyTags).values({ companyId, tagId: id! });
  return id!;
}
const publicIds = async (options?: { companyId?: string }) => (await listTags(db(), "de", options)).map((t) => t.id);

describe("public tag lists", () => {
  it("hide a pending company's new tag until the company is approved, and drop it when the company is gone", async () => {
    const owner = await insertUser(db());
    const pending = await insertCompany(db(), { status: "PENDING", members: [owner.id] });
    const tagId = await tagCompany(pending, owner.id, "Spamschlagwort", "Spamový štítek");
    expect(await publicIds()).not.toContain(tagId);
    // The company's own edit form still offers it.
    expect(await publicIds({ companyId: pending })).toContain(tagId);

    await verifyCompany(db(), admin, pending);
    expect(await publicIds()).toContain(tagId);

    await db().delete(companies).where(eq(companies.id, pending));
    expect(await publicIds()).not.toContain(tagId);
  });

  it("list a tag while at least one verified company uses it, whoever created it", async () => {
    const owner = await insertUser(db());
    const verified = await insertCompany(db());
    const pending = await insertCompany(db(), { status: "PENDING" });
    const tagId = await tagCompany(pending, owner.id, "Geteilt", "Sdílený");
    expect(await publicIds()).not.toContain(tagId);
    // Typing the same tag again (any case) reuses it.
    expect(await tagCompany(verified, owner.id, "geteilt", "SDÍLENÝ")).toBe(tagId);
    expect(await publicIds()).toContain(tagId);
  });
});

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
