import { inArray, sql } from "drizzle-orm";
import type { Locale } from "~/i18n/locales";
import type { Db } from "~/server/db/client.server";
import { tags } from "~/server/db/schema";
import { AppError } from "~/server/errors";

export interface TagView {
  id: string;
  labelDe: string;
  labelCs: string;
}

/** All tags, alphabetically in the given language (a few hundred at most; the picker filters locally). */
export async function listTags(db: Db, locale: Locale): Promise<TagView[]> {
  const order = locale === "cs" ? tags.labelCs : tags.labelDe;
  return db.select({ id: tags.id, labelDe: tags.labelDe, labelCs: tags.labelCs }).from(tags).orderBy(order);
}

/**
 * Turns picked tag ids plus newly typed tags into tag ids. A new tag whose German or Czech text
 * already exists (case-insensitive) reuses that tag instead of failing — also when another user
 * creates the same tag at the same moment: the insert skips on the unique labels (ON CONFLICT DO
 * NOTHING waits for the other transaction) and the lookup then finds the other user's tag.
 */
export async function resolveTagIds(
  db: Db,
  userId: string | null,
  tagIds: string[],
  newTags: Array<{ de: string; cs: string }>,
): Promise<string[]> {
  const ids = new Set<string>();
  if (tagIds.length > 0) {
    const found = await db.select({ id: tags.id }).from(tags).where(inArray(tags.id, tagIds));
    if (found.length !== new Set(tagIds).size) throw new AppError("INVALID_INPUT");
    for (const row of found) ids.add(row.id);
  }
  for (const tag of newTags) {
    const existing = () =>
      db
        .select({ id: tags.id })
        .from(tags)
        .where(sql`lower(${tags.labelDe}) = lower(${tag.de}) or lower(${tags.labelCs}) = lower(${tag.cs})`)
        .limit(1);
    const [found] = await existing();
    if (found) {
      ids.add(found.id);
      continue;
    }
    const [created] = await db
      .insert(tags)
      .values({ labelDe: tag.de, labelCs: tag.cs, createdBy: userId })
      .onConflictDoNothing()
      .returning({ id: tags.id });
    const id = created?.id ?? (await existing())[0]?.id;
    if (!id) throw new AppError("INVALID_INPUT");
    ids.add(id);
  }
  return [...ids];
}
