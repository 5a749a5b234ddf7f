import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb } from "../../../tests/support/db";
import { extractCode, extractLink, lastMailTo, mailsTo } from "../../../tests/support/outbox";
import type { DbHandle } from "~/server/db/client.server";
import { auditTrail, loginCodes, sessions, users } from "~/server/db/schema";
import { lookupSession } from "~/server/auth/sessions.server";
import { deleteAccount, getAccount, updateAccountName } from "./account.server";
import { requestLoginCode, verifyLoginCode } from "./login-code.server";
import { signUp } from "./signup.server";
import { verifyRegistration } from "./verification.server";

let handle: DbHandle;
let seq = 0;
const uniqueEmail = (prefix = "user") => `${prefix}.${Date.now()}.${++seq}@example.com`;
const at = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);
const IP = "203.0.113.7";

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

async function verifiedUser(email = uniqueEmail(), now = new Date()) {
  await signUp(handle.db, { name: "Test Person", email, acceptTerms: true, acceptPrivacy: true }, "de", now);
  const token = extractLink((await lastMailTo(email))!).searchParams.get("token")!;
  await verifyRegistration(handle.db, token, now);
  return email;
}

async function codeFor(email: string, now: Date, ip = IP) {
  await requestLoginCode(handle.db, { email, ip, locale: "de" }, now);
  return extractCode((await lastMailTo(email, "Anmeldecode"))!);
}

describe("sign-up and verification", () => {
  it("creates an unverified account and mails a verification link in the user's language", async () => {
    const email = uniqueEmail();
    await signUp(handle.db, { name: "Jana Nováková", email, acceptTerms: true, acceptPrivacy: true }, "cs");
    const [user] = await handle.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ name: "Jana Nováková", verified: false, active: true, role: "Organisation", locale: "cs" });
    const mail = await lastMailTo(email);
    expect(mail?.subject).toContain("Potvrďte");
    expect(extractLink(mail!).pathname).toBe("/cs/overeni");
  });

  it("verifies with the token from the link, once", async () => {
    const email = uniqueEmail();
    await signUp(handle.db, { name: "A", email, acceptTerms: true, acceptPrivacy: true }, "de");
    const token = extractLink((await lastMailTo(email))!).searchParams.get("token")!;
    await expect(verifyRegistration(handle.db, token)).resolves.toEqual({ userId: expect.any(String), email });
    const [user] = await handle.db.select().from(users).where(eq(users.email, email));
    expect(user?.verified).toBe(true);
    await expect(verifyRegistration(handle.db, token)).rejects.toMatchObject({ code: "VERIFICATION_TOKEN_NOT_FOUND" });
  });

  it("rejects unknown and expired tokens", async () => {
    await expect(verifyRegistration(handle.db, "x".repeat(43))).rejects.toMatchObject({ code: "VERIFICATION_TOKEN_NOT_FOUND" });
    const email = uniqueEmail();
    const now = new Date();
    await signUp(handle.db, { name: "A", email, acceptTerms: true, acceptPrivacy: true }, "de", now);
    const token = extractLink((await lastMailTo(email))!).searchParams.get("token")!;
    await expect(verifyRegistration(handle.db, token, at(now, 49 * 3600))).rejects.toMatchObject({ code: "VERIFICATION_TOKEN_EXPIRED" });
    const [user] = await handle.db.select().from(users).where(eq(users.email, email));
    expect(user?.verified).toBe(false);
  });

  it("does not reveal an existing address: same outcome, the owner gets a notice instead", async () => {
    const email = await verifiedUser();
    const before = await handle.db.select().from(users).where(eq(users.email, email));
    await expect(
      signUp(handle.db, { name: "Intruder", email, acceptTerms: true, acceptPrivacy: true }, "de"),
    ).resolves.toBeUndefined();
    const after = await handle.db.select().from(users).where(eq(users.email, email));
    expect(after).toEqual(before);
    expect((await lastMailTo(email))?.subject).toBe("Registrierung bei PartnerNet");
  });
});

