import { type Access, ROLES_BY_ACCESS } from "~/routing/catalogue";
import type { Role } from "~/server/db/schema";
import { AppError } from "~/server/errors";

/** Who is acting: a signed-in user (id and role) or null for an anonymous visitor. */
export type Actor = { id: string; role: Role } | null;

export type PageDecision = "allow" | "login" | "home";

/** Spec §6: anonymous → login; signed in with a role not in the page's list → home. */
export function decidePageAccess(actor: Actor, access: Access): PageDecision {
  const roles = ROLES_BY_ACCESS[access];
  if (!roles) return "allow";
  if (!actor) return "login";
  return roles.includes(actor.role) ? "allow" : "home";
}

export const accountPolicy = {
  /** Own account, or any account for an admin. */
  canView: (actor: Actor, userId: string) => !!actor && (actor.id === userId || actor.role === "Admin"),
  canUpdate: (actor: Actor, userId: string) => !!actor && (actor.id === userId || actor.role === "Admin"),
  canDelete: (actor: Actor, userId: string) => !!actor && (actor.id === userId || actor.role === "Admin"),
  /** Spec §6: Organisation users request the Multiplikator role (a linked company is checked in the domain). */
  canRequestRole: (actor: Actor) => actor?.role === "Organisation",
};

/** Throws UNAUTHENTICATED for anonymous actors and FORBIDDEN when the rule says no. */
export function authorize(actor: Actor, allowed: boolean): asserts actor is NonNullable<Actor> {
  if (!actor) throw new AppError("UNAUTHENTICATED");
  if (!allowed) throw new AppError("FORBIDDEN");
}
