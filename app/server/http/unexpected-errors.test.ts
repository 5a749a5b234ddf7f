import { describe, expect, it, vi } from "vitest";
import { AppError } from "~/server/errors";
import { logger } from "~/server/logger.server";
import { handleAction, unexpectedAs } from "./actions.server";

/** Spec §8 names messages for some failures ("registration failed" …): unexpectedAs reports them. */
async function answer(run: () => Promise<unknown>) {
  const result = (await handleAction(run)) as { data: { error?: string }; init: { status?: number } | null };
  return { error: result.data.error, status: result.init?.status };
}

describe("unexpectedAs", () => {
  it("turns an unexpected failure into the named code (logged, not shown)", async () => {
    const log = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const failing = () => Promise.reject(new TypeError("Cannot read properties of undefined"));
    expect(await answer(() => failing().catch(unexpectedAs("REGISTRATION_FAILED")))).toEqual({ error: "REGISTRATION_FAILED", status: 500 });
    expect(await answer(() => failing().catch(unexpectedAs("PARTICIPANT_DELETE_FAILED")))).toEqual({ error: "PARTICIPANT_DELETE_FAILED", status: 500 });
    expect(await answer(() => failing().catch(unexpectedAs("MAIL_SEND_ERROR")))).toEqual({ error: "MAIL_SEND_ERROR", status: 500 });
    expect(log).toHaveBeenCalledTimes(3);
    log.mockRestore();
  });

  it("keeps the domain's own refusals and responses", async () => {
    expect(await answer(() => Promise.reject(new AppError("ALREADY_REGISTERED")).catch(unexpectedAs("REGISTRATION_FAILED")))).toEqual({ error: "ALREADY_REGISTERED", status: 409 });
    const redirect = new Response(null, { status: 302 });
    await expect(handleAction(() => Promise.reject(redirect).catch(unexpectedAs("REGISTRATION_FAILED")))).rejects.toBe(redirect);
  });
});
