import { eq } from "drizzle-orm";
import * as clock from "~/server/clock.server";
import { memberCompanies } from "~/server/companies/membership.server";
import type { Db } from "~/server/db/client.server";
import { eventBadgeLogos, invoices, participantMailings } from "~/server/db/schema";
import { isAppError } from "~/server/errors";
import { loadEventRelation } from "~/server/events/relation.server";
import { eventPolicy } from "~/server/policy/event-policy";
import { type PrivateFileRelation, privateFilePolicy } from "~/server/policy/file-policy";
import type { Actor } from "~/server/policy/policy";
import { FILE_KINDS, fileKindOf, type PrivateFilePrefix } from "~/server/storage/file-kinds";
import { type FileStorage, isValidStorageKey } from "~/server/storage/storage.server";

/** Which records use a private file: the events they belong to, invoice recipients, the uploaded name. */
interface Owners {
  /** Some record uses the file (a file no record uses is served to nobody). */
  used: boolean;
  eventIds: string[];
  recipientCompanyIds: string[];
  fileName: string | null;
}

async function ownersOf(db: Db, kind: PrivateFilePrefix, key: string): Promise<Owners> {
  switch (kind) {
    case "mail": {
      const rows = await db.select({ eventId: participantMailings.eventId, name: participantMailings.attachmentName }).from(participantMailings).where(eq(participantMailings.attachmentKey, key));
      return { used: rows.length > 0, eventIds: rows.map((r) => r.eventId), recipientCompanyIds: [], fileName: rows[0]?.name ?? null };
    }
    case "badge-logos": {
      const rows = await db.select({ eventId: eventBadgeLogos.eventId, name: eventBadgeLogos.fileName }).from(eventBadgeLogos).where(eq(eventBadgeLogos.storageKey, key));
      return { used: rows.length > 0, eventIds: rows.map((r) => r.eventId), recipientCompanyIds: [], fileName: rows[0]?.name ?? null };
    }
    case "invoices": {
      // An invoice and its cancellation share the logo.
      const rows = await db.select({ eventId: invoices.eventId, recipient: invoices.recipientCompanyId }).from(invoices).where(eq(invoices.logoKey, key));
      return {
        used: rows.length > 0,
        eventIds: rows.flatMap((r) => (r.eventId ? [r.eventId] : [])),
        recipientCompanyIds: rows.flatMap((r) => (r.recipient ? [r.recipient] : [])),
        fileName: null,
      };
    }
    case "imports":
      // Import files are read by the import job only; admins get the report, not the upload.
      return { used: false, eventIds: [], recipientCompanyIds: [], fileName: null };
  }
}

async function managesAny(db: Db, actor: NonNullable<Actor>, eventIds: string[], now: Date): Promise<boolean> {
  for (const eventId of new Set(eventIds)) {
    try {
      if (eventPolicy.canManageParticipants(actor, await loadEventRelation(db, actor, eventId, now))) return true;
    } catch (error) {
      if (!isAppError(error)) throw error;
    }
  }
  return false;
}

async function relationTo(db: Db, actor: NonNullable<Actor>, owners: Owners, now: Date): Promise<PrivateFileRelation> {
  const recipients = new Set(owners.recipientCompanyIds);
  const isInvoiceRecipient = recipients.size > 0 && (await memberCompanies(db, actor.id)).some((c) => recipients.has(c.id));
  return { managesEvent: await managesAny(db, actor, owners.eventIds, now), isInvoiceRecipient };
}

export interface PrivateFile {
  data: Buffer;
  contentType: string;
  /** The name it was uploaded under (offered when downloaded), if the record keeps one. */
  fileName: string | null;
}

/**
 * A private file for an actor the policy allows (decision 029); null for everything else: a key
 * of a public or unknown kind, no record using it, a missing file, or an actor who may not read it
 * — all look the same from outside.
 */
export async function readPrivateFile(db: Db, actor: Actor, key: string, storage: FileStorage, now = clock.now()): Promise<PrivateFile | null> {
  if (!actor || !isValidStorageKey(key)) return null;
  const kind = fileKindOf(key);
  if (!kind || FILE_KINDS[kind] !== "private") return null;
  const owners = await ownersOf(db, kind as PrivateFilePrefix, key);
  if (!owners.used) return null;
  if (!privateFilePolicy.canRead(actor, await relationTo(db, actor, owners, now))) return null;
  const file = await storage.get(key);
  return file ? { ...file, fileName: owners.fileName } : null;
}
