import { and, asc, eq } from "drizzle-orm";
import { BADGE_LOGO_LIMITS, LOGO_FIELD } from "~/schemas/name-tags";
import type { Db } from "~/server/db/client.server";
import { withTransaction } from "~/server/db/client.server";
import { eventBadgeLogos, events } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { cleanFileName } from "~/server/events/event-files.server";
import { requireParticipantAccess } from "~/server/participants/access.server";
import type { Actor } from "~/server/policy/policy";
import { writeWithFiles } from "~/server/storage/file-commit.server";
import { storeImage } from "~/server/storage/images.server";
import type { FileStorage } from "~/server/storage/storage.server";

/**
 * The logos printed across the top of an event's name tags (decision 022): at most 5, PNG or JPG
 * of at most 4 MB each, stored re-encoded as PNG (what the PDF embeds). Every function passes the
 * participant-list gate first. Writes lock the event row, so two uploads at once cannot together
 * exceed 5, and stored files and rows agree (writeWithFiles).
 */
export type BadgeLogo = typeof eventBadgeLogos.$inferSelect;

const withField = (error: AppError) => new AppError(error.code, { ...error.details, field: LOGO_FIELD });
const tooMany = () => new AppError("TOO_MANY_FILES", { max: BADGE_LOGO_LIMITS.count, field: LOGO_FIELD });

/** The event's logos in print order (no gate: callers have passed it). */
export function badgeLogos(db: Db, eventId: string): Promise<BadgeLogo[]> {
  return db.select().from(eventBadgeLogos).where(eq(eventBadgeLogos.eventId, eventId)).orderBy(asc(eventBadgeLogos.position), asc(eventBadgeLogos.createdAt));
}

async function lockEvent(tx: Db, eventId: string): Promise<void> {
  const [row] = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for("update");
  if (!row) throw new AppError("NOT_FOUND");
}

/** Stores the files (all or none) and returns their keys. */
async function storeLogos(storage: FileStorage, files: File[]): Promise<string[]> {
  const keys: string[] = [];
  try {
    for (const file of files) {
      const key = await storeImage(storage, file, {
        prefix: "badge-logos",
        formats: ["png", "jpeg"],
        output: "png",
        maxBytes: BADGE_LOGO_LIMITS.maxBytes,
        maxWidth: BADGE_LOGO_LIMITS.storedWidth,
      }).catch((error: unknown) => {
        throw error instanceof AppError ? withField(error) : error;
      });
      keys.push(key);
    }
  } catch (error) {
    await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
  return keys;
}

/** Adds logos after the existing ones. Refused as a whole when the result would exceed 5. */
export async function addBadgeLogos(db: Db, actor: Actor, eventId: string, files: File[], storage: FileStorage): Promise<void> {
  await requireParticipantAccess(db, actor, eventId);
  if (files.length === 0) throw new AppError("FILE_REQUIRED", { field: LOGO_FIELD });
  // Cheap early refusal before any file is decoded; checked again under the lock.
  if ((await badgeLogos(db, eventId)).length + files.length > BADGE_LOGO_LIMITS.count) throw tooMany();
  const keys = await storeLogos(storage, files);
  await writeWithFiles(storage, keys, () =>
    withTransaction(db, async (tx) => {
      await lockEvent(tx, eventId);
      const existing = await badgeLogos(tx, eventId);
      if (existing.length + files.length > BADGE_LOGO_LIMITS.count) throw tooMany();
      const start = existing.reduce((max, logo) => Math.max(max, logo.position + 1), 0);
      await tx.insert(eventBadgeLogos).values(
        files.map((file, i) => ({ eventId, storageKey: keys[i]!, fileName: cleanFileName(file.name, "logo.png"), position: start + i })),
      );
    }),
  );
}

/** Removes one logo; its file goes once the change is committed. Already gone: ALREADY_HANDLED. */
export async function removeBadgeLogo(db: Db, actor: Actor, eventId: string, logoId: string, storage: FileStorage): Promise<void> {
  await requireParticipantAccess(db, actor, eventId);
  await writeWithFiles(storage, [], ({ retire }) =>
    withTransaction(db, async (tx) => {
      await lockEvent(tx, eventId);
      const [removed] = await tx
        .delete(eventBadgeLogos)
        .where(and(eq(eventBadgeLogos.id, logoId), eq(eventBadgeLogos.eventId, eventId)))
        .returning({ storageKey: eventBadgeLogos.storageKey });
      if (!removed) throw new AppError("ALREADY_HANDLED");
      retire(removed.storageKey);
      await renumber(tx, await badgeLogos(tx, eventId));
    }),
  );
}

/** Moves a logo one place up (left on the badge) or down (right). */
export async function moveBadgeLogo(db: Db, actor: Actor, eventId: string, logoId: string, direction: "up" | "down"): Promise<void> {
  await requireParticipantAccess(db, actor, eventId);
  await withTransaction(db, async (tx) => {
    await lockEvent(tx, eventId);
    const logos = await badgeLogos(tx, eventId);
    const from = logos.findIndex((logo) => logo.id === logoId);
    if (from < 0) throw new AppError("NOT_FOUND");
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= logos.length) return;
    [logos[from], logos[to]] = [logos[to]!, logos[from]!];
    await renumber(tx, logos);
  });
}

/** Positions 0…n-1 in the given order (only rows whose position changes are written). */
async function renumber(tx: Db, ordered: BadgeLogo[]): Promise<void> {
  for (const [position, logo] of ordered.entries()) {
    if (logo.position !== position) await tx.update(eventBadgeLogos).set({ position }).where(eq(eventBadgeLogos.id, logo.id));
  }
}
