import { isDatabaseUnavailable } from "~/server/db/availability.server";
import { AppError, isAppError } from "~/server/errors";
import { throwPageError } from "~/server/http/page-errors.server";
import { logger } from "~/server/logger.server";

/**
 * For the statistics page's loader (spec §8 "loading error for statistics"): refusals keep their
 * own page, an unreachable database its 503; any other failure is STATISTICS_LOAD_FAILED.
 */
export async function loadStatisticsPage<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isDatabaseUnavailable(error) || error instanceof Response) throw error;
    if (isAppError(error)) throwPageError(error);
    logger.error({ err: error }, "Statistics could not be loaded");
    return throwPageError(new AppError("STATISTICS_LOAD_FAILED"));
  }
}

/** For the CSV: refusals pass as they are, anything else becomes STATISTICS_DOWNLOAD_FAILED (spec §8). */
export function asDownloadFailure(error: unknown): never {
  if (isAppError(error) || isDatabaseUnavailable(error)) throw error;
  logger.error({ err: error }, "Statistics CSV failed");
  throw new AppError("STATISTICS_DOWNLOAD_FAILED");
}
