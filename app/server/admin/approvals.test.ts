import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { insertCompany, insertUser, type TestUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb } from "../../../tests/support/db";
import { requestMultiplikatorRole } from "~/server/accounts/role-requests.server";
import { requestCompanyLink } from "~/server/companies/links.server";
import type { DbHandle } from "~/server/db/client.server";
import { companies } from "~/server/db/schema";
import { getApprovals } from "./approvals.server";

let handle: DbHandle;
let admin: TestUser;
const db = () => handle.db;

beforeAll(async () => {
  handle = await createTestDb();
  admin = await insertUser(db(), "Admin");
});
afterAll(() => handle.close());

it("gathers new profiles, link requests and role requests for admins", async () => {
  const creator = await insertUser(db(), "Organisation", { name: "Clara Creator" });
  const pendingId = await insertCompany(db(), { name: "Neu GmbH", status: "PENDING", city: "Zittau" });
  await db().update(companies).set({ createdBy: creator.id }).where(eq(companies.id, pendingId));
  await insertCompany(db(), { name: "Schon frei GmbH" });
  const requester = await insertUser(db());
  await insertCompany(db(), { members: [requester.id] });
  const linkId = await requestCompanyLink(db(), requester, await insertCompany(db()));
  const roleId = await requestMultiplikatorRole(db(), requester);

  const approvals = await getApprovals(db(), admin);
  expect(approvals.companies).toEqual([
    expect.objectContaining({ id: pendingId, name: "Neu GmbH", city: "Zittau", country: "DE", creatorName: "Clara Creator", creatorEmail: creator.email }),
  ]);
  expect(approvals.links.map((l) => l.id)).toEqual([linkId]);
  expect(approvals.roleRequests.map((r) => r.id)).toEqual([roleId]);
});

it("is for admins only", async () => {
  await expect(getApprovals(db(), await insertUser(db(), "Organisation"))).rejects.toMatchObject({ code: "FORBIDDEN" });
  await expect(getApprovals(db(), await insertUser(db(), "Multiplikator"))).rejects.toMatchObject({ code: "FORBIDDEN" });
  await expect(getApprovals(db(), null)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
});
