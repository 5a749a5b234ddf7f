import type { Actor } from "./policy";

/**
 * Multiplikators acting for their member companies (issue 25, decision 063). Member companies are
 * the companies a Multiplikator is confirmed-linked to and those that granted its organisation
 * "may register us for events". Organisation users and admins get nothing new here: admins
 * manage registrations from the participant list, Organisation users register themselves.
 */
export const memberPolicy = {
  /** The member registration page and the list of member companies' registrations. */
  canActForMembers: (actor: Actor) => actor?.role === "Multiplikator",
  /**
   * The list of member companies' registrations: Multiplikators (their members'), and admins (every
   * registration a Multiplikator made for a member, to oversee the feature).
   */
  canSeeMemberRegistrations: (actor: Actor) => actor?.role === "Multiplikator" || actor?.role === "Admin",
  /** Registering one company: a Multiplikator, and the company is one of its members. */
  canRegisterMember: (actor: Actor, isMember: boolean) => memberPolicy.canActForMembers(actor) && isMember,
  /** Granting and revoking "may register us": a confirmed member of that company (any role). */
  canManageGrants: (actor: Actor, isCompanyMember: boolean) => !!actor && isCompanyMember,
};
