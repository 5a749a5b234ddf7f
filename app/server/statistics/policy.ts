import { type Actor, authorize } from "~/server/policy/policy";

/** Spec §6: statistics are for admins only (the page, its CSV and the analytics figures). */
export const statisticsPolicy = {
  canView: (actor: Actor) => actor?.role === "Admin",
};

export function requireStatisticsAccess(actor: Actor): asserts actor is NonNullable<Actor> {
  authorize(actor, statisticsPolicy.canView(actor));
}
