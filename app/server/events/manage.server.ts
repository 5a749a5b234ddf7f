import { and, asc, eq, inArray } from "drizzle-orm";
import { EMPTY_FORM } from "~/schemas/event-form";
import type { EventInput } from "~/schemas/event";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { withTransaction } from "~/server/db/client.server";
import { companies, eventFiles, eventForms, eventOrganizers, events } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { eventPolicy } from "~/server/policy/event-policy";
import { type Actor, authorize } from "~/server/policy/policy";
import { geocodeAddress } from "~/server/reference/geocode.server";
import { writeWithFiles } from "~/server/storage/file-commit.server";
import type { FileStorage } from "~/server/storage/storage.server";
import { isConfirmedMember, memberCompanies } from "~/server/companies/membership.server";
import { checkFileCounts, type EventUploads, storeEventUploads, type StoredEventFile } from "./event-files.server";
import { ensureEvent, loadActorCompanies, loadEventRelation } from "./relation.server";
import { hasVisibleRichText, sanitizeRichText } from "./rich-text.server";
import { companyNotDeleted } from "~/server/companies/deleted";
import { queueNotices, writeEventNotices } from "~/server/companies/event-notices.server";

/**
 * Creating and changing events (admin area). Every function takes the actor and asks
 * `eventPolicy`; writes lock the event row (FOR UPDATE) so concurrent edits of one event run one
 * after the other and the file counts hold for the result. Stored files and rows agree via
 * `writeWithFiles`: a refused write leaves no new file, a committed one retires removed files.
 */

/** Throws NOT_FOUND/FORBIDDEN unless the actor manages the event (admins: deleted ones too). */
export async function authorizeManage(db: Db, actor: Actor, eventId: string) {
  const relation = await loadEventRelation(db, actor, eventId);
  if (!actor) throw new AppError("UNAUTHENTICATED");
  ensureEvent(eventPolicy.canManage(actor, relation), eventPolicy.canView(actor, relation));
  return relation;
}

