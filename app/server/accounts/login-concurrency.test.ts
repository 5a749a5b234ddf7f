import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUser } from "../../../tests/support/approvals-fixtures";
import { createTestDb, TEST_ENGINE } from "../../../tests/support/db";
import { extractCode, lastMailTo } from "../../../tests/support/outbox";
import { config } from "~/server/config.server";
import type { DbHandle } from "~/server/db/client.server";
import { loginCodes, rateLimitHits } from "~/server/db/schema";
import { hitRateLimit } from "~/server/rate-limit.server";
import { requestLoginCode, verifyLoginCode } from "./login-code.server";

/**
 * Login-code limits under concurrency (issue item 7): each check-and-count is one atomic step, so
 * simultaneous requests cannot multiply live codes, guesses or rate-limit passes.
 */

let handle: DbHandle;
const db = () => handle.db;
let seq = 0;
const codeOf = (r: PromiseSettledResult<unknown>) => (r.status === "rejected" ? ((r.reason as { code?: string }).code ?? String(r.reason)) : "OK");
const tally = (results: PromiseSettledResult<unknown>[]) =>
  results.map(codeOf).reduce<Record<string, number>>((acc, c) => ({ ...acc, [c]: (acc[c] ?? 0) + 1 }), {});

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

async function liveCodes(userId: string) {
  return db().select().from(loginCodes).where(and(eq(loginCodes.userId, userId), isNull(loginCodes.consumedAt)));
}

describe("the rate limiter", () => {
  it("lets exactly `limit` hits through in an hour", async () => {
    const key = `test-seq:${++seq}`;
    const now = new Date();
    for (let i = 0; i < 5; i++) await hitRateLimit(db(), key, 5, now);
    await expect(hitRateLimit(db(), key, 5, now)).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    expect(await db().select().from(rateLimitHits).where(eq(rateLimitHits.key, key))).toHaveLength(5);
  });

  it.skipIf(TEST_ENGINE !== "postgres")("lets exactly `limit` of many simultaneous hits through (PostgreSQL; PGlite has one connection)", async () => {
    const key = `test-par:${++seq}`;
    const now = new Date();
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => hitRateLimit(db(), key, 30, now)));
    // Before: 31 of 30 (and more) passed, as each request counted before any had inserted.
    expect(tally(results)).toEqual({ OK: 30, TOO_MANY_REQUESTS: 10 });
  });
});

describe("login codes", () => {
  it("counts every guess before checking it, the right one too", async () => {
    const user = await insertUser(db());
    const now = new Date();
    await requestLoginCode(db(), { email: user.email, ip: "203.0.113.1", locale: "de" }, now);
    const code = extractCode((await lastMailTo(user.email))!);
    const wrong = code === "000000" ? "111111" : "000000";
    const guess = (c: string) => verifyLoginCode(db(), { email: user.email, code: c, ip: "203.0.113.1" }, now);
    for (let i = 0; i < 4; i++) await expect(guess(wrong)).rejects.toMatchObject({ code: "CODE_INVALID" });
    // The fifth guess is the right one: it still counts, and still signs in.
    await expect(guess(code)).resolves.toMatchObject({ user: { id: user.id } });
    const [row] = await db().select().from(loginCodes).where(eq(loginCodes.userId, user.id));
    expect(row).toMatchObject({ attempts: config.login.maxAttempts });
    expect(row!.consumedAt).not.toBeNull();
  });

  describe.skipIf(TEST_ENGINE !== "postgres")("under concurrency (PostgreSQL; PGlite has one connection)", () => {
    it("20 simultaneous code requests for one address leave one live code", async () => {
      const user = await insertUser(db());
      const now = new Date();
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) => requestLoginCode(db(), { email: user.email, ip: `198.51.100.${i}`, locale: "de" }, now)),
      );
      // Before: several passed the resend pause, and 3 codes were live at once (15 guesses instead of 5).
      expect(tally(results)).toEqual({ OK: 1, CODE_RESEND_TOO_EARLY: 19 });
      expect(await liveCodes(user.id)).toHaveLength(1);
    });

    it("30 simultaneous wrong guesses: only the allowed five are evaluated", async () => {
      const user = await insertUser(db());
      const now = new Date();
      await requestLoginCode(db(), { email: user.email, ip: "203.0.113.2", locale: "de" }, now);
      const code = extractCode((await lastMailTo(user.email))!);
      const wrong = code === "000000" ? "111111" : "000000";
      const results = await Promise.allSettled(
        Array.from({ length: 30 }, (_, i) => verifyLoginCode(db(), { email: user.email, code: wrong, ip: `192.0.2.${i}` }, now)),
      );
      // Four wrong guesses are told "invalid", the fifth kills the code, the rest are not evaluated.
      // Before: 10 were evaluated (each read the same attempt count).
      expect(tally(results)).toEqual({ CODE_INVALID: config.login.maxAttempts - 1, CODE_ATTEMPTS_EXCEEDED: 31 - config.login.maxAttempts });
      const [row] = await db().select().from(loginCodes).where(eq(loginCodes.userId, user.id));
      expect(row).toMatchObject({ attempts: config.login.maxAttempts });
      expect(row!.consumedAt).not.toBeNull();
    });
  });
});
