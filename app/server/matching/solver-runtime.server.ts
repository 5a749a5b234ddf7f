/**
 * HiGHS (WebAssembly) for the joint re-solve and the LP bound of decision 057. Loading the runtime is
 * asynchronous (once per process); solving is synchronous, so `scheduleMeetings` stays synchronous
 * and the server's run paths await the runtime first. The package is imported lazily: should it be
 * missing or fail to load, runs fall back to decision 023's schedule (round by round, exact search)
 * with the cheap bound, instead of the server failing to start.
 */
import { logger } from "~/server/logger.server";
import type { MipRuntime } from "./algorithm/joint";
import { scheduleMeetings, type ScheduleOptions } from "./algorithm/schedule";
import type { MatchInput, MatchResult } from "./algorithm/types";

let loading: Promise<MipRuntime | undefined> | null = null;

export function loadMipRuntime(): Promise<MipRuntime | undefined> {
  loading ??= import("highs")
    .then(async (module) => (await module.default()) as unknown as MipRuntime)
    .catch((error: unknown) => {
      logger.error({ err: error }, "HiGHS could not be loaded; B2B runs use the round-by-round schedule only (decision 057)");
      return undefined;
    });
  return loading;
}

/** scheduleMeetings with the joint solve available (what the server runs). */
export async function scheduleMeetingsJointly(input: MatchInput, options: ScheduleOptions = {}): Promise<MatchResult> {
  const mip = await loadMipRuntime();
  return scheduleMeetings(input, { ...options, mip });
}
