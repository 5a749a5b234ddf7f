import { memberCompanies } from "~/server/companies/membership.server";
import type { Db } from "~/server/db/client.server";
import type { Actor } from "~/server/policy/policy";
import { listVerifiedCompanies } from "./list-managed.server";

/**
 * The companies the event form offers: as main organiser (create) the actor's own companies,
 * for admins any verified company; as further organisers any verified company.
 */
export async function eventFormOptions(db: Db, actor: NonNullable<Actor>) {
  const verified = await listVerifiedCompanies(db, actor);
  const own = (await memberCompanies(db, actor.id)).map(({ id, name }) => ({ id, name }));
  const organizerChoices = actor.role === "Admin" ? [...own, ...verified.filter((c) => !own.some((o) => o.id === c.id))] : own;
  return { organizerChoices, companies: verified };
}
