import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCompany, insertUser, type TestUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb } from "../../../tests/support/db";
import { lastMailTo } from "../../../tests/support/outbox";
import type { DbHandle } from "~/server/db/client.server";
import { companyUserLinks, userRoleRequests, users } from "~/server/db/schema";
import { decideRoleRequest, getRoleRequestState, listPendingRoleRequests, requestMultiplikatorRole } from "./role-requests.server";

let handle: DbHandle;
let admin: TestUser;
const db = () => handle.db;

beforeAll(async () => {
  handle = await createTestDb();
  admin = await insertUser(db(), "Admin");
});
afterAll(() => handle.close());

/** An Organisation user who is a confirmed member of a company. */
async function linkedUser(locale: "de" | "cs" = "de", name?: string) {
  const user = await insertUser(db(), "Organisation", { locale, ...(name ? { name } : {}) });
  await insertCompany(db(), { name: `Firma von ${user.email}`, members: [user.id] });
  return user;
}

async function roleOf(userId: string) {
  const [row] = await db().select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row!.role;
}

describe("requesting the Multiplikator role", () => {
  it("needs a linked company, and only one open request", async () => {
    const loner = await insertUser(db());
    expect(await getRoleRequestState(db(), loner)).toMatchObject({ hasCompany: false, pendingSince: null, can: { request: false } });
    await expect(requestMultiplikatorRole(db(), loner)).rejects.toMatchObject({ code: "ROLE_REQUEST_NEEDS_COMPANY" });

    const user = await linkedUser();
    expect((await getRoleRequestState(db(), user)).can.request).toBe(true);
    await requestMultiplikatorRole(db(), user);
    const state = await getRoleRequestState(db(), user);
    expect(state.pendingSince).toBeInstanceOf(Date);
    expect(state.can.request).toBe(false);
    await expect(requestMultiplikatorRole(db(), user)).rejects.toMatchObject({ code: "ROLE_REQUEST_EXISTS" });
    expect(await db().select().from(userRoleRequests).where(eq(userRoleRequests.userId, user.id))).toHaveLength(1);
  });

  it("a pending company link does not count", async () => {
    const user = await insertUser(db());
    await db().insert(companyUserLinks).values({ companyId: await insertCompany(db()), userId: user.id, status: "REQUESTED" });
    await expect(requestMultiplikatorRole(db(), user)).rejects.toMatchObject({ code: "ROLE_REQUEST_NEEDS_COMPANY" });
  });

  it("is only for Organisation users; anonymous visitors must sign in", async () => {
    const multiplikator = await insertUser(db(), "Multiplikator");
    await expect(requestMultiplikatorRole(db(), multiplikator)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(requestMultiplikatorRole(db(), admin)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(requestMultiplikatorRole(db(), null)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(getRoleRequestState(db(), null)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("two requests at the same moment store only one", async () => {
    const user = await linkedUser();
    const results = await Promise.allSettled([requestMultiplikatorRole(db(), user), requestMultiplikatorRole(db(), user)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await db().select().from(userRoleRequests).where(eq(userRoleRequests.userId, user.id))).toHaveLength(1);
  });
});

describe("deciding role requests (admins)", () => {
  it("lists open requests with the requester's companies, for admins only", async () => {
    const user = await linkedUser("de", "Rita Rolle");
    const id = await requestMultiplikatorRole(db(), user);
    const row = (await listPendingRoleRequests(db(), admin)).find((r) => r.id === id);
    expect(row).toMatchObject({ userName: "Rita Rolle", userEmail: user.email, userRole: "Organisation", requestedRole: "Multiplikator", companies: [`Firma von ${user.email}`] });
    await expect(listPendingRoleRequests(db(), user)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(listPendingRoleRequests(db(), await insertUser(db(), "Multiplikator"))).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("approval changes the role at once and mails the user in their language; a decision is final", async () => {
    const user = await linkedUser("cs");
    const id = await requestMultiplikatorRole(db(), user);
    await decideRoleRequest(db(), admin, id, "APPROVED");
    expect(await roleOf(user.id)).toBe("Multiplikator");
    const mail = await lastMailTo(user.email);
    expect(mail?.subject).toBe("Nyní jste multiplikátorem na PartnerNet");
    expect(mail?.text).toContain("/cs/admin");
    await expect(decideRoleRequest(db(), admin, id, "REJECTED")).rejects.toMatchObject({ code: "ALREADY_HANDLED" });
    expect(await roleOf(user.id)).toBe("Multiplikator");
    expect((await getRoleRequestState(db(), { id: user.id, role: "Multiplikator" })).can.request).toBe(false);
  });

  it("rejection keeps the role, mails the user and allows a new request", async () => {
    const user = await linkedUser();
    const id = await requestMultiplikatorRole(db(), user);
    await decideRoleRequest(db(), admin, id, "REJECTED");
    expect(await roleOf(user.id)).toBe("Organisation");
    expect((await lastMailTo(user.email))?.subject).toBe("Ihre Anfrage für die Rolle Multiplikator");
    expect(await getRoleRequestState(db(), user)).toMatchObject({ lastDecision: { status: "REJECTED" }, can: { request: true } });
    await expect(requestMultiplikatorRole(db(), user)).resolves.toBeTruthy();
  });

  it("never demotes: approving for someone who became admin meanwhile keeps Admin", async () => {
    const user = await linkedUser();
    const id = await requestMultiplikatorRole(db(), user);
    await db().update(users).set({ role: "Admin" }).where(eq(users.id, user.id));
    await decideRoleRequest(db(), admin, id, "APPROVED");
    expect(await roleOf(user.id)).toBe("Admin");
  });

  it("refuses non-admins and unknown ids without changing anything", async () => {
    const user = await linkedUser();
    const id = await requestMultiplikatorRole(db(), user);
    await expect(decideRoleRequest(db(), user, id, "APPROVED")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(decideRoleRequest(db(), await insertUser(db(), "Multiplikator"), id, "APPROVED")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(decideRoleRequest(db(), admin, "00000000-0000-4000-8000-000000000000", "APPROVED")).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await roleOf(user.id)).toBe("Organisation");
    const [row] = await db().select().from(userRoleRequests).where(eq(userRoleRequests.id, id));
    expect(row?.status).toBe("REQUESTED");
  });
});
