import { z } from "zod";
import * as clock from "~/server/clock.server";
import { isDatabaseUnavailable } from "~/server/db/availability.server";
import type { Db } from "~/server/db/client.server";
import { AppError, isAppError } from "~/server/errors";
import { throwPageError } from "~/server/http/page-errors.server";
import type { Actor } from "~/server/policy/policy";
import { deleteNews, restoreNews, setNewsActive } from "./manage.server";
import { logger } from "~/server/logger.server";

/**
 * The news admin pages' row actions (list and edit page) and their error mapping: refusals keep
 * their codes (FORBIDDEN, NOT_FOUND, ALREADY_HANDLED …); an unexpected failure is logged and
 * shown as the spec's "news could not be deleted / loaded" (§8) instead of the generic message.
 */

export const NewsRowAction = z.object({
  intent: z.enum(["delete", "restore", "activate", "deactivate"], "INVALID_INPUT"),
  id: z.uuid("NOT_FOUND"),
});
export type NewsRowIntent = z.infer<typeof NewsRowAction>["intent"];

/** The form's own intent: the create page only creates (a missing intent is a plain form post). */
export const NewsSaveIntent = z.object({ intent: z.literal("save", "INVALID_INPUT").optional() });

/** The edit page: saving the form or one of the row actions on its item (the id is the page's). */
export const NewsEditIntent = z.object({ intent: z.enum(["save", "delete", "restore", "activate", "deactivate"], "INVALID_INPUT") });

/** Rethrows refusals and database outages (503) as they are; anything else becomes `code`. */
function unexpectedAs(error: unknown, code: "NEWS_DELETE_FAILED" | "NEWS_LOAD_FAILED"): never {
  if (isAppError(error) || isDatabaseUnavailable(error)) throw error;
  logger.error({ err: error }, `News: unexpected failure, answered ${code}`);
  throw new AppError(code);
}

export async function runNewsRowAction(db: Db, actor: Actor, intent: NewsRowIntent, id: string, now = clock.now()): Promise<void> {
  if (intent === "delete") await deleteNews(db, actor, id, now).catch((error: unknown) => unexpectedAs(error, "NEWS_DELETE_FAILED"));
  if (intent === "restore") await restoreNews(db, actor, id, now);
  if (intent === "activate" || intent === "deactivate") await setNewsActive(db, actor, id, intent === "activate", now);
}

/** For the admin pages' loaders: NOT_FOUND the 404 page, other refusals their page, the rest NEWS_LOAD_FAILED. */
export async function loadNewsPage<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isDatabaseUnavailable(error) || error instanceof Response || isRouterData(error)) throw error;
    if (isAppError(error)) throwPageError(error);
    logger.error({ err: error }, "News could not be loaded");
    return throwPageError(new AppError("NEWS_LOAD_FAILED"));
  }
}

/** A response thrown with React Router's `data()` (redirects, error pages): not a failure to hide. */
function isRouterData(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}
