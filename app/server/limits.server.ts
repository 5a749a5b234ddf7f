import type { Db } from "~/server/db/client.server";
import type { Actor } from "~/server/policy/policy";
import { AppError, type ErrorCode, isAppError } from "~/server/errors";
import { hitRateLimit } from "~/server/rate-limit.server";

/**
 * Abuse limits on writes, in one place (decision 011). Numbers are per user and hour, far above
 * what a person filing reports or managing a profile by hand needs, and low enough that a script
 * cannot flood the admins' queues (one user filed 100 challenges in 0.7 s) or the database.
 */
export const USER_WRITES_PER_HOUR = {
  /** Error reports on company profiles. */
  challenge: 10,
  /** Requests to be linked to a company. */
  linkRequest: 10,
  /** Multiplikator role requests (one can be open at a time anyway). */
  roleRequest: 5,
  /** New company profiles. */
  companyCreate: 5,
  /** New offers and inquiries, over all the user's companies. */
  serviceCreate: 60,
  /**
   * E-mails to an event's participants (each one mailing to a selection, however many recipients),
   * over all the organiser's events: enough for invitations, reminders and corrections in an hour,
   * not enough to turn the platform into a bulk mailer.
   */
  participantMailing: 10,
} as const;
export type LimitedWrite = keyof typeof USER_WRITES_PER_HOUR;

/**
 * Active (unexpired) ads per company. Every ad is a search row that company-level changes
 * (name, status, tags, NACE, headquarters) rewrite, so the cap also bounds what such a change costs.
 */
export const ACTIVE_ADS_PER_COMPANY = 50;

/**
 * Counts one `write` by the actor; TOO_MANY_REQUESTS beyond the hourly limit. Admins are not
 * limited (they moderate and curate in bulk). Call it inside the write's transaction, so a write
 * that fails (validation, a duplicate) does not count; the key's lock is then held to the end of
 * that short transaction, which makes check-count-write one step for concurrent requests too.
 */
export async function hitUserLimit(db: Db, actor: NonNullable<Actor>, write: LimitedWrite, now = new Date()): Promise<void> {
  if (actor.role === "Admin") return;
  const max = USER_WRITES_PER_HOUR[write];
  await hitRateLimit(db, `user-${write}:${actor.id}`, max, now).catch((error: unknown) => {
    const specific = LIMIT_MESSAGES[write];
    throw specific && isAppError(error) && error.code === "TOO_MANY_REQUESTS" ? new AppError(specific, { max }) : error;
  });
}

/** Limits whose refusal names itself and the number (shown where the user acted) instead of the generic TOO_MANY_REQUESTS. */
const LIMIT_MESSAGES: Partial<Record<LimitedWrite, ErrorCode>> = {
  participantMailing: "MAIL_HOURLY_LIMIT",
};
