import sharp from "sharp";
import { INVOICE_LOGO_MAX_BYTES } from "~/schemas/invoice-form";
import { AppError } from "~/server/errors";
import { fileTooLarge, MAX_INPUT_PIXELS } from "~/server/storage/images.server";
import { type FileStorage, newStorageKey } from "~/server/storage/storage.server";

/**
 * The optional logo of an invoice (spec §5: PNG or JPG; 4 MB like every image). The bytes decide
 * (magic number, then sharp), and a re-encoded PNG is stored — not WebP as elsewhere: the PDF
 * renderer draws only PNG and JPEG. Re-encoding strips metadata and anything smuggled in the file.
 */
const ALLOWED = "PNG, JPG";
const MAX_WIDTH = 800;

const typeNotAllowed = () => new AppError("FILE_TYPE_NOT_ALLOWED", { allowed: ALLOWED, field: "logo" });

function sniff(bytes: Buffer): "png" | "jpeg" | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  return null;
}

/** Whether a form value carries a file at all (an empty file input sends an empty part). */
export function hasUpload(upload: FormDataEntryValue | null | undefined): upload is File {
  return upload != null && typeof upload !== "string" && upload.size > 0;
}

/** Checks and stores the logo; returns its storage key (`invoices/….png`). */
export async function storeInvoiceLogo(storage: FileStorage, upload: File): Promise<string> {
  if (upload.size > INVOICE_LOGO_MAX_BYTES) throw withField(fileTooLarge(INVOICE_LOGO_MAX_BYTES));
  const mime = upload.type.split(";")[0]?.trim().toLowerCase() ?? "";
  if (mime !== "" && mime !== "image/png" && mime !== "image/jpeg") throw typeNotAllowed();
  const input = Buffer.from(await upload.arrayBuffer());
  if (input.length > INVOICE_LOGO_MAX_BYTES) throw withField(fileTooLarge(INVOICE_LOGO_MAX_BYTES));
  const format = sniff(input);
  if (!format) throw typeNotAllowed();
  let output: Buffer;
  try {
    const meta = await sharp(input).metadata();
    if (meta.format !== format || !meta.width || !meta.height || meta.width * meta.height > MAX_INPUT_PIXELS) throw new Error("bad image");
    output = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", autoOrient: true })
      .resize({ width: MAX_WIDTH, height: MAX_WIDTH, fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    throw new AppError("IMAGE_INVALID", { field: "logo" });
  }
  const key = newStorageKey("invoices", "png");
  await storage.put(key, output, "image/png");
  return key;
}

function withField(error: AppError): AppError {
  return new AppError(error.code, { ...error.details, field: "logo" });
}
