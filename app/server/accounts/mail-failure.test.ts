import net from "node:net";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDb } from "../../../tests/support/db";
import type { DbHandle } from "~/server/db/client.server";
import { loginCodes, rateLimitHits, users } from "~/server/db/schema";
import { logger } from "~/server/logger.server";

let handle: DbHandle;
let smtpPort: number;

beforeAll(async () => {
  handle = await createTestDb();
  // A port nobody listens on: the mail server is down.
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  smtpPort = (probe.address() as net.AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  vi.stubEnv("SMTP_URL", `smtp://127.0.0.1:${smtpPort}`);
  vi.resetModules();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  vi.resetModules();
  await handle.close();
});

describe("when the mail server is down", () => {
  it("says so, does not start the resend wait, and leaves no code nobody received", async () => {
    const { requestLoginCode } = await import("./login-code.server");
    const email = `smtp.down.${Date.now()}@example.com`;
    await handle.db.insert(users).values({ email, name: "Mail Less", verified: true, active: true, termsAcceptedAt: new Date() });

    const now = new Date();
    await expect(requestLoginCode(handle.db, { email, ip: "203.0.113.9", locale: "cs" }, now)).rejects.toMatchObject({ code: "MAIL_SEND_FAILED", status: 503 });
    // Asking again at once is not "too early": it tries to send again.
    await expect(requestLoginCode(handle.db, { email, ip: "203.0.113.9", locale: "cs" }, new Date(now.getTime() + 1000))).rejects.toMatchObject({
      code: "MAIL_SEND_FAILED",
    });

    const [user] = await handle.db.select().from(users).where(eq(users.email, email));
    const live = await handle.db.select().from(loginCodes).where(and(eq(loginCodes.userId, user!.id), isNull(loginCodes.consumedAt)));
    expect(live).toHaveLength(0);
    const hits = await handle.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, `login-email:${email}`));
    expect(hits).toHaveLength(0);
  });

  it("tells a new member the verification mail did not go out (sign-up can simply be repeated)", async () => {
    const { signUp } = await import("./signup.server");
    const email = `smtp.down.signup.${Date.now()}@example.com`;
    const input = { name: "Nova Nová", email, acceptTerms: true as const, acceptPrivacy: true as const };
    await expect(signUp(handle.db, input, "cs")).rejects.toMatchObject({ code: "MAIL_SEND_FAILED" });
    await expect(signUp(handle.db, input, "cs")).rejects.toMatchObject({ code: "MAIL_SEND_FAILED" });
    expect(await handle.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it("does not turn a committed decision into an error: notices are logged instead", async () => {
    const { mailUser } = await import("~/server/mail/notify.server");
    const [user] = await handle.db.insert(users).values({ email: `notice.${Date.now()}@example.com`, name: "N", verified: true, active: true }).returning();
    const errors = vi.spyOn(logger, "error").mockImplementation(() => {});
    await expect(mailUser(handle.db, user!.id, () => ({ subject: "mail.companyApproved.subject", paragraphs: [] }))).resolves.toBeUndefined();
    expect(errors.mock.calls.flat().join(" ")).toMatch(/not sent/);
    errors.mockRestore();
  });
});
