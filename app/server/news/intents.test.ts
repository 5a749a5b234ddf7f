import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "~/server/db/client.server";
import { AppError } from "~/server/errors";
import { logger } from "~/server/logger.server";
import { loadNewsPage, runNewsRowAction } from "./intents.server";

/** The spec's "delete error for news" and "loading error for news" (§8) for unexpected failures only. */
const broken = new Proxy({}, { get: () => { throw new Error("connection reset by peer (not an outage code)"); } }) as unknown as Db;
const admin = { id: "00000000-0000-4000-8000-000000000001", role: "Admin" as const };
const ID = "00000000-0000-4000-8000-000000000002";

afterEach(() => vi.restoreAllMocks());

describe("news row actions and pages: error mapping", () => {
  it("an unexpected failure while deleting is NEWS_DELETE_FAILED (500), logged", async () => {
    const log = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    await expect(runNewsRowAction(broken, admin, "delete", ID)).rejects.toMatchObject({ code: "NEWS_DELETE_FAILED", status: 500 });
    expect(log).toHaveBeenCalled();
  });

  it("refusals keep their codes", async () => {
    await expect(runNewsRowAction(broken, null, "restore", ID)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(runNewsRowAction(broken, { ...admin, role: "Multiplikator" }, "activate", ID)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("a page that cannot be loaded is NEWS_LOAD_FAILED; NOT_FOUND stays the 404 page", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => undefined);
    await expect(loadNewsPage(() => Promise.reject(new Error("boom")))).rejects.toMatchObject({ data: { code: "NEWS_LOAD_FAILED" }, init: { status: 500 } });
    await expect(loadNewsPage(() => Promise.reject(new AppError("NOT_FOUND")))).rejects.toMatchObject({ data: null, init: { status: 404 } });
    await expect(loadNewsPage(() => Promise.reject(new AppError("FORBIDDEN")))).rejects.toMatchObject({ data: { code: "FORBIDDEN" }, init: { status: 403 } });
    expect(await loadNewsPage(() => Promise.resolve(7))).toBe(7);
  });
});
