import { and, eq } from "drizzle-orm";
import type { NewsInput } from "~/schemas/news";
import { NEWS_LIMITS } from "~/schemas/news";
import * as clock from "~/server/clock.server";
import { isConfirmedMember, memberCompanies } from "~/server/companies/membership.server";
import type { Db } from "~/server/db/client.server";
import { withTransaction } from "~/server/db/client.server";
import { companies, news, users } from "~/server/db/schema";
import { AppError, isAppError } from "~/server/errors";
import { hasVisibleRichText, sanitizeRichText } from "~/server/events/rich-text.server";
import { loadActorCompanies } from "~/server/events/relation.server";
import { newsPolicy } from "~/server/policy/news-policy";
import { type Actor, authorize } from "~/server/policy/policy";
import { writeWithFiles } from "~/server/storage/file-commit.server";
import { storeImage } from "~/server/storage/images.server";
import type { FileStorage } from "~/server/storage/storage.server";
import { ensureNews, loadNewsRelation } from "./relation.server";
import { companyNotDeleted } from "~/server/companies/deleted";

/**
 * Writing news (admin area). Every function takes the actor and asks `newsPolicy`; writes lock
 * the row (FOR UPDATE) so two saves of one item run one after the other. The image is stored
 * re-encoded before the transaction; `writeWithFiles` removes it again when the write is
 * refused and retires a replaced image once the new one is committed.
 */

/** Throws NOT_FOUND/FORBIDDEN unless the actor manages the item (admins: deleted ones too). */
export async function authorizeNewsManage(db: Db, actor: Actor, newsId: string, now = clock.now()) {
  const relation = await loadNewsRelation(db, actor, newsId, now);
  if (!actor) throw new AppError("UNAUTHENTICATED");
  ensureNews(newsPolicy.canManage(actor, relation), newsPolicy.canView(actor, relation));
  return relation;
}

