import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCompany, insertUser, type TestUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb } from "../../../tests/support/db";
import { lastMailTo } from "../../../tests/support/outbox";
import { ChallengeSchema } from "~/schemas/company";
import type { DbHandle } from "~/server/db/client.server";
import { companyChallenges, users } from "~/server/db/schema";
import { fileChallenge, handleChallenge, listChallenges } from "./challenges.server";

let handle: DbHandle;
let admin: TestUser;
let multiplikator: TestUser;
const db = () => handle.db;
const input = ChallengeSchema.parse({ reasons: ["address", "website", "address"], description: "Die Firma ist umgezogen." });

beforeAll(async () => {
  handle = await createTestDb();
  admin = await insertUser(db(), "Admin", { name: "Anna Admin" });
  multiplikator = await insertUser(db(), "Multiplikator");
});
afterAll(() => handle.close());

async function challengeRow(id: string) {
  const [row] = await db().select().from(companyChallenges).where(eq(companyChallenges.id, id));
  return row!;
}

describe("filing a challenge", () => {
  it("stores the report of any signed-in user on a visible profile, reasons deduplicated", async () => {
    const companyId = await insertCompany(db(), { name: "Gemeldet GmbH" });
    for (const author of [await insertUser(db()), multiplikator, admin]) {
      const id = await fileChallenge(db(), author, companyId, input);
      expect(await challengeRow(id)).toMatchObject({ companyId, authorId: author.id, reasons: ["address", "website"], status: "PENDING" });
    }
  });

  it("is refused for anonymous visitors and for profiles the user cannot see", async () => {
    const user = await insertUser(db());
    const visible = await insertCompany(db());
    const hidden = await insertCompany(db(), { status: "PENDING" });
    await expect(fileChallenge(db(), null, visible, input)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(fileChallenge(db(), user, hidden, input)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(fileChallenge(db(), user, "00000000-0000-4000-8000-000000000000", input)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await db().select().from(companyChallenges).where(eq(companyChallenges.authorId, user.id))).toEqual([]);
  });

  it("the schema asks for a reason and a description (translated codes)", () => {
    const result = ChallengeSchema.safeParse({ reasons: [], description: " " });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message).sort()).toEqual(["CHALLENGE_DESCRIPTION_REQUIRED", "CHALLENGE_REASON_REQUIRED"]);
  });
});

describe("handling challenges (admins)", () => {
  it("lists pending reports oldest first with company and author; other filters show handled ones", async () => {
    const author = await insertUser(db(), "Organisation", { name: "Mira Melder" });
    const companyId = await insertCompany(db(), { name: "Liste s.r.o." });
    const id = await fileChallenge(db(), author, companyId, input);
    const pending = await listChallenges(db(), admin);
    expect(pending.find((c) => c.id === id)).toMatchObject({
      companyId,
      companyName: "Liste s.r.o.",
      authorName: "Mira Melder",
      authorEmail: author.email,
      reasons: ["address", "website"],
      description: "Die Firma ist umgezogen.",
      status: "PENDING",
      handlerName: null,
    });
    expect(pending.every((c) => c.status === "PENDING")).toBe(true);
    const times = pending.map((c) => c.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));

    await handleChallenge(db(), admin, id, "NO_UPDATES");
    expect((await listChallenges(db(), admin)).some((c) => c.id === id)).toBe(false);
    expect((await listChallenges(db(), admin, "NO_UPDATES")).find((c) => c.id === id)).toMatchObject({ status: "NO_UPDATES", handlerName: "Anna Admin" });
    expect((await listChallenges(db(), admin, "COMPANY_UPDATED")).some((c) => c.id === id)).toBe(false);
    const all = await listChallenges(db(), admin, "ALL");
    expect(all.some((c) => c.id === id)).toBe(true);
    // Pending reports come first in the "all" view.
    const firstHandled = all.findIndex((c) => c.status !== "PENDING");
    expect(all.slice(firstHandled).every((c) => c.status !== "PENDING")).toBe(true);
  });

  it("closes a report once and tells the author in their language", async () => {
    const author = await insertUser(db(), "Organisation", { locale: "cs" });
    const companyId = await insertCompany(db(), { name: "Opravená s.r.o." });
    const id = await fileChallenge(db(), author, companyId, input);
    await handleChallenge(db(), admin, id, "COMPANY_UPDATED");
    expect(await challengeRow(id)).toMatchObject({ status: "COMPANY_UPDATED", handledBy: admin.id });
    const mail = await lastMailTo(author.email);
    expect(mail?.subject).toBe("Vaše hlášení chyby v profilu firmy");
    expect(mail?.text).toContain("profil jsme aktualizovali");
    expect(mail?.text).toContain(`/cs/firmy/${companyId}`);
    await expect(handleChallenge(db(), admin, id, "NO_UPDATES")).rejects.toMatchObject({ code: "ALREADY_HANDLED" });
    expect((await challengeRow(id)).status).toBe("COMPANY_UPDATED");
  });

  it("works when the author's account is gone (no mail, author shown as deleted)", async () => {
    const author = await insertUser(db());
    const id = await fileChallenge(db(), author, await insertCompany(db()), input);
    await db().delete(users).where(eq(users.id, author.id));
    expect((await listChallenges(db(), admin)).find((c) => c.id === id)).toMatchObject({ authorName: null, authorEmail: null });
    await handleChallenge(db(), admin, id, "NO_UPDATES");
    expect(await lastMailTo(author.email)).toBeUndefined();
  });

  it("refuses non-admins and unknown ids without changing anything", async () => {
    const author = await insertUser(db());
    const id = await fileChallenge(db(), author, await insertCompany(db()), input);
    for (const actor of [author, multiplikator]) {
      await expect(listChallenges(db(), actor)).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(handleChallenge(db(), actor, id, "NO_UPDATES")).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    await expect(handleChallenge(db(), null, id, "NO_UPDATES")).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(handleChallenge(db(), admin, "00000000-0000-4000-8000-000000000000", "NO_UPDATES")).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await challengeRow(id)).status).toBe("PENDING");
  });
});
