import { EVENT_LIMITS } from "~/schemas/event";
import { AppError } from "~/server/errors";
import { fileTooLarge, storeImage } from "~/server/storage/images.server";
import { type FileStorage, newStorageKey } from "~/server/storage/storage.server";

/** A file stored for an event, not yet referenced by a row. */
export interface StoredEventFile {
  kind: "IMAGE" | "ATTACHMENT";
  storageKey: string;
  fileName: string;
  sizeBytes: number;
}

export interface EventUploads {
  images: File[];
  attachments: File[];
}

const PDF_SIGNATURE = Buffer.from("%PDF-", "latin1");

/** File errors name the form field they belong to (`details.field`), so the form shows them there. */
export function fileError(code: "TOO_MANY_FILES" | "EVENT_IMAGE_REQUIRED" | "FILE_TYPE_NOT_ALLOWED", field: "images" | "attachments", values: Record<string, string | number> = {}) {
  return new AppError(code, { ...values, field });
}

/**
 * The counts of spec §5/§9 applied to the event's files after the change (kept + new): at most
 * 5 images and 5 PDFs, and "an image or a flyer is required" — at least one image or one PDF
 * (decision 017). Checked before anything is stored, and again under the event's lock.
 */
export function checkFileCounts(images: number, attachments: number): void {
  if (images > EVENT_LIMITS.images) throw fileError("TOO_MANY_FILES", "images", { max: EVENT_LIMITS.images });
  if (attachments > EVENT_LIMITS.attachments) throw fileError("TOO_MANY_FILES", "attachments", { max: EVENT_LIMITS.attachments });
  if (images + attachments === 0) throw fileError("EVENT_IMAGE_REQUIRED", "images");
}

/** The uploaded name without path or control characters, for the download (at most 200 chars). */
export function cleanFileName(name: string, fallback: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? "").replace(/[\u0000-\u001f\u007f-\u009f"]/g, "").trim();
  return (base || fallback).slice(0, 200);
}

async function storePdf(storage: FileStorage, file: File): Promise<StoredEventFile> {
  if (file.size > EVENT_LIMITS.attachmentMaxBytes) throw withField(fileTooLarge(EVENT_LIMITS.attachmentMaxBytes), "attachments");
  const data = Buffer.from(await file.arrayBuffer());
  if (data.length > EVENT_LIMITS.attachmentMaxBytes) throw withField(fileTooLarge(EVENT_LIMITS.attachmentMaxBytes), "attachments");
  // The bytes decide: a PDF starts with "%PDF-" whatever the browser claims.
  if (!data.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE)) throw fileError("FILE_TYPE_NOT_ALLOWED", "attachments", { allowed: "PDF" });
  const storageKey = newStorageKey("events", "pdf");
  await storage.put(storageKey, data, "application/pdf");
  return { kind: "ATTACHMENT", storageKey, fileName: cleanFileName(file.name, "flyer.pdf"), sizeBytes: data.length };
}

function withField(error: AppError, field: string): AppError {
  return new AppError(error.code, { ...error.details, field });
}

/**
 * Stores the new uploads (images re-encoded to WebP, PDFs as sent after the signature check).
 * If one fails, those stored before it are deleted again and the error is rethrown.
 */
export async function storeEventUploads(storage: FileStorage, uploads: EventUploads): Promise<StoredEventFile[]> {
  const stored: StoredEventFile[] = [];
  try {
    for (const image of uploads.images) {
      const storageKey = await storeImage(storage, image, { prefix: "events", maxBytes: EVENT_LIMITS.imageMaxBytes }).catch((error: unknown) => {
        throw error instanceof AppError ? withField(error, "images") : error;
      });
      const saved = await storage.get(storageKey);
      stored.push({ kind: "IMAGE", storageKey, fileName: cleanFileName(image.name, "bild.webp"), sizeBytes: saved?.data.length ?? image.size });
    }
    for (const pdf of uploads.attachments) stored.push(await storePdf(storage, pdf));
  } catch (error) {
    await Promise.all(stored.map((f) => storage.delete(f.storageKey).catch(() => undefined)));
    throw error;
  }
  return stored;
}
