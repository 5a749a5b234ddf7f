import type { CompanyRelation } from "./company-policy";
import { companyPolicy } from "./company-policy";
import type { ActorCompanies, EventRelation } from "./event-policy";
import { eventPolicy } from "./event-policy";
import type { NewsRelation } from "./news-policy";
import { newsPolicy } from "./news-policy";
import type { Actor } from "./policy";

const isAdmin = (actor: Actor) => actor?.role === "Admin";

/**
 * Machine translation (issue 21, decision 041): whoever may edit a company, event or news item
 * (or create one) may ask for a translation of its texts; a job's state is for its requester and
 * admins; the list of missing languages and "translate all missing" are the admins'.
 */
export const translationPolicy = {
  canRequestForCompany: (actor: Actor, c: CompanyRelation) => companyPolicy.canEdit(actor, c),
  /** A tag being typed in a profile form: whoever may fill in a profile form. */
  canRequestForNewTag: (actor: Actor) => companyPolicy.canCreate(actor),
  canRequestForEvent: (actor: Actor, e: EventRelation) => eventPolicy.canManage(actor, e),
  canRequestForNewEvent: (actor: Actor, companies: ActorCompanies) => eventPolicy.canCreate(actor, companies),
  canRequestForNews: (actor: Actor, n: NewsRelation) => newsPolicy.canManage(actor, n),
  canRequestForNewNews: (actor: Actor, companies: ActorCompanies) => newsPolicy.canCreate(actor, companies),
  canViewJob: (actor: Actor, requestedBy: string | null) => isAdmin(actor) || (!!actor && actor.id === requestedBy),
  canAdminister: (actor: Actor) => isAdmin(actor),
};