describe("login with an e-mailed code", () => {
  it("signs in with the mailed code, opens a session and writes LOGIN to the audit trail", async () => {
    const email = await verifiedUser();
    const now = new Date();
    const code = await codeFor(email, now);
    const stored = await handle.db.select().from(loginCodes);
    expect(stored.every((row) => row.codeHash !== code)).toBe(true); // stored hashed
    const result = await verifyLoginCode(handle.db, { email, code, ip: IP }, at(now, 30));
    expect(result.user.email).toBe(email);
    const lookup = await lookupSession(handle.db, result.token, at(now, 60));
    expect(lookup).toMatchObject({ status: "valid", user: { email } });
    const audit = await handle.db.select().from(auditTrail).where(and(eq(auditTrail.userId, result.user.id), eq(auditTrail.action, "LOGIN")));
    expect(audit).toHaveLength(1);
    // The code is single-use.
    await expect(verifyLoginCode(handle.db, { email, code, ip: IP }, at(now, 40))).rejects.toMatchObject({ code: "CODE_INVALID" });
  });

  it("rejects an expired code", async () => {
    const email = await verifiedUser();
    const now = new Date();
    const code = await codeFor(email, now);
    await expect(verifyLoginCode(handle.db, { email, code, ip: IP }, at(now, 11 * 60))).rejects.toMatchObject({ code: "CODE_EXPIRED" });
  });

  it("allows five attempts, then the code is dead even if correct", async () => {
    const email = await verifiedUser();
    const now = new Date();
    const code = await codeFor(email, now);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 4; i++) {
      await expect(verifyLoginCode(handle.db, { email, code: wrong, ip: IP }, now)).rejects.toMatchObject({ code: "CODE_INVALID" });
    }
    await expect(verifyLoginCode(handle.db, { email, code: wrong, ip: IP }, now)).rejects.toMatchObject({ code: "CODE_ATTEMPTS_EXCEEDED" });
    await expect(verifyLoginCode(handle.db, { email, code, ip: IP }, now)).rejects.toMatchObject({ code: "CODE_ATTEMPTS_EXCEEDED" });
  });

  it("refuses a new code within 2 minutes and accepts one after; only the newest code works", async () => {
    const email = await verifiedUser();
    const now = new Date();
    const first = await codeFor(email, now);
    await expect(requestLoginCode(handle.db, { email, ip: IP, locale: "de" }, at(now, 119))).rejects.toMatchObject({
      code: "CODE_RESEND_TOO_EARLY",
    });
    const second = await codeFor(email, at(now, 121));
    if (first !== second) {
      await expect(verifyLoginCode(handle.db, { email, code: first, ip: IP }, at(now, 125))).rejects.toMatchObject({ code: "CODE_INVALID" });
    }
    await expect(verifyLoginCode(handle.db, { email, code: second, ip: IP }, at(now, 125))).resolves.toBeTruthy();
  });

  it("limits code requests per address and per IP address", async () => {
    const email = await verifiedUser();
    const now = new Date();
    for (let i = 0; i < 6; i++) await requestLoginCode(handle.db, { email, ip: `198.51.100.${i}`, locale: "de" }, at(now, i * 121));
    await expect(requestLoginCode(handle.db, { email, ip: "198.51.100.99", locale: "de" }, at(now, 7 * 121))).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
    const ip = "192.0.2.55";
    for (let i = 0; i < 30; i++) await requestLoginCode(handle.db, { email: uniqueEmail("ip"), ip, locale: "de" }, now);
    await expect(requestLoginCode(handle.db, { email: uniqueEmail("ip"), ip, locale: "de" }, now)).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
  });

  it("does not reveal unknown or unverified addresses, and mails them what helps", async () => {
    const unknown = uniqueEmail("unknown");
    await expect(requestLoginCode(handle.db, { email: unknown, ip: IP, locale: "cs" })).resolves.toEqual({ resendAfterSeconds: 120 });
    expect((await lastMailTo(unknown))?.subject).toBe("Přihlášení do PartnerNet");
    const unverified = uniqueEmail("unverified");
    await signUp(handle.db, { name: "U", email: unverified, acceptTerms: true, acceptPrivacy: true }, "de");
    await requestLoginCode(handle.db, { email: unverified, ip: IP, locale: "de" });
    const mails = await mailsTo(unverified);
    expect(mails.filter((m) => m.subject.startsWith("Bitte bestätigen"))).toHaveLength(2);
    await expect(verifyLoginCode(handle.db, { email: unverified, code: "123456", ip: IP })).rejects.toMatchObject({ code: "CODE_INVALID" });
  });

  it("blocks deactivated accounts: no code, and an open code is refused", async () => {
    const email = await verifiedUser();
    const now = new Date();
    const code = await codeFor(email, now);
    await handle.db.update(users).set({ active: false }).where(eq(users.email, email));
    await expect(verifyLoginCode(handle.db, { email, code, ip: IP }, now)).rejects.toMatchObject({ code: "ACCOUNT_INACTIVE" });
    await requestLoginCode(handle.db, { email, ip: IP, locale: "de" }, at(now, 200));
    expect((await lastMailTo(email))?.subject).toBe("Anmeldung bei PartnerNet nicht möglich");
  });
});

