import sharp from "sharp";
import { AppError } from "~/server/errors";
import { type FileStorage, newStorageKey } from "./storage.server";

export const MIB = 1024 * 1024;
const DEFAULT_MAX_BYTES = 4 * MIB;
const DEFAULT_MAX_WIDTH = 1200;
/** Decompression-bomb guard: a small PNG can declare gigapixels; 40 MP covers any camera photo. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Output height cap relative to the width: keeps absurd strips below WebP's 16383 px limit. */
const MAX_ASPECT = 4;
const WEBP_QUALITY = 82;

type ImageFormat = "jpeg" | "png" | "webp";
const ALLOWED_MIME_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);
const ALLOWED_EXTENSIONS = new Set(["jpg", "jpeg", "png", "webp"]);
/** Shown to the user by `error.FILE_TYPE_NOT_ALLOWED`. */
const ALLOWED_LABEL = "JPG, PNG, WebP";

export interface StoreImageOptions {
  prefix: "logos" | "services" | "events";
  maxBytes?: number;
  maxWidth?: number;
}

/**
 * Validates an uploaded image and stores a re-encoded copy (WebP, EXIF-rotated, metadata
 * stripped, at most `maxWidth` wide); returns its storage key. Re-encoding means we never
 * serve the uploader's bytes, so polyglot files and embedded metadata (GPS) cannot reach users.
 * Accepts a raw `form.get()` value: a string means the field held no file.
 */
export async function storeImage(
  storage: FileStorage,
  upload: FormDataEntryValue | Blob | null | undefined,
  opts: StoreImageOptions,
): Promise<string> {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  if (upload == null || typeof upload === "string" || upload.size === 0) throw new AppError("FILE_REQUIRED");
  if (upload.size > maxBytes) throw fileTooLarge(maxBytes);
  checkDeclaredType(upload);

  const input = Buffer.from(await upload.arrayBuffer());
  if (input.length > maxBytes) throw fileTooLarge(maxBytes);
  await checkRealFormat(input);

  const output = await reencode(input, opts.maxWidth ?? DEFAULT_MAX_WIDTH);
  const key = newStorageKey(opts.prefix, "webp");
  await storage.put(key, output, "image/webp");
  return key;
}

export function fileTooLarge(maxBytes: number): AppError {
  return new AppError("FILE_TOO_LARGE", { maxMb: Math.round((maxBytes / MIB) * 10) / 10 });
}

function typeNotAllowed(): AppError {
  return new AppError("FILE_TYPE_NOT_ALLOWED", { allowed: ALLOWED_LABEL });
}

/** The browser's claim (MIME type, file name) must be an allowed image type, too: cheap early rejection. */
function checkDeclaredType(upload: Blob): void {
  const mime = upload.type.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!ALLOWED_MIME_TYPES.has(mime)) throw typeNotAllowed();
  if (upload instanceof File && upload.name !== "") {
    const extension = upload.name.toLowerCase().split(".").pop() ?? "";
    if (!upload.name.includes(".") || !ALLOWED_EXTENSIONS.has(extension)) throw typeNotAllowed();
  }
}

/**
 * The bytes decide, not the name: sniff the magic number first so that no other libvips loader
 * (SVG, PDF, TIFF, HEIF …) ever parses untrusted input, then let sharp confirm the header.
 */
async function checkRealFormat(input: Buffer): Promise<void> {
  const sniffed = sniffFormat(input);
  if (!sniffed) throw typeNotAllowed();
  const metadata = await sharp(input)
    .metadata()
    .catch(() => {
      throw new AppError("IMAGE_INVALID");
    });
  if (metadata.format !== sniffed) throw typeNotAllowed();
  const { width, height } = metadata;
  if (!width || !height || width * height > MAX_INPUT_PIXELS) throw new AppError("IMAGE_INVALID");
}

function sniffFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") return "webp";
  return null;
}

/**
 * Decodes with the pixel limit enforced by libvips as well (the header check above trusts the
 * header), applies the EXIF orientation and writes WebP; sharp drops all metadata by default.
 * failOn "error": truncated or corrupt pixel data is rejected, mere warnings (common in camera
 * JPEGs) are not.
 */
async function reencode(input: Buffer, maxWidth: number): Promise<Buffer> {
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", autoOrient: true })
      .resize({ width: maxWidth, height: maxWidth * MAX_ASPECT, fit: "inside", withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch {
    throw new AppError("IMAGE_INVALID");
  }
}
