import { and, asc, eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { SAVED_SEARCHES_PER_USER, type SaveSearchInput, type UpdateSavedSearchInput } from "~/schemas/saved-search";
import { parseSearchParams, type SearchQuery, searchParamsOf } from "~/schemas/search";
import { type Db, withTransaction } from "~/server/db/client.server";
import { type SavedSearchFrequency, savedSearches, users } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { savedSearchPolicy } from "~/server/policy/saved-search-policy";
import { authorize, type Actor } from "~/server/policy/policy";
import { readUnsubscribeToken } from "./unsubscribe-token.server";

/**
 * Saved searches (issue 25, decision 061): a signed-in user keeps up to SAVED_SEARCHES_PER_USER
 * searches, each stored as the search page's canonical URL parameters (normalised by the search
 * page's own schema: parseSearchParams → searchParamsOf, without the page number), and gets new
 * matches mailed daily or weekly (digest.server.ts).
 */

export interface SavedSearchItem {
  id: string;
  name: string;
  params: string;
  frequency: SavedSearchFrequency;
  paused: boolean;
  lastDigestAt: Date | null;
  createdAt: Date;
}

/** The canonical parameters of a search: what the search page would read back as the same search. */
export function canonicalParams(query: SearchQuery): string {
  return searchParamsOf({ ...query, page: 1 }).toString();
}

/**
 * Saves the search in `params` (the search page's URL parameters) under a name. A search the page
 * would refuse (no term and no filter, no country …) cannot be saved. The per-user limit holds
 * under concurrent saves: the user's row is locked while counting.
 */
export async function saveSearch(db: Db, actor: Actor, params: URLSearchParams, input: SaveSearchInput): Promise<string> {
  authorize(actor, savedSearchPolicy.canSave(actor));
  const parsed = parseSearchParams(params);
  if (parsed.kind !== "ok") throw new AppError("SAVED_SEARCH_INVALID");
  return withTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT 1 FROM ${users} WHERE ${users.id} = ${actor.id} FOR UPDATE`);
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(savedSearches).where(eq(savedSearches.userId, actor.id));
    if ((row?.n ?? 0) >= SAVED_SEARCHES_PER_USER) throw new AppError("SAVED_SEARCH_LIMIT_REACHED", { max: SAVED_SEARCHES_PER_USER });
    // Watermark and due time are the database's now(): "new" is measured on the search table's own clock.
    const [created] = await tx
      .insert(savedSearches)
      .values({ userId: actor.id, name: input.name, params: canonicalParams(parsed.query), frequency: input.frequency })
      .returning({ id: savedSearches.id });
    return created!.id;
  });
}

export async function listSavedSearches(db: Db, actor: Actor): Promise<SavedSearchItem[]> {
  authorize(actor, savedSearchPolicy.canSave(actor));
  return db
    .select({
      id: savedSearches.id,
      name: savedSearches.name,
      params: savedSearches.params,
      frequency: savedSearches.frequency,
      paused: savedSearches.paused,
      lastDigestAt: savedSearches.lastDigestAt,
      createdAt: savedSearches.createdAt,
    })
    .from(savedSearches)
    .where(eq(savedSearches.userId, actor.id))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
}

/** Changes one of the actor's own saved searches; someone else's (or a gone one) is NOT_FOUND. */
async function updateOwn(db: Db, actor: Actor, id: string, changes: PgUpdateSetSource<typeof savedSearches>): Promise<void> {
  authorize(actor, savedSearchPolicy.canSave(actor));
  const [owner] = await db.select({ userId: savedSearches.userId }).from(savedSearches).where(eq(savedSearches.id, id));
  if (!owner || !savedSearchPolicy.canManage(actor, owner.userId)) throw new AppError("NOT_FOUND");
  const updated = await db
    .update(savedSearches)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, actor.id)))
    .returning({ id: savedSearches.id });
  if (updated.length === 0) throw new AppError("NOT_FOUND");
}

/** Renames a saved search and sets how often it is mailed (the watermark stays: nothing is lost or repeated). */
export function updateSavedSearch(db: Db, actor: Actor, input: UpdateSavedSearchInput): Promise<void> {
  return updateOwn(db, actor, input.id, { name: input.name, frequency: input.frequency });
}

/**
 * Pauses or resumes a search's digest. Resuming starts afresh (watermark now): what appeared
 * while paused is not mailed later — the user asked not to hear about it.
 */
export function setSavedSearchPaused(db: Db, actor: Actor, id: string, paused: boolean): Promise<void> {
  return updateOwn(db, actor, id, paused ? { paused: true } : { paused: false, watermark: sql`now()`, nextDueAt: sql`now()` });
}

export async function deleteSavedSearch(db: Db, actor: Actor, id: string): Promise<void> {
  authorize(actor, savedSearchPolicy.canSave(actor));
  const deleted = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, actor.id)))
    .returning({ id: savedSearches.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND");
}

/**
 * One-click unsubscribe (RFC 8058): pauses every saved search of the token's user, without a
 * session. The searches stay on the manage page (nothing is deleted), to be resumed there.
 * A malformed, forged or expired token changes nothing. Returns how many were active.
 */
export async function unsubscribeByToken(db: Db, token: string, now: Date): Promise<number> {
  const userId = readUnsubscribeToken(token, now);
  if (!userId) throw new AppError("UNSUBSCRIBE_LINK_INVALID");
  const paused = await db
    .update(savedSearches)
    .set({ paused: true, updatedAt: sql`now()` })
    .where(and(eq(savedSearches.userId, userId), eq(savedSearches.paused, false)))
    .returning({ id: savedSearches.id });
  return paused.length;
}

/** Whether a token is valid (the GET page shows its button only then; it changes nothing). */
export function isUnsubscribeTokenValid(token: string, now: Date): boolean {
  return readUnsubscribeToken(token, now) !== null;
}
