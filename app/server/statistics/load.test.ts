import { describe, expect, it } from "vitest";
import { AppError } from "~/server/errors";
import { asDownloadFailure, loadStatisticsPage } from "./load.server";

describe("statistics loading and download errors (spec §8)", () => {
  it("turn an unexpected failure into the statistics' own messages and keep refusals as they are", async () => {
    const quiet = console.error;
    console.error = () => undefined;
    try {
      await expect(loadStatisticsPage(() => Promise.reject(new Error("boom")))).rejects.toMatchObject({ data: { code: "STATISTICS_LOAD_FAILED" }, init: { status: 500 } });
      await expect(loadStatisticsPage(() => Promise.reject(new AppError("FORBIDDEN")))).rejects.toMatchObject({ data: { code: "FORBIDDEN" }, init: { status: 403 } });
      expect(await loadStatisticsPage(() => Promise.resolve(7))).toBe(7);
      expect(() => asDownloadFailure(new Error("boom"))).toThrow(expect.objectContaining({ code: "STATISTICS_DOWNLOAD_FAILED", status: 500 }));
      expect(() => asDownloadFailure(new AppError("FORBIDDEN"))).toThrow(expect.objectContaining({ code: "FORBIDDEN" }));
    } finally {
      console.error = quiet;
    }
  });
});
