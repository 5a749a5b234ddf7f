import { inArray, or, sql } from "drizzle-orm";
import type { Locale } from "~/i18n/locales";
import type { Db } from "~/server/db/client.server";
import { companies, companyTags, tags } from "~/server/db/schema";
import { AppError } from "~/server/errors";

export interface TagView {
  id: string;
  labelDe: string;
  labelCs: string;
}

/**
 * The public tag list (search filter, profile forms), alphabetically in the given language: tags
 * that at least one verified company uses. A tag typed by the owner of a profile that waits for
 * approval becomes public with that approval, and a tag nobody verified uses any more (company
 * deleted, deactivated or retagged) drops out. `companyId` adds that company's own tags, so its
 * edit form still offers what it has picked. A few hundred rows at most; the picker filters locally.
 */
export async function listTags(db: Db, locale: Locale, options: { companyId?: string } = {}): Promise<TagView[]> {
  const order = locale === "cs" ? tags.labelCs : tags.labelDe;
  const usedByVerified = sql`exists (
    select 1 from ${companyTags} ct join ${companies} c on c.id = ct.company_id
    where ct.tag_id = ${tags.id} and c.status = 'VERIFIED')`;
  const ownTag = options.companyId
    ? sql`exists (select 1 from ${companyTags} ct where ct.tag_id = ${tags.id} and ct.company_id = ${options.companyId})`
    : undefined;
  return db
    .select({ id: tags.id, labelDe: tags.labelDe, labelCs: tags.labelCs })
    .from(tags)
    .where(ownTag ? or(usedByVerified, ownTag) : usedByVerified)
    .orderBy(order);
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
