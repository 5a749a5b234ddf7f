import type { Actor } from "./policy";

/** Duplicates (spec §6: admin only): the list, the comparison, detection runs and every resolution. */
export const duplicatesPolicy = {
  canManage: (actor: Actor) => actor?.role === "Admin",
};
