import type { CompanyStatus } from "~/schemas/enums";
import type { Actor } from "./policy";

/** What the policy needs to know about the actor's relation to one company. */
export interface CompanyRelation {
  status: CompanyStatus;
  /** The actor has a confirmed link to the company. */
  isMember: boolean;
}

const isAdmin = (actor: Actor) => actor?.role === "Admin";

/**
 * Company rules (spec §4, §6): verified profiles are public; pending or deactivated ones only
 * for members and admins. Only confirmed members and admins edit. Contacts need a signed-in user.
 */
export const companyPolicy = {
  canView: (actor: Actor, c: CompanyRelation) => c.status === "VERIFIED" || c.isMember || isAdmin(actor),
  canViewContacts: (actor: Actor, c: CompanyRelation) => !!actor && companyPolicy.canView(actor, c),
  canCreate: (actor: Actor) => !!actor,
  canEdit: (actor: Actor, c: CompanyRelation) => isAdmin(actor) || (!!actor && c.isMember),
  canDelete: (actor: Actor, c: CompanyRelation) => isAdmin(actor) || (!!actor && c.isMember),
  /** Approve, verify, deactivate: the agency's admins only. */
  canModerate: (actor: Actor) => isAdmin(actor),
  canManageServices: (actor: Actor, c: CompanyRelation) => companyPolicy.canEdit(actor, c),
  /** Admins already manage every profile; linking is for the people who work at a company. */
  canRequestLink: (actor: Actor, c: CompanyRelation) => !!actor && actor.role !== "Admin" && !c.isMember && c.status === "VERIFIED",
  /** Reporting an error is for outsiders: the company's own members correct their profile themselves. */
  canFileChallenge: (actor: Actor, c: CompanyRelation) => !!actor && companyPolicy.canView(actor, c) && !c.isMember,
};

export const adminPolicy = {
  canDecideLinks: isAdmin,
  canDecideRoleRequests: isAdmin,
  canHandleChallenges: isAdmin,
  canListApprovals: isAdmin,
  /** The company database (list, deleted profiles, restore; decision 026). */
  canManageCompanyDatabase: isAdmin,
};
