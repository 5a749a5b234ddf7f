/** Spec §4: valid → expiring (last 7 days) → expired; prolonging is allowed while expiring. */
export const EXPIRING_DAYS = 7;
export const PROLONG_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export type ServiceState = "valid" | "expiring" | "expired";

export function serviceState(validUntil: Date | string, now: Date): ServiceState {
  const until = new Date(validUntil).getTime();
  if (until <= now.getTime()) return "expired";
  return until - now.getTime() <= EXPIRING_DAYS * DAY_MS ? "expiring" : "valid";
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}
