import type { Actor } from "./policy";

/**
 * The agency's reports (decision 036): the audit-trail view and the funder report are for admins
 * only — the audit trail names people and what they did, the report covers all organisers' events.
 */
export const reportPolicy = {
  canReadAuditTrail: (actor: Actor) => actor?.role === "Admin",
  canReadFunderReport: (actor: Actor) => actor?.role === "Admin",
};
