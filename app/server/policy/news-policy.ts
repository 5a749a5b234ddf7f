import type { ActorCompanies } from "./event-policy";
import type { Actor } from "./policy";

/** What the policy needs to know about the actor's relation to one news item. */
export interface NewsRelation {
  /** Active, not deleted, and its publication date has come. */
  isPublic: boolean;
  /** Soft-deleted (only admins see it, and may restore it). */
  isDeleted: boolean;
  /** The actor is a confirmed member of the publishing company. */
  isCompanyMember: boolean;
}

const isAdmin = (actor: Actor) => actor?.role === "Admin";

/**
 * News rules (spec §1, §4, §6; issue 13). Multiplikators with a linked company write news for
 * their company and manage (edit, delete) that company's news; admins manage all news and are the
 * only ones who activate, deactivate and restore. Organisation users and visitors only read
 * what is public: active, not deleted, and due.
 */
export const newsPolicy = {
  canCreate: (actor: Actor, companies: ActorCompanies) => isAdmin(actor) || (actor?.role === "Multiplikator" && companies.hasCompany),
  canManage: (actor: Actor, n: NewsRelation) => isAdmin(actor) || (actor?.role === "Multiplikator" && n.isCompanyMember && !n.isDeleted),
  canView: (actor: Actor, n: NewsRelation) => (n.isPublic && !n.isDeleted) || newsPolicy.canManage(actor, n),
  canSetActive: (actor: Actor) => isAdmin(actor),
  canRestore: (actor: Actor) => isAdmin(actor),
  /** The admin list: everyone in the admin area who may write news (others see an empty list). */
  canList: (actor: Actor) => isAdmin(actor) || actor?.role === "Multiplikator",
};
