import type { Actor } from "./policy";

/** What the policy needs to know about the actor's relation to one event. */
export interface EventRelation {
  /** Active, not deleted, and its publication date has come. */
  isPublic: boolean;
  /** Not soft-deleted (deleted events are only for admins, who may restore them). */
  isDeleted: boolean;
  /** The actor is a confirmed member of the event's organising company or of a further organiser. */
  isOrganizerMember: boolean;
}

/** What the policy needs to know about the actor's companies when creating or registering. */
export interface ActorCompanies {
  /** The actor has at least one confirmed company link. */
  hasCompany: boolean;
  /**
   * At least one of those companies may register: verified, or new and awaiting approval (so a
   * first-time company does not miss a deadline while the agency checks it; decision 031).
   */
  hasRegistrableCompany: boolean;
}

const isAdmin = (actor: Actor) => actor?.role === "Admin";

/**
 * Event rules (spec §1, §4, §6; decision 015). Multiplikators with a linked company create events
 * (their company organises); Multiplikators who are members of an organiser company manage them;
 * admins manage all. Organisation users never manage events. Registering needs a signed-in user
 * with a verified company or one awaiting approval (decision 031); the user registers on behalf of
 * that company.
 */
export const eventPolicy = {
  canCreate: (actor: Actor, companies: ActorCompanies) => isAdmin(actor) || (actor?.role === "Multiplikator" && companies.hasCompany),
  canManage: (actor: Actor, e: EventRelation) => isAdmin(actor) || (actor?.role === "Multiplikator" && e.isOrganizerMember && !e.isDeleted),
  canView: (actor: Actor, e: EventRelation) => (e.isPublic && !e.isDeleted) || eventPolicy.canManage(actor, e),
  /** Soft-deleted events come back by an admin only. */
  canRestore: (actor: Actor) => isAdmin(actor),
  /** The list of participating companies is for signed-in users (company data is for members, spec §1). */
  canSeeParticipants: (actor: Actor, e: EventRelation) => !!actor && eventPolicy.canView(actor, e),
  canRegister: (actor: Actor, e: EventRelation, companies: ActorCompanies) => !!actor && e.isPublic && !e.isDeleted && companies.hasRegistrableCompany,
  /**
   * The participant list and everything done from it (downloads, e-mails, name tags, invoices,
   * check-in, evaluation; issue 11): the event's organisers and admins. Everyone else gets the
   * spec's "not authorised to view the participant list" (§6).
   */
  canManageParticipants: (actor: Actor, e: EventRelation) => eventPolicy.canManage(actor, e),
  /**
   * B2B matchmaking (issue 12): the B2B page, its settings, runs, publishing, rankings on a
   * company's behalf and the downloads — the event's organisers and admins.
   */
  canManageB2b: (actor: Actor, e: EventRelation) => eventPolicy.canManage(actor, e),
  /**
   * A company's own wishes: a confirmed member of a participating company, for that company only,
   * while the event is visible (the time window is a rule of the preferences module).
   */
  canRankFor: (actor: Actor, e: EventRelation, isMemberOfParticipatingCompany: boolean) => !!actor && eventPolicy.canView(actor, e) && isMemberOfParticipatingCompany,
  /** A company's agenda: its members, and the organisers. */
  canSeeAgenda: (actor: Actor, e: EventRelation, isMemberOfCompany: boolean) => !!actor && (isMemberOfCompany || eventPolicy.canManage(actor, e)),
  /**
   * Own registrations, registrations a Multiplikator made for a member company (decision 063), or
   * any registration of an event the actor manages.
   */
  canCancelRegistration: (actor: Actor, e: EventRelation, registrationUserId: string | null, registeredBy: string | null = null) =>
    !!actor &&
    ((registrationUserId !== null && registrationUserId === actor.id) ||
      (actor.role === "Multiplikator" && registeredBy !== null && registeredBy === actor.id) ||
      eventPolicy.canManage(actor, e)),
};
