/**
 * Every kind of stored file, by the prefix of its key, and who may read it (decision 029).
 * Public kinds are served by `/files/<key>` to anyone and cached for a year; private kinds only by
 * `/private-files/<key>` to the people the policy allows, never cached. `/files` serves nothing
 * that is not listed here as public, so a new kind stays private until someone decides otherwise,
 * and a private file cannot be fetched by rewriting its URL.
 */
export const FILE_KINDS = {
  /** Company logos (profile, search hits, JSON-LD). */
  logos: "public",
  /** Images of offers and requests. */
  services: "public",
  /** Event images and the event's PDF attachments shown on the public event page. */
  events: "public",
  /** News images. */
  news: "public",
  /** Attachments of e-mails to an event's participants. */
  mail: "private",
  /** Logos printed on invoices. */
  invoices: "private",
  /** Logos printed on name tags. */
  "badge-logos": "private",
  /** Uploaded import files (CSV, XLSX): admins only, removed with their import. */
  imports: "private",
} as const satisfies Record<string, "public" | "private">;

export type FilePrefix = keyof typeof FILE_KINDS;
export type PrivateFilePrefix = { [P in FilePrefix]: (typeof FILE_KINDS)[P] extends "private" ? P : never }[FilePrefix];

export function isFilePrefix(prefix: string): prefix is FilePrefix {
  return Object.hasOwn(FILE_KINDS, prefix);
}

/** The kind of a key (`<prefix>/<random>.<ext>`), or null for a prefix we never issue. */
export function fileKindOf(key: string): FilePrefix | null {
  const prefix = key.slice(0, Math.max(0, key.indexOf("/")));
  return isFilePrefix(prefix) ? prefix : null;
}

export function isPublicFileKey(key: string): boolean {
  const kind = fileKindOf(key);
  return kind !== null && FILE_KINDS[kind] === "public";
}

/** Where the browser fetches a private file (the policy decides per request). */
export function privateFileUrl(key: string): string {
  return `/private-files/${key}`;
}
