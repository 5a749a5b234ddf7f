import type { Actor } from "./policy";

const isAdmin = (actor: Actor) => actor?.role === "Admin";

/**
 * Imports (spec §2 import, import create; §6: Admin only; decision 038). Drafts and saved
 * mappings are shared among the admins: any admin may continue another admin's draft.
 */
export const importPolicy = {
  canCreate: isAdmin,
  canManageDrafts: isAdmin,
  canManageMappings: isAdmin,
};
