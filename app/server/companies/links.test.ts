import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCompany, insertUser, type TestUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb } from "../../../tests/support/db";
import { lastMailTo } from "../../../tests/support/outbox";
import type { DbHandle } from "~/server/db/client.server";
import { companyUserLinks } from "~/server/db/schema";
import { decideLink, listMyLinks, listPendingLinks, requestCompanyLink, searchCompaniesToLink } from "./links.server";
import { isConfirmedMember } from "./membership.server";

let handle: DbHandle;
let admin: TestUser;
let multiplikator: TestUser;
const db = () => handle.db;

beforeAll(async () => {
  handle = await createTestDb();
  admin = await insertUser(db(), "Admin");
  multiplikator = await insertUser(db(), "Multiplikator");
});
afterAll(() => handle.close());

async function linkRow(id: string) {
  const [row] = await db().select().from(companyUserLinks).where(eq(companyUserLinks.id, id));
  return row!;
}

describe("searching a company to link", () => {
  it("finds published profiles by part of the name, ignoring case and diacritics, with the user's link status", async () => {
    const user = await insertUser(db());
    const usti = await insertCompany(db(), { name: "Ústecká Strojírna s.r.o.", city: "Ústí nad Labem" });
    const linked = await insertCompany(db(), { name: "Strojírna Děčín a.s.", members: [user.id] });
    await insertCompany(db(), { name: "Strojírna Skrytá s.r.o.", status: "PENDING" });
    await insertCompany(db(), { name: "Strojírna Vypnutá s.r.o.", status: "DEACTIVATED" });

    const results = await searchCompaniesToLink(db(), user, "STROJIRNA");
    expect(results.map((r) => r.name)).toEqual(["Strojírna Děčín a.s.", "Ústecká Strojírna s.r.o."]);
    expect(results.find((r) => r.id === usti)).toMatchObject({ city: "Ústí nad Labem", country: "DE", linkStatus: null, canRequest: true });
    expect(results.find((r) => r.id === linked)).toMatchObject({ linkStatus: "CONFIRMED", canRequest: false });
    expect((await searchCompaniesToLink(db(), user, "ustecka")).map((r) => r.id)).toEqual([usti]);
  });

  it("treats % and _ literally, returns nothing for an empty query and needs a signed-in user", async () => {
    const user = await insertUser(db());
    await insertCompany(db(), { name: "Prozent Werkzeugbau GmbH" });
    expect(await searchCompaniesToLink(db(), user, "%")).toEqual([]);
    expect(await searchCompaniesToLink(db(), user, "   ")).toEqual([]);
    await expect(searchCompaniesToLink(db(), null, "Prozent")).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});

describe("requesting a link", () => {
  it("stores one open request per user and company; a second one is refused", async () => {
    const user = await insertUser(db());
    const companyId = await insertCompany(db());
    const id = await requestCompanyLink(db(), user, companyId);
    expect(await linkRow(id)).toMatchObject({ status: "REQUESTED", userId: user.id, companyId, decidedBy: null });
    await expect(requestCompanyLink(db(), user, companyId)).rejects.toMatchObject({ code: "LINK_ALREADY_REQUESTED" });
    const [search] = await searchCompaniesToLink(db(), user, (await listMyLinks(db(), user))[0]!.companyName);
    expect(search).toMatchObject({ linkStatus: "REQUESTED", canRequest: false });
  });

  it("is refused for members, hidden or unknown profiles and anonymous visitors", async () => {
    const user = await insertUser(db());
    const own = await insertCompany(db(), { members: [user.id] });
    const pending = await insertCompany(db(), { status: "PENDING" });
    await expect(requestCompanyLink(db(), user, own)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(requestCompanyLink(db(), user, pending)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(requestCompanyLink(db(), user, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(requestCompanyLink(db(), null, own)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await listMyLinks(db(), user)).toHaveLength(1);
  });

  it("can be renewed after a rejection", async () => {
    const user = await insertUser(db());
    const companyId = await insertCompany(db());
    const id = await requestCompanyLink(db(), user, companyId);
    await decideLink(db(), admin, id, "REJECTED");
    expect(await requestCompanyLink(db(), user, companyId)).toBe(id);
    expect(await linkRow(id)).toMatchObject({ status: "REQUESTED", decidedBy: null, decidedAt: null });
  });
});

describe("deciding a link (admins)", () => {
  it("lists open requests to admins only, oldest first", async () => {
    const user = await insertUser(db(), "Organisation", { name: "Karla Kunde" });
    const companyId = await insertCompany(db(), { name: "Liste GmbH", city: "Pirna" });
    const id = await requestCompanyLink(db(), user, companyId);
    const pending = await listPendingLinks(db(), admin);
    expect(pending.find((p) => p.id === id)).toMatchObject({ userName: "Karla Kunde", userEmail: user.email, companyName: "Liste GmbH", companyCity: "Pirna" });
    const times = pending.map((p) => p.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    await expect(listPendingLinks(db(), user)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(listPendingLinks(db(), multiplikator)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(listPendingLinks(db(), null)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("confirms once, makes the user a member and mails them in their language", async () => {
    const user = await insertUser(db(), "Organisation", { locale: "cs" });
    const companyId = await insertCompany(db(), { name: "Potvrzená s.r.o." });
    const id = await requestCompanyLink(db(), user, companyId);
    await decideLink(db(), admin, id, "CONFIRMED");
    expect(await linkRow(id)).toMatchObject({ status: "CONFIRMED", decidedBy: admin.id });
    expect(await isConfirmedMember(db(), user.id, companyId)).toBe(true);
    const mail = await lastMailTo(user.email);
    expect(mail?.subject).toBe("Propojení s profilem firmy bylo potvrzeno");
    expect(mail?.text).toContain("„Potvrzená s.r.o.“");
    expect(mail?.text).toContain(`/cs/firmy/${companyId}`);
    await expect(decideLink(db(), admin, id, "REJECTED")).rejects.toMatchObject({ code: "ALREADY_HANDLED" });
    expect((await linkRow(id)).status).toBe("CONFIRMED");
  });

  it("rejects with a mail, and refuses non-admins and unknown ids without changing anything", async () => {
    const user = await insertUser(db());
    const id = await requestCompanyLink(db(), user, await insertCompany(db(), { name: "Abgelehnt GmbH" }));
    await expect(decideLink(db(), user, id, "CONFIRMED")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(decideLink(db(), multiplikator, id, "CONFIRMED")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(decideLink(db(), null, id, "CONFIRMED")).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(decideLink(db(), admin, "00000000-0000-4000-8000-000000000000", "CONFIRMED")).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await linkRow(id)).status).toBe("REQUESTED");

    await decideLink(db(), admin, id, "REJECTED");
    expect((await linkRow(id)).status).toBe("REJECTED");
    const mail = await lastMailTo(user.email);
    expect(mail?.subject).toBe("Ihre Anfrage zur Verknüpfung mit einem Firmenprofil");
    expect(mail?.text).toContain("„Abgelehnt GmbH“");
  });

  it("lets only one of two simultaneous decisions win", async () => {
    const user = await insertUser(db());
    const id = await requestCompanyLink(db(), user, await insertCompany(db()));
    const results = await Promise.allSettled([decideLink(db(), admin, id, "CONFIRMED"), decideLink(db(), admin, id, "REJECTED")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "ALREADY_HANDLED" } });
  });
});
