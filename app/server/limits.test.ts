import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCompany, insertUser, type TestUser } from "../../tests/support/approvals-fixtures";
import { createTestDb, TEST_ENGINE } from "../../tests/support/db";
import { ChallengeSchema } from "~/schemas/company";
import { fileChallenge } from "~/server/companies/challenges.server";
import { requestCompanyLink } from "~/server/companies/links.server";
import type { DbHandle } from "~/server/db/client.server";
import { USER_WRITES_PER_HOUR } from "./limits.server";

/** Per-user limits on reports and other writes (issue item 15; numbers in limits.server.ts). */

let handle: DbHandle;
let admin: TestUser;
const db = () => handle.db;
const challenge = ChallengeSchema.parse({ reasons: ["other"], description: "Falsch." });
const codeOf = (r: PromiseSettledResult<unknown>) => (r.status === "rejected" ? ((r.reason as { code?: string }).code ?? String(r.reason)) : "OK");

beforeAll(async () => {
  handle = await createTestDb();
  admin = await insertUser(db(), "Admin");
});
afterAll(() => handle.close());

describe("per-user write limits", () => {
  it(`allow ${USER_WRITES_PER_HOUR.challenge} error reports an hour, then TOO_MANY_REQUESTS; other users and admins are not affected`, async () => {
    const user = await insertUser(db());
    const companyId = await insertCompany(db());
    for (let i = 0; i < USER_WRITES_PER_HOUR.challenge; i++) await fileChallenge(db(), user, companyId, challenge);
    await expect(fileChallenge(db(), user, companyId, challenge)).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS", status: 429 });
    await expect(fileChallenge(db(), await insertUser(db()), companyId, challenge)).resolves.toBeTruthy();
    for (let i = 0; i <= USER_WRITES_PER_HOUR.challenge; i++) await fileChallenge(db(), admin, companyId, challenge);
  });

  it("count only writes that succeed", async () => {
    const user = await insertUser(db());
    const companyId = await insertCompany(db());
    await requestCompanyLink(db(), user, companyId);
    for (let i = 0; i < USER_WRITES_PER_HOUR.linkRequest + 2; i++) {
      await expect(requestCompanyLink(db(), user, companyId)).rejects.toMatchObject({ code: "LINK_ALREADY_REQUESTED" });
    }
    await expect(requestCompanyLink(db(), user, await insertCompany(db()))).resolves.toBeTruthy();
  });

  it.skipIf(TEST_ENGINE !== "postgres")("hold when a script fires 40 reports at once (PostgreSQL; PGlite has one connection)", async () => {
    const user = await insertUser(db());
    const companyId = await insertCompany(db());
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => fileChallenge(db(), user, companyId, challenge)));
    const codes = results.map(codeOf);
    expect(codes.filter((c) => c === "OK")).toHaveLength(USER_WRITES_PER_HOUR.challenge);
    expect(codes.filter((c) => c !== "OK").every((c) => c === "TOO_MANY_REQUESTS")).toBe(true);
  });
});
