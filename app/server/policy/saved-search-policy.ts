import type { Actor } from "./policy";

/**
 * Saved searches (issue 25, decision 061): every signed-in user saves searches; a saved search is
 * its owner's alone (not even an admin manages another person's — there is nothing to moderate).
 * The one-click unsubscribe needs no session: its signed token names the user (unsubscribe-token).
 */
export const savedSearchPolicy = {
  canSave: (actor: Actor) => !!actor,
  canManage: (actor: Actor, ownerId: string) => !!actor && actor.id === ownerId,
};
