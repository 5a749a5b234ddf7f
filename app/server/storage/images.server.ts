import sharp from "sharp";
import { AppError } from "~/server/errors";
import type { FilePrefix } from "./file-kinds";
import { type FileStorage, newStorageKey } from "./storage.server";

export const MIB = 1024 * 1024;
const DEFAULT_MAX_BYTES = 4 * MIB;
const DEFAULT_MAX_WIDTH = 1200;
/** Decompression-bomb guard: a small PNG can declare gigapixels; 40 MP covers any camera photo. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Output height cap relative to the width: keeps absurd strips below WebP's 16383 px limit. */
const MAX_ASPECT = 4;
const WEBP_QUALITY = 82;

export type ImageFormat = "jpeg" | "png" | "webp";
const ALL_FORMATS: readonly ImageFormat[] = ["jpeg", "png", "webp"];
const MIME_TYPES: Record<ImageFormat, string> = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" };
const EXTENSIONS: Record<ImageFormat, string[]> = { jpeg: ["jpg", "jpeg"], png: ["png"], webp: ["webp"] };
/** Shown to the user by `error.FILE_TYPE_NOT_ALLOWED`. */
const LABELS: Record<ImageFormat, string> = { jpeg: "JPG", png: "PNG", webp: "WebP" };

export interface StoreImageOptions {
  prefix: FilePrefix;
  maxBytes?: number;
  maxWidth?: number;
  /** Accepted input formats (default: JPG, PNG, WebP). */
  formats?: readonly ImageFormat[];
  /**
   * Stored format (default WebP). PNG for images that go into PDFs: @react-pdf/renderer embeds
   * PNG and JPEG only (name-tag logos, decision 022).
   */
  output?: "webp" | "png";
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
  const formats = opts.formats ?? ALL_FORMATS;
  const output = opts.output ?? "webp";
  if (upload.size > maxBytes) throw fileTooLarge(maxBytes);
  checkDeclaredType(upload, formats);

  const input = Buffer.from(await upload.arrayBuffer());
  if (input.length > maxBytes) throw fileTooLarge(maxBytes);
  await checkRealFormat(input, formats);

  const encoded = await reencode(input, opts.maxWidth ?? DEFAULT_MAX_WIDTH, output);
  const key = newStorageKey(opts.prefix, output);
  await storage.put(key, encoded, MIME_TYPES[output]);
  return key;
}

export function fileTooLarge(maxBytes: number): AppError {
  return new AppError("FILE_TOO_LARGE", { maxMb: Math.round((maxBytes / MIB) * 10) / 10 });
}

function typeNotAllowed(formats: readonly ImageFormat[]): AppError {
  return new AppError("FILE_TYPE_NOT_ALLOWED", { allowed: formats.map((f) => LABELS[f]).join(", ") });
}

/** The browser's claim (MIME type, file name) must be an allowed image type, too: cheap early rejection. */
function checkDeclaredType(upload: Blob, formats: readonly ImageFormat[]): void {
  const mime = upload.type.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!formats.some((f) => MIME_TYPES[f] === mime)) throw typeNotAllowed(formats);
  if (upload instanceof File && upload.name !== "") {
    const extension = upload.name.toLowerCase().split(".").pop() ?? "";
    if (!upload.name.includes(".") || !formats.some((f) => EXTENSIONS[f].includes(extension))) throw typeNotAllowed(formats);
  }
}

/**
 * The bytes decide, not the name: sniff the magic number first so that no other libvips loader
 * (SVG, PDF, TIFF, HEIF …) ever parses untrusted input, then let sharp confirm the header.
 */
async function checkRealFormat(input: Buffer, formats: readonly ImageFormat[]): Promise<void> {
  const sniffed = sniffFormat(input);
  if (!sniffed || !formats.includes(sniffed)) throw typeNotAllowed(formats);
  const metadata = await sharp(input)
    .metadata()
    .catch(() => {
      throw new AppError("IMAGE_INVALID");
    });
  if (metadata.format !== sniffed) throw typeNotAllowed(formats);
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
async function reencode(input: Buffer, maxWidth: number, output: "webp" | "png"): Promise<Buffer> {
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", autoOrient: true }).resize({
      width: maxWidth,
      height: maxWidth * MAX_ASPECT,
      fit: "inside",
      withoutEnlargement: true,
    });
    return await (output === "png" ? image.png({ compressionLevel: 9 }) : image.webp({ quality: WEBP_QUALITY })).toBuffer();
  } catch {
    throw new AppError("IMAGE_INVALID");
  }
}