describe("sessions", () => {
  it("expire after 8 hours and are invalid once the account is deactivated", async () => {
    const email = await verifiedUser();
    const now = new Date();
    const { token } = await verifyLoginCode(handle.db, { email, code: await codeFor(email, now), ip: IP }, now);
    expect((await lookupSession(handle.db, token, at(now, 8 * 3600 - 1))).status).toBe("valid");
    expect((await lookupSession(handle.db, token, at(now, 8 * 3600 + 1))).status).toBe("expired");
    expect((await lookupSession(handle.db, token, now)).status).toBe("expired"); // the row is gone
    expect((await lookupSession(handle.db, undefined)).status).toBe("none");
    expect((await lookupSession(handle.db, "forged-token")).status).toBe("expired");

    const later = at(now, 300);
    const second = await verifyLoginCode(handle.db, { email, code: await codeFor(email, later), ip: IP }, later);
    await handle.db.update(users).set({ active: false }).where(eq(users.email, email));
    expect((await lookupSession(handle.db, second.token, later)).status).toBe("expired");
  });
});

describe("account", () => {
  async function signedIn() {
    const email = await verifiedUser();
    const [user] = await handle.db.select().from(users).where(eq(users.email, email));
    return { email, actor: { id: user!.id, role: user!.role } };
  }

  it("shows and renames the own account; others may not", async () => {
    const { actor } = await signedIn();
    const other = await signedIn();
    await updateAccountName(handle.db, actor, actor.id, "New Name");
    expect((await getAccount(handle.db, actor, actor.id)).name).toBe("New Name");
    await expect(updateAccountName(handle.db, other.actor, actor.id, "Hijack")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(getAccount(handle.db, null, actor.id)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(getAccount(handle.db, { id: "00000000-0000-0000-0000-000000000000", role: "Admin" }, actor.id)).resolves.toBeTruthy();
  });

  it("deletes the account only with the matching e-mail, with its sessions, keeping audit rows", async () => {
    const { email, actor } = await signedIn();
    const now = new Date();
    const { token } = await verifyLoginCode(handle.db, { email, code: await codeFor(email, now), ip: IP }, now);
    await expect(deleteAccount(handle.db, actor, actor.id, "wrong@example.com")).rejects.toMatchObject({ code: "DELETE_CONFIRMATION_MISMATCH" });
    expect(await handle.db.select().from(users).where(eq(users.id, actor.id))).toHaveLength(1);
    const other = await signedIn();
    await expect(deleteAccount(handle.db, other.actor, actor.id, email)).rejects.toMatchObject({ code: "FORBIDDEN" });

    await deleteAccount(handle.db, actor, actor.id, email.toUpperCase());
    expect(await handle.db.select().from(users).where(eq(users.id, actor.id))).toHaveLength(0);
    expect(await handle.db.select().from(sessions).where(eq(sessions.userId, actor.id))).toHaveLength(0);
    expect((await lookupSession(handle.db, token, now)).status).toBe("expired");
    const audit = await handle.db.select().from(auditTrail).where(eq(auditTrail.action, "LOGIN"));
    expect(audit.some((row) => row.userId === null)).toBe(true);
  });
});
