import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCompany, insertUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb } from "../../../tests/support/db";
import { insertEvent } from "../../../tests/support/event-fixtures";
import { insertNews } from "../../../tests/support/news-admin-fixtures";
import type { DbHandle } from "~/server/db/client.server";
import { companies, companyChallenges, companyDuplicatePairs, companyUserLinks, eventRegistrations, userRoleRequests } from "~/server/db/schema";
import { eq } from "drizzle-orm";
import { getAdminHomeCounts } from "./admin-home.server";

let handle: DbHandle;
const db = () => handle.db;
const DAY = 86_400_000;

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

describe("the admin home counts", () => {
  it("for admins: the work waiting, as the lists it links to count it", async () => {
    const admin = await insertUser(db(), "Admin");
    const empty = await getAdminHomeCounts(db(), admin);
    expect(empty).toEqual({ kind: "admin", companyApprovals: 0, linkRequests: 0, roleRequests: 0, challenges: 0, duplicates: 0 });

    const user = await insertUser(db());
    const author = await insertUser(db());
    await insertCompany(db(), { status: "PENDING" });
    await insertCompany(db(), { status: "PENDING" });
    // A deleted pending profile, and its link request and challenge, are no longer work.
    const deleted = await insertCompany(db(), { status: "PENDING" });
    await db().update(companies).set({ deletedAt: new Date() }).where(eq(companies.id, deleted));
    const verified = await insertCompany(db());
    await db().insert(companyUserLinks).values([
      { companyId: verified, userId: user.id, status: "REQUESTED" },
      { companyId: deleted, userId: author.id, status: "REQUESTED" },
    ]);
    await db().insert(userRoleRequests).values([{ userId: user.id, requestedRole: "Multiplikator" }]);
    await db().insert(userRoleRequests).values([{ userId: author.id, requestedRole: "Multiplikator", status: "REJECTED" }]);
    await db().insert(companyChallenges).values([
      { companyId: verified, authorId: author.id, reasons: ["name"], description: "Falscher Name" },
      { companyId: verified, authorId: author.id, reasons: ["name"], description: "Erledigt", status: "NO_UPDATES" },
      { companyId: deleted, authorId: author.id, reasons: ["name"], description: "Gelöscht" },
    ]);
    // Open duplicate pairs of live profiles (decision 040): a kept-both pair and one with a deleted profile are not work.
    const twin = await insertCompany(db());
    const other = await insertCompany(db());
    const pairRow = (a: string, b: string, status: "OPEN" | "KEPT_BOTH" = "OPEN") => ({
      companyA: a < b ? a : b,
      companyB: a < b ? b : a,
      score: 60,
      reasons: ["SAME_WEBSITE_DOMAIN" as const],
      status,
    });
    await db().insert(companyDuplicatePairs).values([pairRow(verified, twin), pairRow(verified, other, "KEPT_BOTH"), pairRow(twin, deleted)]);
    expect(await getAdminHomeCounts(db(), admin)).toEqual({ kind: "admin", companyApprovals: 2, linkRequests: 1, roleRequests: 1, challenges: 1, duplicates: 1 });
  });

  it("for Multiplikators: their upcoming events, the waiting lists on them, and their news", async () => {
    const now = new Date();
    const multi = await insertUser(db(), "Multiplikator");
    const companyId = await insertCompany(db(), { members: [multi.id] });
    const otherCompany = await insertCompany(db());
    const upcoming = await insertEvent(db(), { companyId });
    await insertEvent(db(), { companyId, startsAt: new Date(now.getTime() - 10 * DAY) });
    await insertEvent(db(), { companyId, deletedAt: new Date() });
    // Co-organised: counts; someone else's event: does not.
    const coOrganised = await insertEvent(db(), { companyId: otherCompany, organizers: [companyId] });
    const foreign = await insertEvent(db(), { companyId: otherCompany });
    const registrant = await insertCompany(db());
    const reg = (eventId: string, status: "WAITING" | "REGISTERED") => ({ eventId, companyId: registrant, status, formVersion: 1, answers: {} });
    await db().insert(eventRegistrations).values([reg(upcoming, "WAITING"), reg(upcoming, "REGISTERED"), reg(coOrganised, "WAITING"), reg(foreign, "WAITING")]);
    await insertNews(db(), { companyId });
    await insertNews(db(), { companyId, active: false });
    await insertNews(db(), { companyId, deletedAt: new Date() });
    await insertNews(db(), { companyId: otherCompany });
    expect(await getAdminHomeCounts(db(), multi, now)).toEqual({ kind: "multiplikator", upcomingEvents: 2, waitingRegistrations: 2, news: 2 });
  });

  it("is not for Organisation users nor anonymous visitors", async () => {
    await expect(getAdminHomeCounts(db(), await insertUser(db()))).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(getAdminHomeCounts(db(), null)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});