/** The row, locked until the transaction ends; NOT_FOUND when it is gone. */
async function lockEvent(tx: Db, eventId: string) {
  const [row] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

function descriptions(input: EventInput) {
  const descriptionDe = sanitizeRichText(input.descriptionDe);
  const descriptionCs = sanitizeRichText(input.descriptionCs);
  if (!hasVisibleRichText(descriptionDe)) throw new AppError("DESCRIPTION_TRANSLATION_REQUIRED", { field: "descriptionDe" });
  if (!hasVisibleRichText(descriptionCs)) throw new AppError("DESCRIPTION_TRANSLATION_REQUIRED", { field: "descriptionCs" });
  return { descriptionDe, descriptionCs };
}

/**
 * Like company addresses: coordinates from the pin the user placed, else from the postal code
 * (offline gazetteer), so the public list's place-and-radius search finds the event.
 */
async function located(db: Db, input: EventInput): Promise<EventInput> {
  const loc = input.location;
  if (loc.kind !== "ADDRESS") return input;
  const postalCode = loc.postalCode.replace(/\s+/g, loc.country === "CZ" ? " " : "");
  if (loc.lat !== null && loc.lon !== null) return { ...input, location: { ...loc, postalCode } };
  const geo = await geocodeAddress(db, { country: loc.country, postalCode: loc.postalCode, city: loc.city });
  return { ...input, location: { ...loc, postalCode, lat: geo?.lat ?? null, lon: geo?.lon ?? null } };
}

/** The columns an input sets (create and update alike). */
function columns(input: EventInput, now: Date) {
  const loc = input.location;
  const address =
    loc.kind === "ADDRESS"
      ? { onlineUrl: null, country: loc.country, state: loc.state, line1: loc.line1, line2: loc.line2, postalCode: loc.postalCode, city: loc.city, lat: loc.lat, lon: loc.lon }
      : { onlineUrl: loc.url, country: null, state: null, line1: null, line2: null, postalCode: null, city: null, lat: null, lon: null };
  return {
    titleDe: input.titleDe,
    titleCs: input.titleCs,
    ...descriptions(input),
    locationKind: loc.kind,
    venue: loc.venue,
    ...address,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    publishAt: input.publishAt ?? now,
    maxParticipants: input.maxParticipants,
    feeMinor: input.feeMinor,
    currency: input.currency,
    paymentTermsDe: input.paymentTermsDe,
    paymentTermsCs: input.paymentTermsCs,
    registrationKind: input.registrationKind,
    externalUrl: input.externalUrl,
    registrationDeadline: input.registrationDeadline,
    b2b: input.b2b,
    active: input.active,
  };
}

/**
 * The main organiser of a new event: a company the actor is a confirmed member of (chosen when
 * there are several); an admin may pick any verified company. ORGANIZER_INVALID otherwise.
 */
async function chooseOrganizer(db: Db, actor: NonNullable<Actor>, requested: string | null): Promise<string> {
  if (!requested) {
    // With exactly one company it is the organiser without asking; with several the actor chooses.
    const own = await memberCompanies(db, actor.id);
    if (own.length === 1) return own[0]!.id;
    throw new AppError("ORGANIZER_INVALID", { field: "organizerCompanyId" });
  }
  if (await isConfirmedMember(db, actor.id, requested)) return requested;
  if (actor.role === "Admin") {
    const [company] = await db.select({ status: companies.status }).from(companies).where(and(eq(companies.id, requested), companyNotDeleted()));
    if (company?.status === "VERIFIED") return requested;
  }
  throw new AppError("ORGANIZER_INVALID", { field: "organizerCompanyId" });
}

/** Further organisers must be verified companies other than the main one. */
async function checkFurtherOrganizers(db: Db, mainCompanyId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  if (ids.includes(mainCompanyId)) throw new AppError("ORGANIZER_INVALID", { field: "organizers" });
  const rows = await db.select({ id: companies.id }).from(companies).where(and(inArray(companies.id, ids), eq(companies.status, "VERIFIED"), companyNotDeleted()));
  if (rows.length !== new Set(ids).size) throw new AppError("ORGANIZER_INVALID", { field: "organizers" });
}

async function insertFiles(tx: Db, eventId: string, files: StoredEventFile[], startAt: { IMAGE: number; ATTACHMENT: number }) {
  const next = { ...startAt };
  for (const file of files) {
    await tx.insert(eventFiles).values({ eventId, kind: file.kind, storageKey: file.storageKey, fileName: file.fileName, sizeBytes: file.sizeBytes, position: next[file.kind]++ });
  }
}

const count = (files: EventUploads) => ({ images: files.images.length, attachments: files.attachments.length });

/** Creates an event with form version 1 (empty form); returns its id. */
export async function createEvent(db: Db, actor: Actor, input: EventInput, uploads: EventUploads, storage: FileStorage, now = clock.now()): Promise<string> {
  authorize(actor, eventPolicy.canCreate(actor, await loadActorCompanies(db, actor)));
  const companyId = await chooseOrganizer(db, actor, input.organizerCompanyId);
  await checkFurtherOrganizers(db, companyId, input.organizers);
  const values = columns(await located(db, input), now);
  const n = count(uploads);
  checkFileCounts(n.images, n.attachments);
  const stored = await storeEventUploads(storage, uploads);
  return writeWithFiles(
    storage,
    stored.map((f) => f.storageKey),
    () =>
      withTransaction(db, async (tx) => {
        const [row] = await tx
          .insert(events)
          .values({ ...values, companyId, createdBy: actor.id, updatedBy: actor.id, createdAt: now, updatedAt: now })
          .returning({ id: events.id });
        const eventId = row!.id;
        await tx.insert(eventForms).values({ eventId, version: 1, definition: EMPTY_FORM, createdBy: actor.id });
        for (const organizer of input.organizers) await tx.insert(eventOrganizers).values({ eventId, companyId: organizer });
        await insertFiles(tx, eventId, stored, { IMAGE: 0, ATTACHMENT: 0 });
        return eventId;
      }),
  );
}

/**
 * Saves the event form: fields, kept files in the given order (`keepImages`/`keepAttachments`;
 * files left out are removed), new uploads appended, further organisers replaced. The counts
 * apply to the result. A deleted event is restored first (EVENT_DELETED).
 */
export async function updateEvent(db: Db, actor: Actor, eventId: string, input: EventInput, uploads: EventUploads, storage: FileStorage, now = clock.now()): Promise<void> {
  await authorizeManage(db, actor, eventId);
  const existing = await db.select().from(eventFiles).where(eq(eventFiles.eventId, eventId));
  const kept = (kind: "IMAGE" | "ATTACHMENT", ids: string[]) => ids.filter((id) => existing.some((f) => f.id === id && f.kind === kind));
  const keepImages = [...new Set(kept("IMAGE", input.keepImages))];
  const keepAttachments = [...new Set(kept("ATTACHMENT", input.keepAttachments))];
  const n = count(uploads);
  checkFileCounts(keepImages.length + n.images, keepAttachments.length + n.attachments);
  const [current] = await db.select({ companyId: events.companyId }).from(events).where(eq(events.id, eventId));
  await checkFurtherOrganizers(db, current!.companyId, input.organizers);
  const { publishAt: _ignored, ...values } = columns(await located(db, input), now);
  const stored = await storeEventUploads(storage, uploads);
  await writeWithFiles(
    storage,
    stored.map((f) => f.storageKey),
    ({ retire }) =>
      withTransaction(db, async (tx) => {
        const row = await lockEvent(tx, eventId);
        if (row.deletedAt) throw new AppError("EVENT_DELETED");
        // Under the lock: files another save removed in the meantime no longer count.
        const files = await tx.select().from(eventFiles).where(eq(eventFiles.eventId, eventId));
        const images = keepImages.filter((id) => files.some((f) => f.id === id));
        const attachments = keepAttachments.filter((id) => files.some((f) => f.id === id));
        checkFileCounts(images.length + n.images, attachments.length + n.attachments);
        for (const file of files) {
          const order = file.kind === "IMAGE" ? images : attachments;
          const position = order.indexOf(file.id);
          if (position < 0) {
            await tx.delete(eventFiles).where(eq(eventFiles.id, file.id));
            retire(file.storageKey);
          } else if (position !== file.position) await tx.update(eventFiles).set({ position }).where(eq(eventFiles.id, file.id));
        }
        await insertFiles(tx, eventId, stored, { IMAGE: images.length, ATTACHMENT: attachments.length });
        // "Publish now" on an already published event keeps its publication date.
        const publishAt = input.publishAt ?? (row.publishAt <= now ? row.publishAt : now);
        await tx.update(events).set({ ...values, publishAt, updatedBy: actor!.id, updatedAt: now }).where(eq(events.id, eventId));
        await tx.delete(eventOrganizers).where(eq(eventOrganizers.eventId, eventId));
        for (const organizer of input.organizers) await tx.insert(eventOrganizers).values({ eventId, companyId: organizer });
      }),
  );
}

/** Adds a further organiser (a verified company; the main organiser is one already). */
export async function addOrganizer(db: Db, actor: Actor, eventId: string, companyId: string): Promise<void> {
  await authorizeManage(db, actor, eventId);
  await withTransaction(db, async (tx) => {
    const row = await lockEvent(tx, eventId);
    await checkFurtherOrganizers(tx, row.companyId, [companyId]);
    await tx.insert(eventOrganizers).values({ eventId, companyId }).onConflictDoNothing();
  });
}

/** Removes a further organiser; the main organiser cannot be removed (ORGANIZER_INVALID). */
export async function removeOrganizer(db: Db, actor: Actor, eventId: string, companyId: string): Promise<void> {
  await authorizeManage(db, actor, eventId);
  await withTransaction(db, async (tx) => {
    const row = await lockEvent(tx, eventId);
    if (row.companyId === companyId) throw new AppError("ORGANIZER_INVALID", { field: "organizers" });
    await tx.delete(eventOrganizers).where(and(eq(eventOrganizers.eventId, eventId), eq(eventOrganizers.companyId, companyId)));
  });
}

/** Soft delete: hidden from everyone but admins, who may restore it. Files stay for the restore. */
export async function deleteEvent(db: Db, actor: Actor, eventId: string, now = clock.now()): Promise<void> {
  await authorizeManage(db, actor, eventId);
  const mailingIds = await withTransaction(db, async (tx) => {
    const row = await lockEvent(tx, eventId);
    if (row.deletedAt) throw new AppError("ALREADY_HANDLED");
    await tx.update(events).set({ deletedAt: now, updatedBy: actor!.id, updatedAt: now }).where(eq(events.id, eventId));
    // Its registrants hear of the cancellation once (decision 026); under the row lock, so a
    // registration either committed before and is told, or finds the event gone.
    return writeEventNotices(tx, "CANCELLED", [eventId], `event:${now.toISOString()}`, actor!.id, now);
  });
  await queueNotices(mailingIds);
}

/** Brings a soft-deleted event back (admins only). */
export async function restoreEvent(db: Db, actor: Actor, eventId: string, now = clock.now()): Promise<void> {
  authorize(actor, eventPolicy.canRestore(actor));
  await loadEventRelation(db, actor, eventId);
  const mailingIds = await withTransaction(db, async (tx) => {
    const row = await lockEvent(tx, eventId);
    if (!row.deletedAt) throw new AppError("ALREADY_HANDLED");
    // One deleted with its company comes back only with it (restoreCompany).
    if (row.deletedWithCompany) throw new AppError("NOT_FOUND");
    await tx.update(events).set({ deletedAt: null, updatedBy: actor.id, updatedAt: now }).where(eq(events.id, eventId));
    // Those told of the cancellation (it had not ended then) hear that it is back.
    return row.endsAt > row.deletedAt ? writeEventNotices(tx, "RESTORED", [eventId], `event:${row.deletedAt.toISOString()}`, actor.id, now) : [];
  });
  await queueNotices(mailingIds);
}

/** Activates or deactivates (hides) an event; for everyone who manages it (decision 017). */
export async function setEventActive(db: Db, actor: Actor, eventId: string, active: boolean, now = clock.now()): Promise<void> {
  await authorizeManage(db, actor, eventId);
  await withTransaction(db, async (tx) => {
    const row = await lockEvent(tx, eventId);
    if (row.deletedAt) throw new AppError("EVENT_DELETED");
    await tx.update(events).set({ active, updatedBy: actor!.id, updatedAt: now }).where(eq(events.id, eventId));
  });
}

export type EventForEdit = Awaited<ReturnType<typeof getEventForEdit>>;

/** The event with its files (in order) and further organisers, for the edit form. */
export async function getEventForEdit(db: Db, actor: Actor, eventId: string) {
  await authorizeManage(db, actor, eventId);
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  if (!event) throw new AppError("NOT_FOUND");
  const [files, organizers, [main]] = await Promise.all([
    db.select().from(eventFiles).where(eq(eventFiles.eventId, eventId)).orderBy(asc(eventFiles.kind), asc(eventFiles.position)),
    db
      .select({ id: companies.id, name: companies.name })
      .from(eventOrganizers)
      .innerJoin(companies, eq(companies.id, eventOrganizers.companyId))
      .where(eq(eventOrganizers.eventId, eventId))
      .orderBy(asc(companies.name)),
    db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, event.companyId)),
  ]);
  return { event, files, organizers, organizer: main! };
}
