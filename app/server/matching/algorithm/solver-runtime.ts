/**
 * HiGHS (WebAssembly) for the joint whole-schedule solve of small and medium events (decision 057).
 * Loading the runtime is asynchronous (once per process); solving is synchronous, so
 * `scheduleMeetings` stays synchronous and the server's run paths await the runtime first.
 */
import loadHighs from "highs";
import type { MipRuntime } from "./joint";
import { scheduleMeetings, type ScheduleOptions } from "./schedule";
import type { MatchInput, MatchResult } from "./types";

let loading: Promise<MipRuntime> | null = null;

export function loadMipRuntime(): Promise<MipRuntime> {
  loading ??= loadHighs().then((highs) => highs as unknown as MipRuntime);
  return loading;
}

/** scheduleMeetings with the joint solve available (what the server runs). */
export async function scheduleMeetingsJointly(input: MatchInput, options: ScheduleOptions = {}): Promise<MatchResult> {
  const mip = await loadMipRuntime();
  return scheduleMeetings(input, { ...options, mip });
}
