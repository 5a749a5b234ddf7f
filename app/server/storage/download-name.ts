import { hasAnyControl } from "~/schemas/text";

/**
 * The Content-Disposition of a download, with the original file name when the link carries one
 * (`/files/events/<key>.pdf?name=Flyer%202026.pdf`, event attachments keep their uploaded name).
 * RFC 6266/5987: an ASCII fallback in `filename`, the exact name in `filename*`. A name with
 * control characters, path separators or quotes, or over 200 characters, is ignored.
 */
export function attachmentDisposition(name: string | null): string {
  if (!name || name.length > 200 || hasAnyControl(name) || /[\\/"]/.test(name) || !name.trim()) return "attachment";
  const ascii = name.normalize("NFKD").replace(/\p{M}/gu, "").replace(/[^\x20-\x7e]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
