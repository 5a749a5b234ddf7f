import type { Actor } from "./policy";

const isAdmin = (actor: Actor) => actor?.role === "Admin";

/** The import list, its rejected-rows reports and deleting an import (spec §6: Admin only). */
export const importListPolicy = {
  canList: isAdmin,
  canDownloadReport: isAdmin,
  canDelete: isAdmin,
};
