import { z } from "zod";

/**
 * Name-tag logos (spec §5, §9: at most 5, each at most 4 MB; PNG or JPG, decision 022). The page
 * shows the limits, the browser checks them before sending, the server enforces them.
 */
export const BADGE_LOGO_LIMITS = {
  count: 5,
  maxBytes: 4 * 1024 * 1024,
  types: ["image/png", "image/jpeg"],
  /** Stored width: 800 px is 4× what a 16 mm wide logo needs at 300 dpi. */
  storedWidth: 800,
} as const;

/** The file field of the upload form. */
export const LOGO_FIELD = "logos";

/** The page's small forms: remove a logo, move it one place. Uploads are the default intent. */
export const logoActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("remove"), logoId: z.uuid("NOT_FOUND") }),
  z.object({ intent: z.literal("move"), logoId: z.uuid("NOT_FOUND"), direction: z.enum(["up", "down"], "INVALID_INPUT") }),
]);

export function uploadedLogos(form: FormData): File[] {
  return form.getAll(LOGO_FIELD).filter((v): v is File => v instanceof File && v.size > 0);
}

/** The browser's check of the chosen files (the server checks again, real types included). */
export function logoFileError(files: File[], existing: number): { code: string; values?: Record<string, string | number> } | null {
  if (files.length === 0) return { code: "FILE_REQUIRED" };
  if (existing + files.length > BADGE_LOGO_LIMITS.count) return { code: "TOO_MANY_FILES", values: { max: BADGE_LOGO_LIMITS.count } };
  if (files.some((f) => f.size > BADGE_LOGO_LIMITS.maxBytes)) return { code: "FILE_TOO_LARGE", values: { maxMb: 4 } };
  if (files.some((f) => !(BADGE_LOGO_LIMITS.types as readonly string[]).includes(f.type))) return { code: "FILE_TYPE_NOT_ALLOWED", values: { allowed: "PNG, JPG" } };
  return null;
}
