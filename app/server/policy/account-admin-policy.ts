import type { Actor } from "./policy";

const isAdmin = (actor: Actor) => actor?.role === "Admin";

/**
 * The accounts page (spec §2 users, §6: Admin only). An admin never changes, deactivates or deletes
 * their own account here (ADMIN_SELF_CHANGE); that no change leaves the platform without an active
 * admin is checked in the domain, under a lock (app/server/admin/accounts.server.ts).
 */
export const accountAdminPolicy = {
  canList: isAdmin,
  canDownload: isAdmin,
  /** Role change, activation, deactivation and deletion of another account. */
  canManage: (actor: Actor, userId: string) => isAdmin(actor) && actor?.id !== userId,
};
