import { afterEach, describe, expect, it, vi } from "vitest";

const DAY_MS = 24 * 60 * 60 * 1000;

function requestWithClock(value: string | null, otherCookies = "pb_auth=abc; locale=cs"): Request {
  const cookie = value === null ? otherCookies : `${otherCookies}; e2e_clock=${value}`;
  return new Request("http://localhost/de/firmen/1", { headers: { Cookie: cookie } });
}

/** The clock module as a server started with this environment would load it. */
async function loadClock(env: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.resetModules();
  return import("./clock.server");
}

/** Days between `date` and the real time now (fractional). */
const daysFromRealNow = (date: Date) => (date.getTime() - Date.now()) / DAY_MS;

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("the test clock", () => {
  it("ignores the e2e_clock cookie when the server was started without E2E_CLOCK", async () => {
    const clock = await loadClock({ E2E_CLOCK: undefined });
    const inside = clock.runWithRequestClock(requestWithClock("25"), () => clock.now());
    expect(Math.abs(daysFromRealNow(inside))).toBeLessThan(0.001);
    expect(clock.requestedOffsetDays(requestWithClock("25"))).toBe(0);
  });

  it("ignores it with E2E_CLOCK=0 as well", async () => {
    const clock = await loadClock({ E2E_CLOCK: "0" });
    expect(clock.requestedOffsetDays(requestWithClock("25"))).toBe(0);
  });

  it("with E2E_CLOCK=1 shifts now() by the cookie's days, inside that request only", async () => {
    const clock = await loadClock({ E2E_CLOCK: "1" });
    const inside = await clock.runWithRequestClock(requestWithClock("25"), async () => {
      await new Promise((resolve) => setTimeout(resolve, 5)); // survives awaits
      return clock.now();
    });
    expect(daysFromRealNow(inside)).toBeCloseTo(25, 3);
    expect(Math.abs(daysFromRealNow(clock.now()))).toBeLessThan(0.001);
    // Negative shifts, and requests without the cookie keep the real time.
    expect(daysFromRealNow(clock.runWithRequestClock(requestWithClock("-3"), () => clock.now()))).toBeCloseTo(-3, 3);
    expect(Math.abs(daysFromRealNow(clock.runWithRequestClock(requestWithClock(null), () => clock.now())))).toBeLessThan(0.001);
  });

  it("keeps concurrent requests apart", async () => {
    const clock = await loadClock({ E2E_CLOCK: "1" });
    const handle = (value: string | null, wait: number) =>
      clock.runWithRequestClock(requestWithClock(value), async () => {
        await new Promise((resolve) => setTimeout(resolve, wait));
        // `+ 0` turns Math.round's -0 (a real clock a millisecond behind) into 0 for toEqual.
        return Math.round(daysFromRealNow(clock.now())) + 0;
      });
    expect(await Promise.all([handle("25", 20), handle(null, 5), handle("7", 10)])).toEqual([25, 0, 7]);
  });

  it("ignores malformed or out-of-range values", async () => {
    const clock = await loadClock({ E2E_CLOCK: "1" });
    for (const value of ["", "abc", "2.5", "25d", "99999", "-5000"]) {
      expect(clock.requestedOffsetDays(requestWithClock(value)), value).toBe(0);
    }
    expect(clock.requestedOffsetDays(requestWithClock("3650"))).toBe(3650);
  });

  it("refuses to start a production server with E2E_CLOCK=1", async () => {
    await expect(loadClock({ E2E_CLOCK: "1", APP_ENV: "production", SESSION_SECRET: "a-real-production-secret" })).rejects.toThrow(
      "E2E_CLOCK must not be set in production",
    );
  });
});