async function lockNews(tx: Db, newsId: string) {
  const [row] = await tx.select().from(news).where(eq(news.id, newsId)).for("update");
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

function texts(input: NewsInput) {
  const descriptionDe = sanitizeRichText(input.descriptionDe);
  const descriptionCs = sanitizeRichText(input.descriptionCs);
  if (!hasVisibleRichText(descriptionDe)) throw new AppError("DESCRIPTION_TRANSLATION_REQUIRED", { field: "descriptionDe" });
  if (!hasVisibleRichText(descriptionCs)) throw new AppError("DESCRIPTION_TRANSLATION_REQUIRED", { field: "descriptionCs" });
  return { titleDe: input.titleDe, titleCs: input.titleCs, descriptionDe, descriptionCs };
}

/**
 * The publishing company: one the actor is a confirmed member of (chosen when there are
 * several); an admin may pick any verified company. NEWS_COMPANY_INVALID otherwise.
 */
async function chooseCompany(db: Db, actor: NonNullable<Actor>, requested: string | null): Promise<string> {
  if (!requested) {
    const own = await memberCompanies(db, actor.id);
    if (own.length === 1) return own[0]!.id;
    throw new AppError("NEWS_COMPANY_INVALID", { field: "companyId" });
  }
  if (await isConfirmedMember(db, actor.id, requested)) return requested;
  if (actor.role === "Admin") {
    const [company] = await db.select({ status: companies.status }).from(companies).where(and(eq(companies.id, requested), companyNotDeleted()));
    if (company?.status === "VERIFIED") return requested;
  }
  throw new AppError("NEWS_COMPANY_INVALID", { field: "companyId" });
}

/** Stores the re-encoded image; its refusals (too large, wrong type, unreadable) name the image field. */
async function storeNewsImage(storage: FileStorage, image: File | null): Promise<string> {
  if (!image) throw new AppError("NEWS_IMAGE_REQUIRED", { field: "image" });
  try {
    return await storeImage(storage, image, { prefix: "news", maxBytes: NEWS_LIMITS.imageMaxBytes, maxWidth: 1600 });
  } catch (error) {
    if (isAppError(error) && !error.details?.["field"]) throw new AppError(error.code, { ...error.details, field: "image" });
    throw error;
  }
}

/** Creates a news item (image required); returns its id. "Publish now" takes the server's clock. */
export async function createNews(db: Db, actor: Actor, input: NewsInput, image: File | null, storage: FileStorage, now = clock.now()): Promise<string> {
  authorize(actor, newsPolicy.canCreate(actor, await loadActorCompanies(db, actor)));
  const companyId = await chooseCompany(db, actor, input.companyId);
  const values = texts(input);
  const [author] = await db.select({ name: users.name }).from(users).where(eq(users.id, actor.id));
  const imageKey = await storeNewsImage(storage, image);
  return writeWithFiles(storage, [imageKey], async () => {
    const [row] = await db
      .insert(news)
      .values({ ...values, companyId, imageKey, authorId: actor.id, authorName: author?.name ?? "", publishAt: input.publishAt ?? now, updatedBy: actor.id, createdAt: now, updatedAt: now })
      .returning({ id: news.id });
    return row!.id;
  });
}

/**
 * Saves title, texts and publication date; a new image replaces the old one (which is retired
 * once the save is committed). The company stays. "Publish now" on an item that is already out
 * keeps its date. A deleted item must be restored first (NEWS_DELETED).
 */
export async function updateNews(db: Db, actor: Actor, newsId: string, input: NewsInput, image: File | null, storage: FileStorage, now = clock.now()): Promise<void> {
  await authorizeNewsManage(db, actor, newsId, now);
  const values = texts(input);
  const imageKey = image ? await storeNewsImage(storage, image) : null;
  await writeWithFiles(storage, [imageKey], ({ retire }) =>
    withTransaction(db, async (tx) => {
      const row = await lockNews(tx, newsId);
      if (row.deletedAt) throw new AppError("NEWS_DELETED");
      const publishAt = input.publishAt ?? (row.publishAt <= now ? row.publishAt : now);
      await tx
        .update(news)
        .set({ ...values, publishAt, ...(imageKey ? { imageKey } : {}), updatedBy: actor!.id, updatedAt: now })
        .where(eq(news.id, newsId));
      if (imageKey) retire(row.imageKey);
    }),
  );
}

/** Soft delete: hidden from everyone but admins, who may restore it. The image stays for the restore. */
export async function deleteNews(db: Db, actor: Actor, newsId: string, now = clock.now()): Promise<void> {
  await authorizeNewsManage(db, actor, newsId, now);
  await withTransaction(db, async (tx) => {
    const row = await lockNews(tx, newsId);
    if (row.deletedAt) throw new AppError("ALREADY_HANDLED");
    await tx.update(news).set({ deletedAt: now, updatedBy: actor!.id, updatedAt: now }).where(eq(news.id, newsId));
  });
}

/** Brings a soft-deleted item back (admins only), with the state it had. */
export async function restoreNews(db: Db, actor: Actor, newsId: string, now = clock.now()): Promise<void> {
  authorize(actor, newsPolicy.canRestore(actor));
  await loadNewsRelation(db, actor, newsId, now);
  await withTransaction(db, async (tx) => {
    const row = await lockNews(tx, newsId);
    if (!row.deletedAt) throw new AppError("ALREADY_HANDLED");
    await tx.update(news).set({ deletedAt: null, updatedBy: actor.id, updatedAt: now }).where(eq(news.id, newsId));
  });
}

/** Activates or deactivates (hides) an item: admins only (spec §4). Setting the current state again is harmless. */
export async function setNewsActive(db: Db, actor: Actor, newsId: string, active: boolean, now = clock.now()): Promise<void> {
  authorize(actor, newsPolicy.canSetActive(actor));
  await loadNewsRelation(db, actor, newsId, now);
  await withTransaction(db, async (tx) => {
    const row = await lockNews(tx, newsId);
    if (row.deletedAt) throw new AppError("NEWS_DELETED");
    if (row.active === active) return;
    await tx.update(news).set({ active, updatedBy: actor.id, updatedAt: now }).where(eq(news.id, newsId));
  });
}

export type NewsForEdit = Awaited<ReturnType<typeof getNewsForEdit>>;

/** The item with its company's name, for the edit form. */
export async function getNewsForEdit(db: Db, actor: Actor, newsId: string, now = clock.now()) {
  await authorizeNewsManage(db, actor, newsId, now);
  const [row] = await db
    .select({ news, companyName: companies.name })
    .from(news)
    .innerJoin(companies, eq(companies.id, news.companyId))
    .where(eq(news.id, newsId));
  if (!row) throw new AppError("NOT_FOUND");
  return { ...row.news, companyName: row.companyName };
}

/** The companies the actor may publish for (create form): own confirmed ones; admins any verified one. */
export async function newsCompanyChoices(db: Db, actor: Actor): Promise<Array<{ id: string; name: string }>> {
  authorize(actor, newsPolicy.canList(actor));
  const own = (await memberCompanies(db, actor.id)).map(({ id, name }) => ({ id, name }));
  if (actor.role !== "Admin") return own;
  // An admin's own companies first (any status, as chooseCompany accepts them), then every verified one.
  const verified = await db.select({ id: companies.id, name: companies.name }).from(companies).where(and(eq(companies.status, "VERIFIED"), companyNotDeleted())).orderBy(companies.name).limit(2000);
  return [...own, ...verified.filter((c) => !own.some((o) => o.id === c.id))];
}
